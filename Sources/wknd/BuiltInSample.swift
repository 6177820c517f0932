import AEMEmulator
import AEMHeadless

/// The built-in sample service: the emulator started in this process on 127.0.0.1 with a free
/// port, used when no AEM host is configured. Queries reach it over real HTTP like any server.
struct BuiltInSample: Sendable {
    private let emulator: RunningEmulator
    /// The client configuration that points at it.
    let configuration: AemConfiguration

    /// The name the download manifest records the sample's files under, whatever its port.
    static let manifestOrigin = "wknd-built-in-sample"

    static func start(timeout: Duration) async throws -> BuiltInSample {
        let emulator: RunningEmulator
        do {
            emulator = try await Emulator.start(host: "127.0.0.1", port: 0)
        } catch {
            throw Failure(
                .internalError,
                "The built-in sample service could not start (\(error)); set AEM_HOST to use your AEM service.")
        }
        do {
            return BuiltInSample(
                emulator: emulator,
                configuration: try AemConfiguration(
                    scheme: .http, host: "127.0.0.1:\(emulator.port)",
                    timeout: timeout))
        } catch {
            await emulator.stop()
            throw error
        }
    }

    func stop() async {
        await emulator.stop()
    }
}
