import AEMHeadless

/// A successful answer of the Sites API as a request's reader sees it: the status, the headers, and the body as
/// JSON (nil when there is none).
struct SitesAnswer: Sendable {
    /// The HTTP status, a success.
    var status: Int
    /// The response's header fields.
    var headers: AemHTTPHeaders
    /// The body as JSON; nil when it was empty.
    var document: UntypedJSON?

    /// The `ETag` of the answer; nil when it has none.
    var etag: EntityTag? { headers["ETag"].flatMap(EntityTag.init) }

    /// The body, which this answer must have.
    /// - Throws: `SitesReadFailure.noBody` when it is empty.
    func requireDocument() throws(SitesReadFailure) -> UntypedJSON {
        guard let document else { throw .noBody }
        return document
    }

    /// The last part of the `Location` header's path, percent-decoded: the id of what a create made; nil when there
    /// is no such header.
    var locationID: String? {
        guard let location = headers["Location"] else { return nil }
        let path = location.prefix { $0 != "?" && $0 != "#" }
        guard let last = path.split(separator: "/").last else { return nil }
        let id = String(last).removingPercentEncoding ?? String(last)
        return id.isEmpty ? nil : id
    }
}

/// What a request's reader makes of a successful answer: the value, or, for a write answered without it, the read
/// that fetches it.
enum SitesReading<Value: Sendable>: Sendable {
    /// The value the answer holds.
    case value(Value)
    /// The answer does not hold the value: it is read again.
    case readAgain(SitesFollowUp<Value>)
}

/// The read that fetches what a write made, when the write's answer does not hold it. Author shows a write only
/// after a short delay, so the read is repeated, a few times within about four seconds, until what it reads shows
/// the write.
struct SitesFollowUp<Value: Sendable>: Sendable {
    /// The read.
    var request: SitesRequest<Value>
    /// Whether what was read shows the write, such as a fragment whose tag is no longer the one the write was sent
    /// with. After the last try, what was read is taken as it is.
    var shows: @Sendable (Value) -> Bool = { _ in true }
    /// Whether a 404 means "not readable yet", as after a create.
    var waitsForExistence = false
}

/// Why a successful answer could not be read.
enum SitesReadFailure: Error {
    /// JSON of the wrong shape, and where.
    case shape(JSONShapeMismatch)
    /// No body where one is needed.
    case noBody
    /// Nothing there: an empty list where one item was asked for after a write.
    case notFound
    /// An answer that cannot be used, with why.
    case unusable(String)

    /// Runs `read`, its shape mismatch made a `shape` failure.
    static func reading<T>(_ read: () throws(JSONShapeMismatch) -> T) throws(SitesReadFailure) -> T {
        do {
            return try read()
        } catch {
            throw .shape(error)
        }
    }
}
