import Foundation
import Hummingbird
import NIOCore
import Testing

/// An HTTP server on 127.0.0.1, port 0, serving files with the faults downloads must survive:
/// connections dropped after some bytes, a `Content-Length` larger than the body, `Range`
/// ignored, credentials required, redirects. It records every request.
final class DownloadTestServer: TestServer, @unchecked Sendable {
    /// One file and how it is served.
    struct File: Sendable {
        var bytes: Data
        var contentType: String? = "image/jpeg"
        var etag: String? = "\"v1\""
        var lastModified: String? = "Wed, 01 May 2024 08:00:00 GMT"
        /// Serves `Range` requests (with `If-Range`) and says `Accept-Ranges: bytes`.
        var servesRanges = true
        /// The first this-many responses break the connection after `dropAfter` bytes of the body.
        var drops = 0
        var dropAfter = 0
        /// Announces this many more bytes than the body has, then closes the connection.
        var missingBytes = 0
        /// Sent as `Location` with 302 instead of the file.
        var redirect: String?
        /// Every chunk waits this long before it is sent.
        var chunkDelay: Duration?
    }

    struct Recorded: Sendable {
        var path: String
        var headers: [String: String]

        func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    private let lock = NSLock()
    private var files: [String: File] = [:]
    private var recorded: [Recorded] = []
    private var server: LoopbackServer?
    /// The `Authorization` value required, when set; other requests get 401.
    private let requiredAuthorization: String?
    var port: Int { server?.port ?? 0 }

    var host: String { "127.0.0.1:\(port)" }
    var requests: [Recorded] { lock.withLock { recorded } }

    init(requiredAuthorization: String? = nil) {
        self.requiredAuthorization = requiredAuthorization
    }

    subscript(path: String) -> File? {
        get { lock.withLock { files[path] } }
        set { lock.withLock { files[path] = newValue } }
    }

    func url(_ path: String) throws -> URL {
        try #require(URL(string: "http://\(host)\(path)"))
    }

    func requests(to path: String) -> [Recorded] {
        requests.filter { $0.path == path }
    }

    func start() async throws {
        server = try await LoopbackServer.start { [self] request in respond(to: request) }
    }

    func stop() async {
        await server?.stop()
    }

    private struct Dropped: Error {}

    private func respond(to request: Request) -> Response {
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        let path = request.uri.path
        let recordedRequest = Recorded(path: path, headers: headers)
        let (found, drop) = lock.withLock { () -> (File?, Bool) in
            recorded.append(recordedRequest)
            guard var file = files[path] else { return (nil, false) }
            let drop = file.drops > 0
            if drop { file.drops -= 1; files[path] = file }
            return (file, drop)
        }
        if let requiredAuthorization, recordedRequest.header("authorization") != requiredAuthorization {
            return Response(status: .unauthorized)
        }
        guard let file = found else { return Response(status: .notFound) }
        if let redirect = file.redirect {
            return Response(status: .found, headers: [.location: redirect])
        }
        var fields = HTTPFields()
        if let contentType = file.contentType { fields[.contentType] = contentType }
        if let etag = file.etag { fields[.eTag] = etag }
        if let lastModified = file.lastModified { fields[.lastModified] = lastModified }
        if file.servesRanges { fields[.acceptRanges] = "bytes" }

        let notModified = recordedRequest.header("if-none-match").map { $0 == file.etag }
            ?? recordedRequest.header("if-modified-since").map { $0 == file.lastModified } ?? false
        if notModified { return Response(status: .notModified, headers: fields) }

        var status = HTTPResponse.Status.ok
        var body = file.bytes
        if file.servesRanges, let range = recordedRequest.header("range"),
           recordedRequest.header("if-range").map({ $0 == file.etag || $0 == file.lastModified }) ?? true,
           range.hasPrefix("bytes="), range.hasSuffix("-"),
           let start = Int(range.dropFirst("bytes=".count).dropLast()), start < file.bytes.count
        {
            status = .partialContent
            body = file.bytes.subdata(in: start..<file.bytes.count)
            fields[.contentRange] = "bytes \(start)-\(file.bytes.count - 1)/\(file.bytes.count)"
        }
        let announced = body.count + file.missingBytes
        let cut = drop ? min(file.dropAfter, body.count) : (file.missingBytes > 0 ? body.count : nil)
        let chunkDelay = file.chunkDelay
        let sent = body
        return Response(status: status, headers: fields, body: ResponseBody(contentLength: announced) { writer in
            let end = cut ?? sent.count
            var offset = 0
            while offset < end {
                if let chunkDelay { try await Task.sleep(for: chunkDelay) }
                let next = min(offset + 16 * 1024, end)
                try await writer.write(ByteBuffer(bytes: sent[offset..<next]))
                offset = next
            }
            if cut != nil { throw Dropped() }
            try await writer.finish(nil)
        })
    }
}

/// Starts a download test server, runs `body`, and stops the server however `body` ends.
func withDownloadServer<T>(requiredAuthorization: String? = nil,
                           _ body: (DownloadTestServer) async throws -> T) async throws -> T
{
    try await withStarted(DownloadTestServer(requiredAuthorization: requiredAuthorization), body)
}
