import AEMEmulator
import EmulatorTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `wknd serve`'s author state on disk: every acknowledged write is there after the emulator is killed with SIGKILL
/// in the middle of writes, and `--reset` starts from the package again.
@Suite("wknd serve: author writes kept across SIGKILL", .timeLimit(.minutes(10)))
struct ServeStateTests {
    /// A running `wknd serve` with its author origin.
    private struct Served {
        let process: Process
        let end: ProcessEnd
        let author: String
    }

    /// Starts `wknd serve` on free ports with its author state in `state`.
    private static func serve(state: URL, reset: Bool = false) async throws -> Served {
        let executable = try #require(WkndRun.executable)
        let process = Process()
        process.executableURL = executable
        process.arguments =
            ["serve", "--port", "0", "--author-port", "0", "--preview-port", "0", "--state", state.path]
            + (reset ? ["--reset"] : [])
        process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let end = ProcessEnd(process)
        try process.run()
        let reader = output.fileHandleForReading
        let printed = await offThePool {
            var text = Data()
            while text.count(where: { $0 == UInt8(ascii: "\n") }) < 3, let chunk = nextChunk(of: reader) {
                text.append(chunk)
            }
            return String(decoding: text, as: UTF8.self)
        }
        let lines = printed.split(separator: "\n").map(String.init)
        guard lines.count == 3 else {
            process.terminate()
            Issue.record("wknd serve printed \(printed)")
            throw CancellationError()
        }
        return Served(process: process, end: end, author: lines[1])
    }

    /// Sends a Sites API request to `author`, signed in; the status and the JSON body.
    private static func send(
        _ author: String, _ method: String, _ path: String, body: Any? = nil, tag: String? = nil,
        type: String = "application/json"
    ) async throws -> (status: Int, tag: String?, json: [String: Any]) {
        var request = URLRequest(url: try #require(URL(string: author + "/adobe/sites" + path)))
        request.httpMethod = method
        request.setValue("Basic " + Data("admin:admin".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        if let tag { request.setValue(tag, forHTTPHeaderField: "If-Match") }
        if let body {
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
            request.setValue(type, forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return (http.statusCode, http.value(forHTTPHeaderField: "ETag"), json)
    }

    /// The value of the `groupSize` field of the fragment `id`, and its tag and field index.
    private static func groupSize(_ author: String, _ id: String) async throws -> (value: Int, tag: String?, index: Int)
    {
        let read = try await send(author, "GET", "/cf/fragments/\(id)")
        let fields = read.json["fields"] as? [[String: Any]] ?? []
        let index = try #require(fields.firstIndex { $0["name"] as? String == "groupSize" })
        return ((fields[index]["values"] as? [Int])?.first ?? 0, read.tag, index)
    }

    @Test("every write acknowledged before a SIGKILL is there after a restart; --reset forgets them")
    func sigkill() async throws {
        try await HeavyTests.run {
            try await withTemporaryFolder("serve-state") { state in
                let served = try await Self.serve(state: state, reset: true)
                let listed = try await Self.send(
                    served.author, "GET", "/cf/fragments?path=/content/dam/wknd-shared/en/adventures&limit=20")
                let ids = (listed.json["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
                #expect(ids.count == 20)
                let acknowledged = LockedValue<[String: Int]>([:])
                let acknowledgedWrites = LockedValue(0)
                let killed = LockedValue(false)
                // Four writers increment counters until 60 writes are acknowledged; then SIGKILL, writers still going.
                await withTaskGroup(of: Void.self) { group in
                    for writer in 0..<4 {
                        group.addTask {
                            var number = writer
                            while !killed.value {
                                number += 4
                                let id = ids[number % ids.count]
                                guard let (value, tag, index) = try? await Self.groupSize(served.author, id),
                                    let written = try? await Self.send(
                                        served.author, "PATCH", "/cf/fragments/\(id)",
                                        body: [
                                            ["op": "replace", "path": "/fields/\(index)/values", "value": [value + 1]]
                                        ],
                                        tag: tag, type: "application/json-patch+json"),
                                    written.status == 200
                                else { continue }
                                acknowledged.withLock { counts in counts[id] = max(counts[id] ?? 0, value + 1) }
                                let writes = acknowledgedWrites.withLock { count in
                                    count += 1
                                    return count
                                }
                                guard writes >= 60 else { continue }
                                let first = killed.withLock { done in
                                    defer { done = true }
                                    return !done
                                }
                                if first { kill(served.process.processIdentifier, SIGKILL) }
                            }
                        }
                    }
                }
                #expect(await served.end.status == SIGKILL)

                let again = try await Self.serve(state: state)
                for (id, value) in acknowledged.value {
                    #expect(try await Self.groupSize(again.author, id).value >= value, "\(id)")
                }
                kill(again.process.processIdentifier, SIGINT)
                _ = await again.end.status

                let reset = try await Self.serve(state: state, reset: true)
                let (id, written) = try #require(acknowledged.value.first)
                #expect(try await Self.groupSize(reset.author, id).value < written)
                kill(reset.process.processIdentifier, SIGINT)
                _ = await reset.end.status
            }
        }
    }
}
