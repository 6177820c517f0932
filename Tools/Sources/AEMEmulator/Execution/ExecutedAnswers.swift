import NIOConcurrencyHelpers

/// The answers of persisted queries already executed over one version of the content, kept for the same query and
/// variables asked again, as AEM's dispatcher keeps them: a repeated request is answered with the same bytes without
/// running GraphQL. A reload makes new content and with it an empty store; a query persisted again has another text,
/// and so another key. When more than `byteLimit` bytes are kept, all are dropped and the store fills again.
final class ExecutedAnswers: Sendable {
    /// A 200 answer as sent: the document (for faults that change it), its bytes and their `ETag`.
    struct Answer: Sendable {
        var document: OrderedJSON
        var body: [UInt8]
        var etag: String
        var cacheControl: CacheHeaders
    }

    let byteLimit: Int
    private let state = NIOLockedValueBox<(answers: [String: Answer], bytes: Int)>(([:], 0))

    init(byteLimit: Int = 64 * 1024 * 1024) {
        self.byteLimit = byteLimit
    }

    /// The key of `query` run with `variables`: its path, its text and the variables in order of name.
    static func key(_ query: StoredQuery, variables: [String: String]) -> String {
        let pairs = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return ([query.shortPath, query.text] + pairs).joined(separator: "\u{0}")
    }

    subscript(key: String) -> Answer? {
        state.withLockedValue { $0.answers[key] }
    }

    /// Keeps `document` as the answer for `key` and returns it with its bytes.
    func keep(_ document: OrderedJSON, cacheControl: CacheHeaders, for key: String) -> Answer {
        let body = document.serialized
        let answer = Answer(
            document: document, body: body, etag: EntityTag.strong(body), cacheControl: cacheControl)
        guard body.count <= byteLimit else { return answer }
        state.withLockedValue { state in
            if state.bytes + body.count > byteLimit { state = ([:], 0) }
            if let old = state.answers.updateValue(answer, forKey: key) { state.bytes -= old.body.count }
            state.bytes += body.count
        }
        return answer
    }
}
