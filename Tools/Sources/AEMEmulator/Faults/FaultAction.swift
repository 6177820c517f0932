/// One scripted misbehaviour, used for a single request (see ``EmulatorFaults/script(_:_:)``); several can be
/// applied to one request with ``combining(_:)``.
public struct FaultAction: Sendable {
    enum Kind: Sendable {
        /// Answer this instead of the normal response.
        case respond(status: Int, headers: [(String, String)], body: [UInt8])
        /// Send the normal response with its true `Content-Length`, stop after this many body bytes and close.
        case dropConnection(afterBodyBytes: Int)
        /// Send the normal response with a `Content-Length` this much larger than its body, then close.
        case overstateContentLength(by: Int)
        /// Send the normal response as if `Range` had not been asked for.
        case ignoreRange
        /// Wait, then send the normal response.
        case delay(Duration)
        /// Send the normal GraphQL answer with an `errors` entry added beside its `data`.
        case addGraphQLError(message: String)
        /// Send the normal response without `ETag` and `Last-Modified`, ignoring conditional headers.
        case withoutValidators
        /// Send the body in pieces of this many bytes, waiting before each.
        case pace(chunkBytes: Int, interval: Duration)
        /// Wait until the gate is open, then send the normal response.
        case hold(EmulatorGate)
        /// Send the head and this many body bytes, wait until the gate is open, then send the rest.
        case holdBody(afterBytes: Int, gate: EmulatorGate)
    }

    /// What happens to the request, in order.
    let kinds: [Kind]

    private init(kind: Kind) {
        kinds = [kind]
    }

    /// All of `actions` applied to one request, in order: delays add up, a later answer or broken delivery replaces
    /// an earlier one.
    ///
    /// ```swift
    /// // A server that does not serve ranges, dropping the connection after 100 kB:
    /// emulator.faults.script(path, .combining(.ignoreRange, .dropConnection(afterBodyBytes: 100_000)))
    /// ```
    public static func combining(_ actions: FaultAction...) -> FaultAction {
        FaultAction(kinds: actions.flatMap(\.kinds))
    }

    private init(kinds: [Kind]) {
        self.kinds = kinds
    }

    /// Answers with exactly this status, headers and body.
    public static func respond(status: Int, headers: [String: String] = [:], body: String = "") -> FaultAction {
        FaultAction(kind: .respond(status: status, headers: headers.sorted { $0.key < $1.key }, body: Array(body.utf8)))
    }

    /// Answers with exactly this status, headers (in order) and body bytes.
    public static func respond(status: Int, headers: [(String, String)], body: [UInt8]) -> FaultAction {
        FaultAction(kind: .respond(status: status, headers: headers, body: body))
    }

    /// 503 with `Retry-After`, as a dispatcher or CDN answers when AEM is unavailable.
    public static func serviceUnavailable(retryAfter seconds: Int = 1) -> FaultAction {
        .respond(
            status: 503, headers: ["Retry-After": String(seconds), "Content-Type": "text/html"],
            body:
                "<html><head><title>503 Service Unavailable</title></head><body><h1>Service Unavailable</h1></body></html>"
        )
    }

    /// 429 with `Retry-After`, as a CDN answers a client over its rate limit.
    public static func tooManyRequests(retryAfter seconds: Int = 1) -> FaultAction {
        .respond(status: 429, headers: ["Retry-After": String(seconds)])
    }

    /// 401 with an empty body, as AEM author answers a request without valid credentials.
    public static let unauthorized = FaultAction.respond(status: 401)

    /// 500 with AEM's own error shape for a broken stored query.
    public static func persistedQueryValidationError(
        details: String =
            "Validation error (FieldUndefined@[adventureList/items/unknownField]) : Field 'unknownField' in type 'AdventureModel' is undefined"
    ) -> FaultAction {
        let body = OrderedJSON.object([
            (
                "errors",
                .array([
                    .object([
                        ("errorType", .string("QueryValidationError")),
                        ("message", .string("Persisted Query Validation Error")),
                        ("details", .string(details)),
                    ])
                ])
            )
        ])
        return .respond(status: 500, headers: [("Content-Type", "application/json")], body: body.serialized)
    }

