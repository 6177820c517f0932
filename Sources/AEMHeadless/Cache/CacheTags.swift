import Foundation

/// The tags of a cached answer: what content it holds, so that a content event makes exactly the answers that hold
/// it stale (``ContentChange``). A GraphQL answer holds every `_path` and `_id` it selects, and the model of each list
/// it asks for (`adventureList` and `adventurePaginated` are over the model `adventure`); a delivery answer holds the
/// `id` and `path` of each fragment in it and the keys of its references, and a list of the delivery API is tagged as
/// one.
enum CacheTags {
    static func path(_ path: String) -> String { "cf:" + path }
    static func id(_ id: String) -> String { "cf-id:" + id }
    static func model(_ name: String) -> String { "model:" + name }
    static let deliveryList = "list:delivery"

    /// The tags of `body`, the answer to `url`.
    static func of(_ body: Data, url: URL) -> Set<String> {
        guard let json = try? UntypedJSON(parsing: body) else { return [] }
        var tags: Set<String> = []
        if url.path.hasPrefix("/adobe/contentFragments") {
            collectDelivery(json, into: &tags)
            if url.path == "/adobe/contentFragments" || url.path == "/adobe/contentFragments/" {
                tags.insert(deliveryList)
            }
        } else {
            collectGraphQL(json, into: &tags)
            for member in json["data"]?.members ?? [] {
                if let model = modelName(ofRootField: member.key) { tags.insert(self.model(model)) }
            }
        }
        return tags
    }

    /// The model a root field of AEM's schema is over: `adventureList`, `adventurePaginated` → `adventure`.
    static func modelName(ofRootField name: String) -> String? {
        for suffix in ["List", "Paginated"] where name.hasSuffix(suffix) && name.count > suffix.count {
            return String(name.dropLast(suffix.count))
        }
        return nil
    }

    private static func collectGraphQL(_ value: UntypedJSON, into tags: inout Set<String>) {
        switch value {
        case .object(let members):
            for member in members {
                if member.key == "_path", let path = member.value.stringValue { tags.insert(self.path(path)) }
                if member.key == "_id", let id = member.value.stringValue { tags.insert(self.id(id)) }
                collectGraphQL(member.value, into: &tags)
            }
        case .array(let elements):
            for element in elements { collectGraphQL(element, into: &tags) }
        default:
            break
        }
    }

    private static func collectDelivery(_ value: UntypedJSON, into tags: inout Set<String>) {
        switch value {
        case .object(let members):
            let id = value["id"]?.stringValue
            let path = value["path"]?.stringValue
            if let id, let path, path.hasPrefix("/content/") {
                tags.insert(self.id(id))
                tags.insert(self.path(path))
            }
            for member in members {
                if member.key == "references", let references = member.value.members {
                    for reference in references { tags.insert(self.id(reference.key)) }
                }
                collectDelivery(member.value, into: &tags)
            }
        case .array(let elements):
            for element in elements { collectDelivery(element, into: &tags) }
        default:
            break
        }
    }
}
