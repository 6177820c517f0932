/// One entry of a GraphQL response's `errors`, in the standard shape (`message`, `locations`,
/// `path`, `extensions`) or AEM's own (`errorType`, `message`, `details`). Every field but the
/// message is optional, and a missing message decodes as empty rather than failing.
public struct GraphQLError: Sendable, Hashable, Codable, CustomStringConvertible {
    public struct Location: Sendable, Hashable, Codable {
        public var line: Int?
        public var column: Int?
    }

    public var message: String
    public var locations: [Location]?
    /// The response path of the failing field: names and list indices.
    public var path: [JSONValue]?
    public var extensions: [String: JSONValue]?
    /// AEM's error kind, such as `QueryValidationError`.
    public var errorType: String?
    /// AEM's explanation beside `message`.
    public var details: String?

    public init(message: String, locations: [Location]? = nil, path: [JSONValue]? = nil,
                extensions: [String: JSONValue]? = nil, errorType: String? = nil, details: String? = nil)
    {
        self.message = message
        self.locations = locations
        self.path = path
        self.extensions = extensions
        self.errorType = errorType
        self.details = details
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        message = (try? container.decodeIfPresent(String.self, forKey: .message)) ?? ""
        locations = try? container.decodeIfPresent([Location].self, forKey: .locations)
        path = try? container.decodeIfPresent([JSONValue].self, forKey: .path)
        extensions = try? container.decodeIfPresent([String: JSONValue].self, forKey: .extensions)
        errorType = try? container.decodeIfPresent(String.self, forKey: .errorType)
        details = try? container.decodeIfPresent(String.self, forKey: .details)
    }

    /// The message, with AEM's error type and details when present.
    public var description: String {
        var text = message.isEmpty ? "GraphQL error" : message
        if let errorType, !text.contains(errorType) { text = "\(errorType): \(text)" }
        if let details, !details.isEmpty { text += " (\(details))" }
        return text
    }
}
