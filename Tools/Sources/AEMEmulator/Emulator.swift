import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// A local emulator for an AEM as a Cloud Service environment, over real HTTP: a publish origin, an author origin and
/// a preview origin.
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

    /// The HTTP applications serving `options` on `host`: the publish origin on `port`, the author origin on
    /// `authorPort` and the preview origin on `previewPort` (0 picks a free port). `onListening` receives their base
    /// URLs (`http://127.0.0.1:<port>`) once all accept connections.
    ///
    /// Throws when `options.content` is `nil` and the bundled sample content cannot be loaded.
    static func applications(
        options: EmulatorOptions, host: String, port: Int, authorPort: Int, previewPort: Int,
        onListening: @escaping @Sendable (EmulatorOrigins) async -> Void
    ) throws -> [any Service] {
        let repository = try (options.content ?? EmulatorContent.sample()).repository
        options.live.install(
            repository,
            settings: ServedContent.Settings(
                engine: EngineSettings(dynamicURLs: options.dynamicURLs, dynamicURLBase: options.dynamicURLBase),
                allowsAdHocQueries: options.allowsAdHocQueries),
            authorLog: options.authorLog, replayed: options.authorLog?.replayed ?? [])
        let listening = ListeningOrigins(onListening)
        let ports: [EmulatorView: Int] = [.publish: port, .author: authorPort, .preview: previewPort]
        return [EmulatorView.publish, .author, .preview].map { view in
            let port = ports[view] ?? 0
            let responder = EmulatorResponder(
                view: view, live: options.live,
                authentication: view == .author ? options.authorAuthentication : options.authentication,
                faults: options.faults, cdn: CacheRules.tiersBehindCDN.contains(view) ? options.cdn : nil,
                requestLog: options.requestLog)
            return Application(
                responder: responder,
                configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
                onServerRunning: { channel in
                    await listening.listening(view, baseURL(host: host, port: channel.localAddress?.port ?? port))
                },
                logger: Logger(label: "AEMEmulator", factory: { _ in SwiftLogNoOpLogHandler() }))
        }
    }

    /// Starts an emulator in this process and returns once all its origins are listening. Stop it with
    /// ``RunningEmulator/stop()``.
    public static func start(
        options: EmulatorOptions = EmulatorOptions(),
        host: String = "127.0.0.1",
        port: Int = 0,
        authorPort: Int = 0,
        previewPort: Int = 0
    ) async throws -> RunningEmulator {
        let recorder = RequestRecorder()
        var options = options
        let requestLog = options.requestLog
        options.requestLog = { record in
            recorder.append(record)
            requestLog?(record)
        }
        let (listening, continuation) = AsyncStream<EmulatorOrigins>.makeStream()
        let services = try applications(
            options: options, host: host, port: port, authorPort: authorPort, previewPort: previewPort
        ) {
            continuation.yield($0)
            continuation.finish()
        }
        // In a service group of its own, so that stopping is a graceful shutdown: cancelling the server's task
        // would drop the connections it has accepted but not yet handed to a handler, which NIO traps on.
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: services,
                logger: Logger(label: "AEMEmulator", factory: { _ in SwiftLogNoOpLogHandler() })
            ))
        let task = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        for await origins in listening {
            return RunningEmulator(
                origins: origins, faults: options.faults, live: options.live, recorder: recorder, group: group,
                task: task)
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
        authorPort: Int = 0,
        previewPort: Int = 0,
        onListening: @escaping @Sendable (EmulatorOrigins) async -> Void = { _ in }
    ) async throws {
        let services = try applications(
            options: options, host: host, port: port, authorPort: authorPort, previewPort: previewPort,
            onListening: onListening)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: services, gracefulShutdownSignals: [.sigterm, .sigint],
                logger: Logger(label: "AEMEmulator", factory: { _ in SwiftLogNoOpLogHandler() })))
        try await group.run()
    }

    static func baseURL(host: String, port: Int) -> URL {
        let authority = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        return URL(string: "http://\(authority)") ?? URL(fileURLWithPath: "/")
    }
}

/// Where a running emulator's three tiers are served.
public struct EmulatorOrigins: Sendable {
    /// The publish origin: content as it was last published.
    public var publish: URL
    /// The author origin: content as it is now, and the Sites API that writes it.
    public var author: URL
    /// The preview origin: content as it was last published to preview.
    public var preview: URL
}

/// Collects the addresses of the origins, and tells once all listen.
private actor ListeningOrigins {
    private var urls: [EmulatorView: URL] = [:]
    private let done: @Sendable (EmulatorOrigins) async -> Void

    init(_ done: @escaping @Sendable (EmulatorOrigins) async -> Void) {
        self.done = done
    }

    func listening(_ view: EmulatorView, _ url: URL) async {
        urls[view] = url
        guard urls.count == 3, let publish = urls[.publish], let author = urls[.author], let preview = urls[.preview]
        else { return }
        await done(EmulatorOrigins(publish: publish, author: author, preview: preview))
    }
}

/// The emulator could not start.
public struct EmulatorStartError: Error, CustomStringConvertible {
    public var description: String
}
