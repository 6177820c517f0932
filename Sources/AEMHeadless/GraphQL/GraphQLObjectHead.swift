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

    /// `typename`, or when the object has none, the type told by its keys: the first candidate
    /// whose selected keys include every key the object has (AEM sends exactly the keys of the
    /// fragment that applied), else the candidate sharing the most keys with it (an answer to an
    /// older version of the query); nil for an object with no keys or none in common. Select
    /// `__typename` where two fragments select the same keys.
    public func typename(inferringFrom candidates: [(typename: String, keys: Set<String>)]) -> String? {
        if let typename { return typename }
        guard !keys.isEmpty else { return nil }
        if let exact = candidates.first(where: { keys.isSubset(of: $0.keys) }) { return exact.typename }
        var best: (typename: String, shared: Int)?
        for candidate in candidates {
            let shared = keys.intersection(candidate.keys).count
            if shared > (best?.shared ?? 0) { best = (candidate.typename, shared) }
        }
        return best?.typename
    }
}
