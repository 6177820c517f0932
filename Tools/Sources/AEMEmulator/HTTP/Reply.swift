/// What the emulator answers, before conditional requests, ranges and delivery faults are applied.
enum Reply: Sendable {
    /// A JSON document; one with cache headers also carries an `ETag` and answers `If-None-Match` with 304.
    case document(status: Int, OrderedJSON, cacheControl: CacheHeaders?)
    /// A persisted query's 200 answer, serialized once and kept for the same request.
    case executed(ExecutedAnswers.Answer)
    /// An asset's bytes.
    case asset(ServedAsset)
    /// Exactly these headers and bytes.
    case raw(status: Int, headers: [(String, String)], body: [UInt8])

    /// An empty answer, such as AEM author's 401.
    static func empty(_ status: Int, headers: [(String, String)] = []) -> Reply {
        .raw(status: status, headers: headers, body: [])
    }

    /// This answer with a GraphQL error added before its `data` (graphql-java lists `errors` first).
    func addingGraphQLError(_ message: String) -> Reply {
        if case .executed(let answer) = self {
            return Reply.document(status: 200, answer.document, cacheControl: answer.cacheControl)
                .addingGraphQLError(message)
        }
        guard case .document(let status, .object(let members), let cacheControl) = self else { return self }
        var errors: [OrderedJSON] = []
        if case .array(let existing)? = OrderedJSON.object(members)["errors"] { errors = existing }
        errors.append(
            .object([
                ("message", .string(message)),
                ("extensions", .object([("classification", .string("DataFetchingException"))])),
            ]))
        return .document(
            status: status, .object([("errors", .array(errors))] + members.filter { $0.0 != "errors" }),
            cacheControl: cacheControl)
    }
}

/// How the body of an answer is delivered.
struct Delivery: Sendable {
    /// Answer 200 with the whole body even when `Range` asks for a part.
    var ignoreRange = false
    /// How the connection is broken after the head, if it is.
    var breakage: Breakage?
    /// Leave out `ETag` and `Last-Modified` and ignore conditional headers.
    var withoutValidators = false
    /// How slowly the body is sent; nil for as fast as possible.
    var pacing: Pacing?
    /// Where the body stops until a gate opens; nil for nowhere.
    var hold: Hold?

    /// A body sent in pieces of `chunkBytes`, waiting `interval` before each.
    struct Pacing: Sendable {
        var chunkBytes: Int
        var interval: Duration
    }

    /// A body held at `gate` after its first `afterBytes` bytes.
    struct Hold: Sendable {
        var afterBytes: Int
        var gate: EmulatorGate
    }

    enum Breakage: Sendable {
        /// Stop after this many body bytes and close.
        case dropAfter(bytes: Int)
        /// Declare this many bytes more than the body holds, send the body and close.
        case overstateLength(by: Int)
    }
}
