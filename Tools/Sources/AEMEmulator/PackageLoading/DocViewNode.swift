import Foundation

/// One repository node as a content package stores it: its properties as docview text, its children, and the
/// files that hold its binary properties or its own bytes.
struct DocViewNode: Sendable {
    /// The node's name, un-escaped (`jcr:content`, `1653589924762`).
    var name: String
    /// Property name to its docview text (`{Long}6`, `[a,b]`, `<p>…`), names un-escaped (`description@ContentType`).
    var properties: [String: String] = [:]
    /// Child nodes in document order, then folders that the XML did not name, in file-name order.
    var children: [DocViewNode] = []
    /// Binary properties stored beside the XML (`_jcr_data.binary` is `jcr:data`): name to file.
    var binaries: [String: URL] = [:]
    /// For an `nt:file` stored as a plain file (`renditions/original`): that file.
    var file: URL?

    init(name: String) {
        self.name = name
    }

    /// The child named `name`.
    func child(_ name: String) -> DocViewNode? {
        children.first { $0.name == name }
    }

    /// The node at a relative path of child names (`jcr:content/data/master`).
    func descendant(_ relativePath: String) -> DocViewNode? {
        var node = self
        for name in relativePath.split(separator: "/") {
            guard let child = node.child(String(name)) else { return nil }
            node = child
        }
        return node
    }

    /// The typed value of property `name`, or `nil` when absent or binary.
    func value(_ name: String) -> JCRValue? {
        properties[name].flatMap(JCRValue.init(docView:))
    }

    /// Property `name` as text (the first value of a multi-value).
    func text(_ name: String) -> String? {
        value(name)?.text
    }

    /// `jcr:primaryType`.
    var primaryType: String? { text("jcr:primaryType") }
}
