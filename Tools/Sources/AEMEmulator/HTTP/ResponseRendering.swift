import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Turns a ``Reply`` into an HTTP response for one request: cache headers and entity tags, conditional requests
/// (304), ranges (206, 416), `HEAD`, and the delivery faults that strip validators, slow down or break a body.
struct ResponseRendering: Sendable {
    let request: Request
    let delivery: Delivery

    func response(for reply: Reply) -> Response {
        switch reply {
        case .document(let status, let document, let cacheControl):
            return documentResponse(status: status, body: document.serialized, cacheControl: cacheControl)
        case .executed(let answer):
            return documentResponse(
                status: 200, body: answer.body, cacheControl: answer.cacheControl, etag: answer.etag)
        case .asset(let asset):
            return assetResponse(asset)
        case .raw(let status, let headers, let body):
            var fields = HTTPFields()
            for (name, value) in headers {
                if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
            }
            return payloadResponse(status: status, headers: fields, payload: Payload(body), range: 0..<body.count)
        }
    }

    private func documentResponse(status: Int, body: [UInt8], cacheControl: CacheHeaders?, etag known: String? = nil)
        -> Response
    {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let cacheControl, !delivery.withoutValidators {
            let etag = known ?? EntityTag.strong(body)
            headers[.cacheControl] = cacheControl.cacheControl
            headers[.eTag] = etag
            if let condition = request.headers[.ifNoneMatch], EntityTag.ifNoneMatch(condition, matches: etag) {
                return notModified(headers)
            }
        }
        return payloadResponse(status: status, headers: headers, payload: Payload(body), range: 0..<body.count)
    }

    private func assetResponse(_ served: ServedAsset) -> Response {
        let count = served.payload.count
        let lastModified = HTTPDate.format(served.lastModified)
        var headers: HTTPFields = [
            .contentType: served.mimeType,
            .eTag: served.etag,
            .lastModified: lastModified,
            .acceptRanges: delivery.ignoreRange ? "none" : "bytes",
        ]
        if let cacheControl = served.cacheControl { headers[.cacheControl] = cacheControl }
        if served.varyAccept { headers[.vary] = "Accept" }
        for (name, value) in served.headers {
            if let name = HTTPField.Name(name) { headers[name] = value }
        }
        if delivery.withoutValidators {
            headers[.eTag] = nil
            headers[.lastModified] = nil
        } else if let condition = request.headers[.ifNoneMatch] {
            if EntityTag.ifNoneMatch(condition, matches: served.etag) { return notModified(headers) }
        } else if let since = request.headers[.ifModifiedSince].flatMap(HTTPDate.parse),
            served.lastModified.timeIntervalSince1970.rounded(.down) <= since.timeIntervalSince1970
        {
            return notModified(headers)
        }
        guard !delivery.ignoreRange, rangeApplies(served, lastModified: lastModified) else {
            return payloadResponse(status: 200, headers: headers, payload: served.payload, range: 0..<count)
        }
        switch ByteRange(header: request.headers[.range], count: count) {
        case .whole:
            return payloadResponse(status: 200, headers: headers, payload: served.payload, range: 0..<count)
        case .partial(let range):
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(count)"
            return payloadResponse(status: 206, headers: headers, payload: served.payload, range: range)
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(count)"
            headers[.contentType] = nil
            return payloadResponse(status: 416, headers: headers, payload: Payload([]), range: 0..<0)
        }
    }

    /// Whether `If-Range`, when present, still names this representation (by strong ETag or exact date).
    private func rangeApplies(_ served: ServedAsset, lastModified: String) -> Bool {
        guard let condition = request.headers[.ifRange] else { return true }
        guard !delivery.withoutValidators else { return false }
        return condition.hasSuffix("\"")
            ? EntityTag.ifRange(condition, matches: served.etag) : condition == lastModified
    }

    private func notModified(_ headers: HTTPFields) -> Response {
        var headers = headers
        headers[.contentType] = nil
        headers[.acceptRanges] = nil
        return Response(status: .notModified, headers: headers, body: ResponseBody())
    }

    /// The response sending `range` of `payload`, with `Content-Length`; for `HEAD` the headers only; broken as the
    /// delivery fault says.
    private func payloadResponse(status: Int, headers: HTTPFields, payload: Payload, range: Range<Int>) -> Response {
        var headers = headers
        let status = HTTPResponse.Status.emulated(status)
        guard request.method != .head, status != .noContent, status != .notModified else {
            if status != .noContent { headers[.contentLength] = String(range.count) }
            return Response(status: status, headers: headers, body: ResponseBody())
        }
        let delivery = self.delivery
        switch delivery.breakage {
        case nil:
            headers[.contentLength] = String(range.count)
            return Response(
                status: status, headers: headers,
                body: ResponseBody { writer in
                    try await Self.write(payload, range, to: &writer, delivery: delivery)
                    try await writer.finish(nil)
                })
        case .dropAfter(let bytes)?:
            headers[.contentLength] = String(range.count)
            let sent = range.lowerBound..<min(range.upperBound, range.lowerBound + bytes)
            return Response(
                status: status, headers: headers,
                body: ResponseBody { writer in
                    try await Self.write(payload, sent, to: &writer, delivery: delivery)
                    try await Self.closeConnection()
                })
        case .overstateLength(let extra)?:
            headers[.contentLength] = String(range.count + extra)
            return Response(
                status: status, headers: headers,
                body: ResponseBody { writer in
                    try await Self.write(payload, range, to: &writer, delivery: delivery)
                    try await Self.closeConnection()
                })
        }
    }

    /// Writes `range` of `payload`, as slowly as `delivery.pacing` says, stopping where `delivery.hold` says until
    /// its gate opens.
    private static func write(
        _ payload: Payload, _ range: Range<Int>, to writer: inout any ResponseBodyWriter, delivery: Delivery
    ) async throws {
        var offset = range.lowerBound
        var hold = delivery.hold
        while offset < range.upperBound {
            var end = range.upperBound
            if let point = hold.map({ range.lowerBound + $0.afterBytes }) {
                if offset >= point {
                    try await hold?.gate.pass()
                    hold = nil
                    continue
                }
                end = min(end, point)
            }
            if let pacing = delivery.pacing {
                try await Task.sleep(for: pacing.interval)
                end = min(end, offset + pacing.chunkBytes)
            }
            let chunk = payload.chunk(from: offset, to: end)
            guard chunk.readableBytes > 0 else { break }
            try await writer.write(chunk)
            offset += chunk.readableBytes
        }
        try await hold?.gate.pass()
    }

    /// Ends the response without finishing its body, which makes the server close the connection. The short pause
    /// lets the bytes already written reach the client first.
    private static func closeConnection() async throws -> Never {
        try await Task.sleep(for: .milliseconds(50))
        throw BrokenDelivery()
    }
}

/// Thrown from a response body to close the connection part-way, as a delivery fault asks.
struct BrokenDelivery: Error {}
