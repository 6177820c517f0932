/// What a response object says about its own type, read before the object itself: its
/// `__typename` and the keys it has. Generated types for union fields (`... on ImageRef`) use it
/// to choose their case.
public struct GraphQLObjectHead: Sendable, Hashable {
    /// `__typename`, when the query selected it and AEM sent text.
    public let typename: String?
    /// The object's keys, `__typename` excepted.
    public let keys: Set<String>

    private struct AnyKey: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// Reads the head of the object `decoder` holds; throws when it holds no JSON object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        typename = container.lenientValue(String.self, forKey: AnyKey(stringValue: "__typename"))
        keys = Set(container.allKeys.map(\.stringValue).filter { $0 != "__typename" })
    }

    /// `typename`, or when the object has none, the first candidate type whose selected keys
    /// include every key the object has (an object with no keys matches none): AEM sends exactly
    /// the keys of the fragment that applied. Select `__typename` where two fragments select the
    /// same keys.
    public func typename(inferringFrom candidates: [(typename: String, keys: Set<String>)]) -> String? {
        if let typename { return typename }
        guard !keys.isEmpty else { return nil }
        return candidates.first { keys.isSubset(of: $0.keys) }?.typename
    }
}
