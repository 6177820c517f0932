import AEMEmulator
import AEMEmulatorTesting
import Foundation

/// Starts an emulator on 127.0.0.1, port 0, runs `body` with it, and stops it however `body` ends; within the
/// budget of `HeavyTests`.
///
/// ```swift
/// try await withRunning(EmulatorOptions(content: content)) { emulator in
///     emulator.faults.script(path, .dropConnection(afterBodyBytes: 100_000))
///     …
/// }
/// ```
public func withRunning<Result>(
    _ options: EmulatorOptions = EmulatorOptions(),
    _ body: (RunningEmulator) async throws -> Result
) async throws -> Result {
    try await HeavyTests.run {
        try await withEmulator(options, body)
    }
}

extension RunningEmulator {
    /// `127.0.0.1:<port>`, the host of a client configuration.
    public var hostAndPort: String {
        "127.0.0.1:\(port)"
    }

    /// The absolute URL of `path` on this emulator.
    public func url(forPath path: String) -> URL {
        baseURL.appendingPathComponent(path)
    }

    /// The requests answered so far whose percent-decoded path is `path`, in order.
    public func requests(to path: String) -> [EmulatorRequestRecord] {
        requests.filter { $0.path == path }
    }
}

extension EmulatorContent {
    /// Stores `bytes` as an asset at `path`, served with `mimeType` and a `Last-Modified` of 1 May 2024, 08:00 GMT.
    public mutating func addAsset(_ path: String, bytes: Data, mimeType: String = "image/jpeg") {
        self[asset: path] = DamAsset(
            path: path, uuid: UUID().uuidString.lowercased(), mimeType: mimeType, width: nil, height: nil,
            lastModified: Date(timeIntervalSince1970: 1_714_550_400), bytes: .data(bytes))
    }
}
