import AEMHeadless
import AEMHeadlessAuthoring
import CompanionLaunch
import Foundation

/// The built-in sample service: the emulator program, started in the background on 127.0.0.1
/// with free ports, used when no AEM host is configured. Queries reach it over real HTTP like
/// any server. Its author tier keeps its writes in the sample's state folder (``StateLocation``), so that an edit
/// lasts from one command to the next; `wknd` signs in to it as the AEM SDK's author (`admin`/`admin`, on loopback
/// only). When the sample is served already (`wknd serve`, or a `wknd sync --follow` still running), that emulator is
/// used instead, so that every command sees the same author tier and the same events.
package struct BuiltInSample: Sendable {
    /// The program this command started; nil when it uses one already running.
    private let program: RunningEmulatorProgram?
    /// The client configuration that points at its publish tier.
    package let configuration: AemConfiguration
    /// The client configuration that points at its author tier, signed in.
    package let authorConfiguration: AemConfiguration
    /// The client configuration that points at its preview tier; nil when the emulator serving the sample already
    /// did not say where its preview is.
    package let previewConfiguration: AemConfiguration?

    /// The name the download manifest records the sample's files under, whatever its port.
    package static let manifestOrigin = "wknd-built-in-sample"

    package static func start(timeout: Duration) async throws -> BuiltInSample {
        let state = try StateLocation(contentPath: nil).folder
        if let serving = EmulatorServing.running(in: state) {
            return try BuiltInSample(
                program: nil, publish: serving.publish, author: serving.author, preview: serving.preview,
                timeout: timeout)
        }
        let program: RunningEmulatorProgram
        do {
            program = try await EmulatorProgram.start(
                EmulatorLaunch(
                    host: "127.0.0.1", port: 0, authorPort: 0, statePath: state.path, stateWait: 10, talks: false),
                timeout: timeout)
        } catch let failure as Failure {
            throw Failure(failure.status, failure.message + " Set AEM_HOST to use your AEM service instead.")
        } catch {
            throw Failure(
                .internalError,
                "The built-in sample service could not start (\(error)); set AEM_HOST to use your AEM service.")
        }
        do {
            return try BuiltInSample(
                program: program, publish: program.url, author: program.authorURL, preview: program.previewURL,
                timeout: timeout)
        } catch {
            await program.stop()
            throw error
        }
    }

    private init(program: RunningEmulatorProgram?, publish: URL, author: URL, preview: URL?, timeout: Duration)
        throws
    {
        self.program = program
        configuration = try AemConfiguration(
            scheme: .http, host: "127.0.0.1:\(publish.port ?? 0)", timeout: timeout, userAgent: ToolIdentity.userAgent)
        authorConfiguration = try AemConfiguration(
            scheme: .http, host: "127.0.0.1:\(author.port ?? 0)",
            authentication: .basic(username: "admin", password: "admin"), timeout: timeout, retry: .authorService,
            userAgent: ToolIdentity.userAgent, perspective: .drafts)
        previewConfiguration = try preview.map { preview in
            try AemConfiguration(
                scheme: .http, host: "127.0.0.1:\(preview.port ?? 0)", timeout: timeout,
                userAgent: ToolIdentity.userAgent, perspective: .preview)
        }
    }

    /// The configuration of the tier that serves `perspective`.
    /// - Throws: `Failure` for preview when the emulator serving the sample did not say where its preview is.
    package func configuration(for perspective: ContentPerspective) throws -> AemConfiguration {
        switch perspective {
        case .published: return configuration
        case .drafts: return authorConfiguration
        case .preview:
            guard let previewConfiguration else {
                throw Failure(
                    .unavailable,
                    "The sample service already running does not say where its preview is: stop it and start `wknd serve` again."
                )
            }
            return previewConfiguration
        }
    }

    package func stop() async {
        await program?.stop()
    }
}
