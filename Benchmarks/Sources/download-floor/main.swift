// download-floor: how fast this machine's Swift HTTP stack fetches many small files, below the sync.
//
//   download-floor MODE URLS DIR [--concurrency 6]
//
// Reads one URL a line from URLS and saves each response body as DIR/<line number>, `--concurrency` at a time:
//   ahc         AsyncHTTPClient alone: one request, the body collected and written to its file (what curl does)
//   ahc-rename  the same, each body written to a temporary name and renamed into place (what an atomic download adds)
//   downloader  AEMHeadless's FileDownloader over Aem and AsyncHTTPClientTransport, as a sync fetches an image
//               (headers, retries, the body streamed to a temporary file, checked and renamed), with no store
//   curl        libcurl's multi interface on a thread of its own (CurlFloor), driven from Swift tasks as a transport
//               would be: each task opens a temporary file, awaits its transfer (the body written to the file by
//               libcurl's thread) and renames the file into place
// Compared with `curl --parallel` and `wknd sync` on the same URLs, it tells how much of a sync's time the HTTP
// client itself takes. Prints the wall time, and the count of files and bytes written, on stdout.
import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import AEMHeadlessDownload
import AsyncHTTPClient
import CurlFloor
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
guard arguments.count == 3, ["ahc", "ahc-rename", "downloader", "curl"].contains(arguments[0]) else {
    fail("usage: download-floor ahc|ahc-rename|downloader|curl URLS DIR [--concurrency 6]")
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
case "curl":
    guard let engine = curl_floor_start(concurrency, transferEnded) else { fail("libcurl did not start") }
    let shared = EngineReference(engine)
    bytes = try await runAll(urls.count, concurrency: concurrency) { index in
        let path = directory.appendingPathComponent(String(index)).path
        let target = directory.appendingPathComponent(".\(index).part").path
        let descriptor = open(target, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { fail("cannot create \(target)") }
        let (status, result) = await withCheckedContinuation { continuation in
            let end = Unmanaged.passRetained(TransferEnd(continuation)).toOpaque()
            curl_floor_submit(shared.engine, urls[index], descriptor, end)
        }
        let size = lseek(descriptor, 0, SEEK_CUR)
        close(descriptor)
        guard result == 0, status == 200 else { fail("\(urls[index]): status \(status), libcurl \(result)") }
        if rename(target, path) != 0 { fail("cannot rename \(target)") }
        return Int(size)
    }
    curl_floor_stop(engine)
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

/// Called on libcurl's thread as each transfer of the `curl` mode ends (not the main actor's, as a closure written
/// in this file's top-level code would be).
nonisolated func transferEnded(_ context: UnsafeMutableRawPointer?, _ status: Int, _ result: Int32) {
    guard let context else { return }
    Unmanaged<TransferEnd>.fromOpaque(context).takeRetainedValue().finish(status: status, result: result)
}

/// The continuation a transfer of the `curl` mode resumes when libcurl's thread reports its end.
final class TransferEnd: Sendable {
    let continuation: CheckedContinuation<(Int, Int32), Never>
    init(_ continuation: CheckedContinuation<(Int, Int32), Never>) { self.continuation = continuation }
    func finish(status: Int, result: Int32) { continuation.resume(returning: (status, result)) }
}

/// The engine's pointer, shared by the tasks that submit to it (the engine locks its own queue).
struct EngineReference: @unchecked Sendable {
    let engine: OpaquePointer
    init(_ engine: OpaquePointer) { self.engine = engine }
}
