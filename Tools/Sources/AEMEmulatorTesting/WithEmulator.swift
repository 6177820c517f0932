@_exported import AEMEmulator

/// Runs an AEM emulator in the test's own process for as long as `body` runs, and stops it however `body` ends: the
/// built-in sample (or the content of `options`) on publish and author origins on 127.0.0.1, free ports, real HTTP.
/// Point a client at `emulator.baseURL` (publish) or `emulator.authorURL` (author, `admin`/`admin`). `body` runs on
/// the caller's actor (the main actor in an app's tests).
///
/// ```swift
/// @Test func theListFollowsAPublish() async throws {
///     try await withEmulator { emulator in
///         let aem = Aem(try AemConfiguration(scheme: .http, host: "127.0.0.1:\(emulator.port)"),
///                       transport: URLSessionTransport())
///         …
///     }
/// }
/// ```
public func withEmulator<Result>(
    _ options: EmulatorOptions = EmulatorOptions(), isolation: isolated (any Actor)? = #isolation,
    _ body: (RunningEmulator) async throws -> Result
) async throws -> Result {
    let emulator = try await Emulator.start(options: options)
    do {
        let result = try await body(emulator)
        await emulator.stop()
        return result
    } catch {
        await emulator.stop()
        throw error
    }
}
