import AEMHeadless
import AEMHeadlessDownload
import AEMHeadlessSQLiteCache
import AEMHeadlessURLSession
import EmulatorTestSupport
import Foundation
import Hummingbird
import NIOCore
import Testing

/// A client of `server` through `URLSessionTransport`.
private func urlSessionClient(_ server: RecordingServer) throws -> Aem {
    let configuration = try AemConfiguration(
        scheme: .http, host: server.baseHost, timeout: .seconds(60),
        retry: .none)
    return Aem(configuration, transport: URLSessionTransport())
}

@Suite("URLSessionTransport over real HTTP")
struct URLSessionTransportTests {
    /// Whether a transfer can wait for its reader: only where URLSession can suspend a task (Apple platforms).
    static let pausesForReader: Bool = {
        #if canImport(Darwin)
        true
        #else
        false
        #endif
    }()

    /// A text image of about 36 kB, as a CDN would compress it.
    static let svg = Data(
        ("<svg xmlns=\"http://www.w3.org/2000/svg\">"
            + (0..<1500).map { "<circle cx=\"\($0)\" r=\"2\"/>" }.joined() + "</svg>").utf8)

    @Test func aGzipEncodedImageIsDownloadedDecoded() async throws {
        try await withRecordingServer { server in
            server.enqueue(
                .init(
                    200,
                    headers: [
                        "Content-Type": "image/svg+xml", "Content-Encoding": "gzip", "Accept-Ranges": "bytes",
                        "ETag": "\"v1\"",
                    ], bytes: gzipStored(Self.svg)))
            try await withTemporaryFolder { directory in
                let downloader = FileDownloader(aem: try urlSessionClient(server))
                let outcome = try await downloader.download(
                    try #require(URL(string: "http://\(server.baseHost)/content/dam/a/logo.svg")), to: directory,
                    name: try #require(SafeFileName(slug: "logo")))
                #expect(try Data(contentsOf: outcome.file) == Self.svg)
                #expect(outcome.record.length == Int64(Self.svg.count))
            }
            #expect(server.requests.first?.header("Accept-Encoding") == "identity")
        }
    }

    @Test func aGzipEncodedGraphQLAnswerIsDecoded() async throws {
        let answer = #"{"data":{"item":{"name":"compressed","count":7}}}"#
        try await withRecordingServer { server in
            server.enqueue(
                .init(
                    200, headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"],
                    bytes: gzipStored(Data(answer.utf8))))
            let result = try await urlSessionClient(server).execute(itemQuery)
            #expect(result.data?.item == Item(name: "compressed", count: 7))
        }
    }

    @Test func anAnswerURLSessionCouldCacheIsAskedOfTheServerAgain() async throws {
        let fresh = RecordingServer.Reply(
            200, headers: ["Content-Type": "application/json", "Cache-Control": "max-age=600"],
            body: #"{"data":{"item":{"name":"a"}}}"#)
        try await withRecordingServer(fallback: fresh) { server in
            let aem = try urlSessionClient(server)
            _ = try await aem.execute(itemQuery)
            _ = try await aem.execute(itemQuery)
            #expect(server.requests.count == 2)
            try await withTemporaryFolder { folder in
                let cache = try SQLiteResponseCache(fileURL: folder.appendingPathComponent("c.sqlite"))
                #expect(try await aem.with(cache: cache).execute(itemQuery).source == .network)
                #expect(
                    try await aem.with(cache: cache).execute(itemQuery, policy: .fetchIgnoringCacheData).source
                        == .network)
            }
            #expect(server.requests.count == 4)
        }
    }

    @Test func aCookieIsNeverSentBack() async throws {
        try await withRecordingServer { server in
            server.enqueue(
                .init(
                    200, headers: ["Content-Type": "application/json", "Set-Cookie": "s=1; Path=/"],
                    body: #"{"data":{}}"#))
            let aem = try urlSessionClient(server)
            _ = try await aem.execute(itemQuery)
            _ = try await aem.execute(itemQuery)
            #expect(server.requests.count == 2)
            #expect(server.requests.allSatisfy { $0.header("Cookie") == nil })
        }
    }

    /// The server writes a large body as fast as the client takes it; the reader takes one chunk and
    /// stops. What the server could send must stay near the transport's high-water mark (plus the sockets'
    /// buffers), not the whole body; once read again, the body arrives whole. Only where a transfer can
    /// wait for its reader (Apple platforms).
    @Test(.enabled(if: Self.pausesForReader))
    func aReaderThatFallsBehindHoldsTheServerBack() async throws {
        let total = 128 << 20
        let chunk = ByteBuffer(repeating: 0x61, count: 64 << 10)
        let sent = LockedValue(0)
        let server = try await LoopbackServer.start { _ in
            Response(
                status: .ok, headers: [.contentType: "application/octet-stream"],
                body: ResponseBody(contentLength: total) { writer in
                    for _ in 0..<(total / chunk.readableBytes) {
                        try await writer.write(chunk)
                        sent.withLock { $0 += chunk.readableBytes }
                    }
                    try await writer.finish(nil)
                })
        }
        do {
            let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/large"))
            let response = try await URLSessionTransport().send(AemHTTPRequest(url: url))
            var chunks = response.body.makeAsyncIterator()
            var received = try await chunks.next()?.count ?? 0
            // Until the server has sent nothing more for half a second (or has sent it all).
            var before = -1
            while sent.value != before, sent.value < total {
                before = sent.value
                try await Task.sleep(for: .milliseconds(500))
            }
            #expect(sent.value < 32 << 20, "sent \(sent.value) bytes to a reader that took \(received)")
            while let next = try await chunks.next() { received += next.count }
            #expect(received == total)
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }
}
