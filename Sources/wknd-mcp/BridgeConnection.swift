import Foundation
import MCPBridge

/// The running `wknd mcp --bridge`: requests written to its standard input, replies read from its standard output
/// and handed to the request that waits for them. Its standard error is this program's.
actor BridgeConnection {
    private let process: Process
    private let requests: FileHandle
    private var waiting: [Int: CheckedContinuation<MCPBridge.Reply, Never>] = [:]
    private var progressHandlers: [Int: @Sendable (MCPBridge.Progress) async -> Void] = [:]
    private var lastID = 0
    /// Why no more replies come, once the bridge has ended.
    private var ending: String?

    /// Starts the bridge's command line `command`.
    init(command: [String]) throws {
        guard let program = command.first else { throw BridgeFailure("The bridge's command line is empty.") }
        process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = Array(command.dropFirst())
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        requests = input.fileHandleForWriting
        let replies = output.fileHandleForReading
        Task.detached { [self] in await self.read(replies) }
    }

    /// Sends `request` (its id is set here) and returns the reply that ends it, calling `progress` with each
    /// report of how far it has got.
    func send(
        _ method: MCPBridge.Request.Method, name: String? = nil, arguments: String? = nil,
        progress: (@Sendable (MCPBridge.Progress) async -> Void)? = nil
    ) async -> MCPBridge.Reply {
        lastID += 1
        let id = lastID
        if let ending { return MCPBridge.Reply(id: id, error: ending) }
        let request = MCPBridge.Request(id: id, method: method, name: name, arguments: arguments)
        guard let line = try? JSONEncoder().encode(request) else {
            return MCPBridge.Reply(id: id, error: "The request could not be written.")
        }
        progressHandlers[id] = progress
        return await withCheckedContinuation { continuation in
            waiting[id] = continuation
            do {
                try requests.write(contentsOf: line + Data("\n".utf8))
            } catch {
                finish(MCPBridge.Reply(id: id, error: ending ?? "wknd mcp --bridge does not take requests: \(error)."))
            }
        }
    }

    /// Closes the bridge's standard input, which ends it once its requests are answered, and waits until it has
    /// exited (at most `grace`, then it is stopped).
    func close(grace: Duration = .seconds(10)) async {
        try? requests.close()
        let process = process
        let deadline = ContinuousClock.now + grace
        while process.isRunning, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning { process.terminate() }
    }

    private func receive(_ reply: MCPBridge.Reply) async {
        if reply.id == 0, let error = reply.error {
            ending = error
            return
        }
        if let progress = reply.progress {
            await progressHandlers[reply.id]?(progress)
            return
        }
        finish(reply)
    }

    private func finish(_ reply: MCPBridge.Reply) {
        progressHandlers[reply.id] = nil
        waiting.removeValue(forKey: reply.id)?.resume(returning: reply)
    }

    /// Every request still waiting fails with `message`, and so does every later one.
    private func end(_ message: String) {
        if ending == nil { ending = message }
        for id in waiting.keys { finish(MCPBridge.Reply(id: id, error: ending)) }
    }

    /// Reads the replies until the bridge closes its standard output.
    private func read(_ handle: FileHandle) async {
        let lines = AsyncStream<Data> { continuation in
            Thread.detachNewThread {
                var pending = Data()
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    pending.append(chunk)
                    while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        continuation.yield(Data(pending[pending.startIndex..<end]))
                        pending = Data(pending[pending.index(after: end)...])
                    }
                }
                continuation.finish()
            }
        }
        let decoder = JSONDecoder()
        for await line in lines {
            guard let reply = try? decoder.decode(MCPBridge.Reply.self, from: line) else { continue }
            await receive(reply)
        }
        let process = process
        while process.isRunning { try? await Task.sleep(for: .milliseconds(20)) }
        end(
            "wknd mcp --bridge ended (exit status \(process.terminationStatus)); its message is on standard error. "
                + "Restart the server once the cause is fixed.")
    }
}

/// A failure to start, said in one line.
struct BridgeFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
