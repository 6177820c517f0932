/// A content fragment as AEM's delivery API (`/adobe/contentFragments`) sends it: its identity,
/// its model, its fields exactly as sent, and, when asked for, what it references.
///
/// ```swift
/// let article = try await aem.execute(.fragment(path: "/content/dam/my-site/en/articles/launch",
///                                               references: .directHydrated)).value
/// let author = article.referencedFragments(in: "author").first
/// print(article.title, author?.field("firstName")?.stringValue ?? "")
/// ```
public struct DeliveredFragment: Sendable, Hashable {
    /// The fragment's id, a UUID; opaque to clients.
    public var id: String
    /// The repository path, such as `/content/dam/wknd-shared/en/adventures/bali-surf-camp/bali-surf-camp`.
    public var path: String
    /// The title; empty when it has none.
    public var title: String
    /// The description; empty when it has none.
    public var description: String
    /// The fragment's model.
    public var model: FragmentModelReference
    /// The `fields` object as AEM sent it: members in the model's order, numbers as their text.
    public var fields: UntypedJSON
    /// What the fragment references, by identifier (the values its reference fields hold); empty
    /// unless references were asked for.
    public var references: [String: DeliveredReference]
    /// How the references hang together, in field order; empty unless references were asked for.
    public var referencesTree: [ReferenceTreeNode]
    /// The whole object as AEM sent it, for output that must keep every member.
    public var json: UntypedJSON

    /// Reads a delivery fragment object, as `Aem.fragment(id:references:)` does; useful for an
    /// answer read some other way.
    /// - Throws: `DecodingError` naming where the shape is wrong.
    public init(_ json: UntypedJSON) throws {
        do {
            try self.init(json: json)
        } catch {
            throw error.decodingError(below: [])
        }
    }

    init(json: UntypedJSON) throws(JSONShapeMismatch) {
        let object = try json.requireObject(for: DeliveredFragment.self)
        id = try object.requiredString("id")
        path = try object.requiredString("path")
        title = object["title"]?.stringValue ?? ""
        description = object["description"]?.stringValue ?? ""
        model = FragmentModelReference(id: object["model"]?["id"]?.stringValue ?? "")
        switch object["fields"] {
        case nil, .null?: fields = .object([])
        case let value? where value.members != nil: fields = value
        case let value?:
            throw JSONShapeMismatch(
                expected: UntypedJSON.self, "expected an object, found \(value.kindDescription)",
                path: [JSONPathKey("fields")])
        }
        references = [:]
        for member in object["references"]?.members ?? [] {
            do {
                references[member.key] = try DeliveredReference(json: member.value)
            } catch {
                throw error.under(JSONPathKey(member.key)).under(JSONPathKey("references"))
            }
        }
        do {
            referencesTree = try Self.tree(object["referencesTree"])
        } catch {
            throw error.under(JSONPathKey("referencesTree"))
        }
        self.json = object
    }

    private static func tree(_ json: UntypedJSON?) throws(JSONShapeMismatch) -> [ReferenceTreeNode] {
        guard let json, !json.isNull else { return [] }
        guard let elements = json.arrayValue else {
            throw JSONShapeMismatch(
                expected: [ReferenceTreeNode].self, "expected an array, found \(json.kindDescription)")
        }
        var nodes: [ReferenceTreeNode] = []
        for element in elements {
            guard let identifier = element["identifier"]?.stringValue else { continue }
            nodes.append(
                ReferenceTreeNode(
                    fieldName: element["fieldName"]?.stringValue ?? "", identifier: identifier,
                    children: try tree(element["referencesTree"])))
        }
        return nodes
    }
}

extension DeliveredFragment: Decodable {
    /// Decodes through any `Decoder`; `Aem` reads answers with its own parser, which keeps
    /// member order and number text.
    public init(from decoder: any Decoder) throws {
        let json = try UntypedJSON(from: decoder)
        do {
            try self.init(json: json)
        } catch {
            throw error.decodingError(below: decoder.codingPath)
        }
    }
}
