import AEMHeadless
import CompanionLaunch

/// The built-in sample service: the emulator program, started in the background on 127.0.0.1
/// with a free port, used when no AEM host is configured. Queries reach it over real HTTP like
/// any server.
package struct BuiltInSample: Sendable {
    private let program: RunningEmulatorProgram
    /// The client configuration that points at it.
    package let configuration: AemConfiguration

    /// The name the download manifest records the sample's files under, whatever its port.
    package static let manifestOrigin = "wknd-built-in-sample"

    package static func start(timeout: Duration) async throws -> BuiltInSample {
        let program: RunningEmulatorProgram
        do {
            program = try await EmulatorProgram.start(
                EmulatorLaunch(host: "127.0.0.1", port: 0, talks: false), timeout: timeout)
        } catch let failure as Failure {
            throw Failure(failure.status, failure.message + " Set AEM_HOST to use your AEM service instead.")
        } catch {
            throw Failure(
                .internalError,
                "The built-in sample service could not start (\(error)); set AEM_HOST to use your AEM service.")
        }
        do {
            return BuiltInSample(
                program: program,
                configuration: try AemConfiguration(
                    scheme: .http, host: "127.0.0.1:\(program.url.port ?? 0)", timeout: timeout,
                    userAgent: ToolIdentity.userAgent))
        } catch {
            await program.stop()
            throw error
        }
    }

    package func stop() async {
        await program.stop()
    }
}
