/// One entry of a GraphQL response's `errors`, in the standard shape (`message`, `locations`,
/// `path`, `extensions`) or AEM's own (`errorType`, `message`, `details`). Every field but the
/// message is optional, and a missing message decodes as empty rather than failing.
public struct GraphQLError: Sendable, Hashable, Codable, CustomStringConvertible, UntypedJSONDecodable {
    /// Where in the query text the error is (`line`, `column`).
    public struct Location: Sendable, Hashable, Codable, UntypedJSONDecodable {
        /// The line in the query text, from 1.
        public var line: Int?
        /// The column in the query text, from 1.
        public var column: Int?

        enum CodingKeys: String, CodingKey { case line, column }

        /// A location in the query text.
        public init(line: Int? = nil, column: Int? = nil) {
            self.line = line
            self.column = column
        }

        /// Reads a location from AEM's JSON; `line` and `column` must be whole numbers when present.
        public init(from decoder: any Decoder) throws {
            try self.init(decodingJSONFrom: decoder)
        }

        /// Both members must be whole numbers when present.
        init(json: UntypedJSON) throws(JSONShapeMismatch) {
            let tree = try json.requireObject(for: Location.self)
            line = try tree.wholeNumber(CodingKeys.line)
            column = try tree.wholeNumber(CodingKeys.column)
        }
    }

    /// What went wrong, as AEM said it; empty when the entry had no message.
    public var message: String
    /// Where in the query text the error is; nil when missing or when any entry is malformed.
    public var locations: [Location]?
    /// The response path of the failing field: names and list indices.
    public var path: [UntypedJSON]?
    /// The standard `extensions` object, kept as sent.
    public var extensions: [String: UntypedJSON]?
    /// AEM's error kind, such as `QueryValidationError`.
    public var errorType: String?
    /// AEM's explanation beside `message`.
    public var details: String?

    /// An error with the given message and any of the optional details.
    public init(
        message: String, locations: [Location]? = nil, path: [UntypedJSON]? = nil,
        extensions: [String: UntypedJSON]? = nil, errorType: String? = nil, details: String? = nil
    ) {
        self.message = message
        self.locations = locations
        self.path = path
        self.extensions = extensions
        self.errorType = errorType
        self.details = details
    }

    /// Reads an entry leniently: a missing or mistyped member reads as nil, a missing message as empty.
    public init(from decoder: any Decoder) throws {
        try self.init(decodingJSONFrom: decoder)
    }

    /// Each member that is missing or of another shape reads as nil (the message as empty);
    /// `locations` is nil unless every entry is well formed.
    init(json: UntypedJSON) throws(JSONShapeMismatch) {
        let tree = try json.requireObject(for: GraphQLError.self)
        message = tree.lenientString(CodingKeys.message) ?? ""
        locations = try? tree[CodingKeys.locations.stringValue]?.arrayValue?.map { entry throws(JSONShapeMismatch) in
            try Location(json: entry)
        }
        path = tree[CodingKeys.path.stringValue]?.arrayValue?.map(\.asDecoded)
        extensions = tree[CodingKeys.extensions.stringValue]?.members.map { members in
            Dictionary(members.map { ($0.key, $0.value.asDecoded) }, uniquingKeysWith: { first, _ in first })
        }
        errorType = tree.lenientString(CodingKeys.errorType)
        details = tree.lenientString(CodingKeys.details)
    }

    /// The message, with AEM's error type and details when present.
    public var description: String {
        var text = message.isEmpty ? "GraphQL error" : message
        if let errorType, !text.contains(errorType) { text = "\(errorType): \(text)" }
        if let details, !details.isEmpty { text += " (\(details))" }
        return text
    }
}
