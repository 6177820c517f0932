import Foundation
import Hummingbird
import Logging
import NIOConcurrencyHelpers

/// A local emulator for Adobe IMS, over real HTTP: it exchanges service-credential JWTs and
/// OAuth client credentials for access tokens that an emulator with
/// `EmulatorAuthentication.imsTokens` accepts until they expire.
///
/// ```swift
/// let tokens = IMSTokenStore(lifetimes: [60])
/// let ims = try await IMSEmulator.start(options: IMSOptions(clients: [client], tokens: tokens))
/// let aem = try await Emulator.start(options: EmulatorOptions(authentication: .imsTokens(tokens)))
/// ```
public enum IMSEmulator {
    /// Starts an emulator in this process on `host`:`port` (0 picks a free port) and returns once it listens.
    public static func start(options: IMSOptions, host: String = "127.0.0.1", port: Int = 0) async throws -> RunningIMS
    {
        let counts = NIOLockedValueBox<[String: Int]>([:])
        let (listening, continuation) = AsyncStream<URL>.makeStream()
        let application = Application(
            responder: IMSResponder(options: options, counts: counts),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in
                continuation.yield(Emulator.baseURL(host: host, port: channel.localAddress?.port ?? port))
                continuation.finish()
            },
            logger: Logger(label: "IMSEmulator", factory: { _ in SwiftLogNoOpLogHandler() }))
        let task = Task {
            defer { continuation.finish() }
            try await application.run()
        }
        for await url in listening {
            return RunningIMS(baseURL: url, tokens: options.tokens, counts: counts, task: task)
        }
        try await task.value
        throw EmulatorStartError(description: "The IMS emulator stopped before listening on \(host):\(port).")
    }
}

/// An IMS emulator started with ``IMSEmulator/start(options:host:port:)``.
public final class RunningIMS: Sendable {
    /// `http://<host>:<port>`: the IMS URL to give a client.
    public let baseURL: URL
    /// The tokens issued, shared with the emulators that accept them.
    public let tokens: IMSTokenStore
    private let counts: NIOLockedValueBox<[String: Int]>
    private let task: Task<Void, any Error>

    init(baseURL: URL, tokens: IMSTokenStore, counts: NIOLockedValueBox<[String: Int]>, task: Task<Void, any Error>) {
        self.baseURL = baseURL
        self.tokens = tokens
        self.counts = counts
        self.task = task
    }

    /// How many requests reached the JWT exchange (`/ims/exchange/jwt`).
    public var jwtExchangeRequests: Int { counts.withLockedValue { $0[IMSResponder.jwtExchangePath] ?? 0 } }
    /// How many requests reached the OAuth token endpoint (`/ims/token/v3`).
    public var clientCredentialsRequests: Int { counts.withLockedValue { $0[IMSResponder.clientCredentialsPath] ?? 0 } }

    /// Stops the server and returns when it has stopped.
    public func stop() async {
        task.cancel()
        _ = await task.result
    }
}
