// download-floor: how fast this machine's Swift HTTP stack fetches many small files, below the sync.
//
//   download-floor MODE URLS DIR [--concurrency 6]
//
// Reads one URL a line from URLS and saves each response body as DIR/<line number>, `--concurrency` at a time:
//   ahc         AsyncHTTPClient alone: one request, the body collected and written to its file (what curl does)
//   ahc-rename  the same, each body written to a temporary name and renamed into place (what an atomic download adds)
//   downloader  AEMHeadless's FileDownloader over Aem and AsyncHTTPClientTransport, as a sync fetches an image
//               (headers, retries, the body streamed to a temporary file, checked and renamed), with no store
// Compared with `curl --parallel` and `wknd sync` on the same URLs, it tells how much of a sync's time the HTTP
// client itself takes. Prints the wall time, and the count of files and bytes written, on stdout.
import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import AsyncHTTPClient
import Foundation
import NIOCore

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("download-floor: \(message)\n".utf8))
    exit(2)
}

/// The arguments without `--concurrency N`, and N (6 without it).
func parseArguments() -> ([String], Int) {
    var arguments = Array(CommandLine.arguments.dropFirst())
    guard let flag = arguments.firstIndex(of: "--concurrency") else { return (arguments, 6) }
    guard flag + 1 < arguments.count, let value = Int(arguments[flag + 1]), value > 0 else {
        fail("--concurrency needs a number")
    }
    arguments.removeSubrange(flag...(flag + 1))
    return (arguments, value)
}

let (arguments, concurrency) = parseArguments()
guard arguments.count == 3, ["ahc", "ahc-rename", "downloader"].contains(arguments[0]) else {
    fail("usage: download-floor ahc|ahc-rename|downloader URLS DIR [--concurrency 6]")
}
let mode = arguments[0]
guard let list = try? String(contentsOfFile: arguments[1], encoding: .utf8) else { fail("cannot read \(arguments[1])") }
let urls = list.split(separator: "\n").map(String.init)
let directory = URL(fileURLWithPath: arguments[2], isDirectory: true)
try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
guard let first = urls.first.flatMap(URL.init(string:)), let host = first.host, let port = first.port else {
    fail("the first URL has no host and port")
}

/// Runs `fetch` for each index, `concurrency` at a time; returns the bytes written.
func runAll(
    _ count: Int, concurrency: Int, _ fetch: @escaping @Sendable (Int) async throws -> Int
) async throws -> Int {
    try await withThrowingTaskGroup(of: Int.self) { group in
        var next = 0
        var total = 0
        while next < min(concurrency, count) {
            let index = next
            group.addTask { try await fetch(index) }
            next += 1
        }
        while let bytes = try await group.next() {
            total += bytes
            if next < count {
                let index = next
                group.addTask { try await fetch(index) }
                next += 1
            }
        }
        return total
    }
}

let start = DispatchTime.now().uptimeNanoseconds
let bytes: Int
switch mode {
case "ahc", "ahc-rename":
    let renames = mode == "ahc-rename"
    var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, decompression: .disabled)
    configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = concurrency
    configuration.httpVersion = .http1Only
    let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    bytes = try await runAll(urls.count, concurrency: concurrency) { index in
        let response = try await client.execute(HTTPClientRequest(url: urls[index]), timeout: .seconds(30))
        guard response.status == .ok else { fail("\(urls[index]): \(response.status.code)") }
        let body = try await response.body.collect(upTo: 64 << 20)
        // Written in place and not flushed, as curl does (Foundation's `Data.write` flushes each file).
        let path = directory.appendingPathComponent(String(index)).path
        let target = renames ? directory.appendingPathComponent(".\(index).part").path : path
        let descriptor = open(target, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { fail("cannot create \(target)") }
        let written = body.withUnsafeReadableBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == body.readableBytes else { fail("cannot write \(target)") }
        if renames, rename(target, path) != 0 { fail("cannot rename \(target)") }
        return written
    }
    try await client.shutdown()
default:
    let transport = AsyncHTTPClientTransport(maxConnectionsPerHost: concurrency)
    let aem = Aem(
        try AemConfiguration(scheme: .http, host: "\(host):\(port)", authentication: .none, timeout: .seconds(30)),
        transport: transport)
    let downloader = FileDownloader(aem: aem, defersFlush: true)
    bytes = try await runAll(urls.count, concurrency: concurrency) { index in
        guard let url = URL(string: urls[index]), let name = SafeFileName(slug: "file-\(index)") else {
            fail("line \(index + 1) is not a URL")
        }
        let outcome = try await downloader.download(url, to: directory, name: name)
        return Int(outcome.bytesTransferred)
    }
    try FileDownloader.flushDeferredFiles(in: directory)
    try await transport.shutdown()
}
let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
print(String(format: "%@: %d files, %d bytes in %.2f s", mode, urls.count, bytes, seconds))