    /// 200 with the normal `data` and an `errors` entry beside it (partial data).
    public static func partialData(
        message: String =
            "Exception while fetching data (/adventureList/items[0]/primaryImage) : Asset is not accessible"
    ) -> FaultAction {
        FaultAction(kind: .addGraphQLError(message: message))
    }

    /// 204 with no body, as some proxies answer.
    public static let noContent = FaultAction.respond(status: 204)

    /// 200 with AEM's HTML login page instead of JSON, as an SSO or author redirect ends.
    public static let htmlLoginPage = FaultAction.respond(
        status: 200, headers: ["Content-Type": "text/html;charset=utf-8"],
        body: """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>AEM Sign In</title></head>
            <body class="coral--light">
            <form name="login" method="POST" id="login" action="/libs/granite/core/content/login.html/j_security_check">
            <input type="hidden" name="_charset_" value="UTF-8">
            <label for="username">User name</label><input id="username" name="j_username" type="text">
            <label for="password">Password</label><input id="password" name="j_password" type="password">
            <button type="submit" id="submit-button">Sign In</button>
            </form></body></html>
            """)

    /// Sends the normal headers (with the true `Content-Length`), then only `bytes` bytes of the body, then closes
    /// the connection.
    public static func dropConnection(afterBodyBytes bytes: Int) -> FaultAction {
        FaultAction(kind: .dropConnection(afterBodyBytes: max(0, bytes)))
    }

    /// Declares a `Content-Length` `extraBytes` larger than the body, sends the whole body, then closes the
    /// connection.
    public static func overstatedContentLength(by extraBytes: Int = 1024) -> FaultAction {
        FaultAction(kind: .overstateContentLength(by: max(1, extraBytes)))
    }

    /// Answers 200 with the whole body even when `Range` asks for part of it, with `Accept-Ranges: none`.
    public static let ignoreRange = FaultAction(kind: .ignoreRange)

    /// Waits `duration` before the normal answer (on top of ``EmulatorFaults/latency``).
    public static func delay(_ duration: Duration) -> FaultAction {
        FaultAction(kind: .delay(duration))
    }

    /// Holds the request at `gate` until it is opened, then sends the normal answer: a request that is known to be
    /// in progress for as long as a test needs (see ``EmulatorGate``).
    public static func hold(_ gate: EmulatorGate) -> FaultAction {
        FaultAction(kind: .hold(gate))
    }

    /// Sends the normal head and the first `bytes` bytes of the body (all of it when shorter), then holds the rest
    /// at `gate` until it is opened: a transfer that is known to be under way for as long as a test needs.
    public static func holdBody(afterBytes bytes: Int, _ gate: EmulatorGate) -> FaultAction {
        FaultAction(kind: .holdBody(afterBytes: max(0, bytes), gate: gate))
    }

    /// Answers `status` (a 3xx) with `Location: location` and no body, as a CDN or a moved asset does.
    public static func redirect(to location: String, status: Int = 302) -> FaultAction {
        .respond(status: status, headers: [("Location", location)], body: [])
    }

    /// The normal answer without the validators `ETag` and `Last-Modified`, as some proxies serve files: conditional
    /// headers (`If-None-Match`, `If-Modified-Since`, `If-Range`) cannot match, so the whole body is sent.
    public static let withoutValidators = FaultAction(kind: .withoutValidators)

    /// The normal answer with its body sent in pieces of `chunkBytes` bytes, waiting `interval` before each: a slow
    /// link, to act on a transfer while it runs.
    public static func slowBody(chunkBytes: Int = 16 * 1024, every interval: Duration) -> FaultAction {
        FaultAction(kind: .pace(chunkBytes: max(1, chunkBytes), interval: interval))
    }
}
