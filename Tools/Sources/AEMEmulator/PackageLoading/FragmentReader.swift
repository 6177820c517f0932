import Foundation

/// Reads a Content Fragment: a `dam:Asset` whose `jcr:content` has `contentFragment="{Boolean}true"` and whose
/// `jcr:content/data/@cq:model` names its model.
enum FragmentReader {
    /// The fragment `node` stores at `path`, or `nil` when it is not a fragment.
    static func fragment(_ node: DocViewNode, path: String) -> ContentFragment? {
        guard let content = node.child("jcr:content"), content.value("contentFragment") == .boolean(true),
            let data = content.child("data"), let modelPath = data.text("cq:model"), !modelPath.isEmpty
        else { return nil }
        var master: [String: JCRValue] = [:]
        var variations: [(name: String, values: [String: JCRValue])] = []
        for child in data.children {
            if child.name == "master" {
                master = values(child)
            } else {
                variations.append((child.name, values(child)))
            }
        }
        let lastModified: JCRValue? = content.value("jcr:lastModified")
        return ContentFragment(
            path: path, uuid: node.text("jcr:uuid") ?? StableUUID.forPath(path), modelPath: modelPath,
            title: content.text("jcr:title"), description: content.text("jcr:description"),
            lastModified: lastModified.flatMap(\.date), created: node.value("jcr:created")?.date,
            tags: content.child("metadata")?.value("cq:tags")?.elements.compactMap(\.text) ?? [],
            master: master, variations: variations)
    }

    /// The field values of `master` or a variation: everything but `jcr:` properties and `@` bookkeeping, keeping
    /// `<field>@ContentType`.
    private static func values(_ node: DocViewNode) -> [String: JCRValue] {
        var values: [String: JCRValue] = [:]
        values.reserveCapacity(node.properties.count / 2)
        for (name, text) in node.properties where !name.hasPrefix("jcr:") {
            if let at = name.utf8.firstIndex(of: UInt8(ascii: "@")), name[name.index(after: at)...] != "ContentType" {
                continue
            }
            if let value = JCRValue(docView: text) {
                values[name] = value
            }
        }
        return values
    }
}
