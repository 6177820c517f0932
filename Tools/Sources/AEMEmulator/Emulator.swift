import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// A local emulator for an AEM publish service, over real HTTP.
///
/// It serves a content package (``EmulatorContent``; the bundled WKND sample by default): it runs the package's
/// persisted queries with real GraphQL over the schema AEM generates from its models
/// (`/graphql/execute.json/<configuration>/<name>`), lists and stores queries (`/graphql/list.json`,
/// `/graphql/persist.json`), gives each configuration's schema as SDL, serves the same fragments through Content
/// Fragment Delivery with OpenAPI (`/adobe/contentFragments`), and serves the assets at their `_path` and
/// `_dynamicUrl`.
///
/// ```swift
/// let emulator = try await Emulator.start()             // 127.0.0.1, a free port
/// emulator.faults.script("/graphql/execute.json/wknd-shared/adventures-all", .serviceUnavailable(retryAfter: 1))
/// // … point a client at emulator.baseURL …
/// await emulator.stop()
/// ```
public enum Emulator {
    /// Why this process cannot render images, with what to install: libvips is loaded when first needed, not
    /// linked, and without it an image asked for with modifiers is sent as stored (with an `X-Emulator-Rendition`
    /// header saying so). Nil when it can.
    public static var imageRenderingUnavailableReason: String? { ImageRenderer.unavailableReason }

    /// Builds the HTTP application serving `options` on `host`:`port` (0 picks a free port). `onListening` receives
    /// the base URL (`http://127.0.0.1:<port>`) once the server accepts connections.
    ///
    /// Throws when `options.content` is `nil` and the bundled sample content cannot be loaded.
    public static func application(
        options: EmulatorOptions = EmulatorOptions(),
        host: String = "127.0.0.1",
        port: Int = 0,
        onListening: @escaping @Sendable (_ baseURL: URL) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        let repository = try (options.content ?? EmulatorContent.sample()).repository
        options.live.install(
            repository,
            settings: ServedContent.Settings(
                engine: EngineSettings(dynamicURLs: options.dynamicURLs, dynamicURLBase: options.dynamicURLBase),
                allowsAdHocQueries: options.allowsAdHocQueries))
        let responder = EmulatorResponder(
            live: options.live,
            authentication: options.authentication,
            faults: options.faults,
            allowsControl: options.allowsControl,
            requestLog: options.requestLog)
        return Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in
                await onListening(baseURL(host: host, port: channel.localAddress?.port ?? port))
            },
            logger: Logger(label: "AEMEmulator", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    /// Starts an emulator in this process and returns once it is listening. Stop it with
    /// ``RunningEmulator/stop()``.
    public static func start(
        options: EmulatorOptions = EmulatorOptions(),
        host: String = "127.0.0.1",
        port: Int = 0
    ) async throws -> RunningEmulator {
        let recorder = RequestRecorder()
        var options = options
        let requestLog = options.requestLog
        options.requestLog = { record in
            recorder.append(record)
            requestLog?(record)
        }
        let (listening, continuation) = AsyncStream<URL>.makeStream()
        let application = try application(options: options, host: host, port: port) { url in
            continuation.yield(url)
            continuation.finish()
        }
        // In a service group of its own, so that stopping is a graceful shutdown: cancelling the server's task
        // would drop the connections it has accepted but not yet handed to a handler, which NIO traps on.
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [application],
                logger: Logger(label: "AEMEmulator", factory: { _ in SwiftLogNoOpLogHandler() })
            ))
        let task = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        for await url in listening {
            return RunningEmulator(
                baseURL: url, faults: options.faults, live: options.live, recorder: recorder, group: group, task: task)
        }
        if Task.isCancelled {
            // Started by a cancelled task, which waits for no address: the server is stopped rather than left running
            // unseen (nobody has its address, so no connection is dropped).
            task.cancel()
            _ = await task.result
            throw CancellationError()
        }
        try await task.value
        throw EmulatorStartError(description: "The emulator stopped before listening on \(host):\(port).")
    }

    /// Runs an emulator until the task is cancelled or the process receives SIGINT or SIGTERM, then shuts down
    /// gracefully (for `wknd serve`).
    public static func serve(
        options: EmulatorOptions = EmulatorOptions(),
        host: String = "127.0.0.1",
        port: Int = 0,
        onListening: @escaping @Sendable (_ baseURL: URL) async -> Void = { _ in }
    ) async throws {
        try await application(options: options, host: host, port: port, onListening: onListening).runService()
    }

    static func baseURL(host: String, port: Int) -> URL {
        let authority = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        return URL(string: "http://\(authority)") ?? URL(fileURLWithPath: "/")
    }
}

/// The emulator could not start.
public struct EmulatorStartError: Error, CustomStringConvertible {
    public var description: String
}
