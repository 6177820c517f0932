import AEMHeadless

/// The rules of one request of a download, as a value with no I/O: from what is on disk, the
/// headers to send; from the response head, what to do with the body.
///
/// - The first request of a file is conditional when a kept file can be checked
///   (`If-None-Match`, `If-Modified-Since`): 304 keeps it, 200 writes the file from the start.
/// - After a lost connection, the request asks for the rest (`Range` and `If-Range`) when the
///   full response allowed it (`Accept-Ranges: bytes` and a strong validator): 206 for exactly
///   that range appends, 200 starts over (the file changed or the server ignores ranges), 416
///   naming the length already received means the file was complete; without a way to resume,
///   the whole file is asked for again.
/// - Any other status fails with the one status-to-error mapping.
struct ResumePlan: Sendable, Hashable {
    /// What to do with a response.
    enum Decision: Sendable, Hashable {
        /// 304: the kept file is current; nothing to write.
        case keepFile
        /// 200: write the body from the start of the file (after emptying any part received).
        case writeFromStart
        /// 206 for the missing range: append the body to the part received.
        case append
        /// 416 naming the length received: the part received is the whole file.
        case complete
        /// A 206 for another range than the one asked for.
        case wrongRange
        /// A status that is not an answer to this request: fail with its error.
        case fail(status: Int)
    }

    /// The headers of the request, besides `Accept`.
    let requestHeaders: AemHTTPHeaders
    /// The record of the kept file the request is conditional on.
    private let kept: DownloadRecord?
    /// The first missing byte, when the request asks for the rest of the file.
    private let rangeStart: Int64?
    /// The full file's length, when known, for checking a partial answer.
    private let expectedLength: Int64?

    /// The first request of a file: conditional on `kept`, the record of a kept file that is
    /// still there as recorded (nil to download unconditionally).
    static func first(kept: DownloadRecord?) -> ResumePlan {
        var headers = AemHTTPHeaders()
        headers.setConditions(etag: kept?.etag, lastModified: kept?.lastModified)
        return ResumePlan(
            requestHeaders: headers, kept: headers.fields.isEmpty ? nil : kept,
            rangeStart: nil, expectedLength: nil)
    }

    /// The request after a connection broke with `received` bytes of the file kept, where `head`
    /// is the head of the full response the file is built from.
    static func resume(after head: DownloadResponseHead, received: Int64) -> ResumePlan {
        guard head.acceptsRanges, received > 0, let validator = head.rangeValidator else {
            return ResumePlan(requestHeaders: [:], kept: nil, rangeStart: nil, expectedLength: head.contentLength)
        }
        let headers: AemHTTPHeaders = ["Range": "bytes=\(received)-", "If-Range": validator]
        return ResumePlan(requestHeaders: headers, kept: nil, rangeStart: received, expectedLength: head.contentLength)
    }

    /// What to do with a response whose head is `status` and `headers`.
    func decide(status: Int, headers: AemHTTPHeaders) -> Decision {
        switch status {
        case 200:
            return .writeFromStart
        case 304 where kept != nil:
            return .keepFile
        case 206 where rangeStart != nil:
            guard let range = headers["Content-Range"].flatMap(DownloadResponseHead.parseContentRange),
                range.first == rangeStart, expectedLength.map({ $0 == range.complete }) ?? true
            else { return .wrongRange }
            return .append
        case 416 where rangeStart != nil:
            let complete = headers["Content-Range"].flatMap(DownloadResponseHead.parseUnsatisfiedRange)
            if let complete, complete == rangeStart, expectedLength.map({ $0 == complete }) ?? true { return .complete }
            return .fail(status: status)
        default:
            return .fail(status: status)
        }
    }
}
