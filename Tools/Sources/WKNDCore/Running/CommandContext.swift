import AEMHeadless
import ArgumentParser

/// What a command that reads from AEM works with: the resolved configuration, the console on
/// stderr (which masks the secrets), and a client for the configured service.
package struct CommandContext: Sendable {
    package let configuration: LoadedConfiguration
    package let console: Console

    package init(configuration: LoadedConfiguration, console: Console) {
        self.configuration = configuration
        self.console = console
    }

    /// Resolves the configuration and runs `body`. Any failure is reported on stderr as one line
    /// and ends the command with its `ExitStatus`.
    package static func run(_ options: some ConfigurationOptions, _ body: (CommandContext) async throws -> Void)
        async throws
    {
        var console = Console(verbose: options.verbose)
        do {
            let configuration = try options.resolveConfiguration()
            console.scrubber = configuration.scrubber
            for warning in configuration.warnings { console.warning(warning) }
            try await body(CommandContext(configuration: configuration, console: console))
        } catch {
            let failure = Failure(error)
            console.report(failure)
            throw ExitCode(failure.status.rawValue)
        }
    }

    /// Runs `body` with a client for the configured service of the configuration's perspective (publish, preview
    /// or author) — or, when no host is configured, for that tier of the built-in sample service started beside it —
    /// and closes everything after.
    package func withAem<Result: Sendable>(
        cache: (any ResponseCache)? = nil, policy: CachePolicy = .useHTTPSemantics,
        _ body: (Aem) async throws -> Result
    ) async throws -> Result {
        let resolved = configuration.resolved
        switch configuration.perspective {
        case .drafts:
            // A drafts configuration keeps nothing in the cache it is given.
            if let author = try resolved.authorService(perspective: .drafts) {
                console.note("reading drafts from the author service \(author.origin)")
                return try await Self.withClient(author, cache: cache, policy: policy, console: console, body)
            }
        case .preview:
            if let preview = try resolved.previewService() {
                console.note(
                    "reading preview from \(preview.origin); its CDN may keep an answer up to two hours: "
                        + "following events (`wknd list --follow`) gets the newest")
                return try await Self.withClient(preview, cache: cache, policy: policy, console: console, body)
            }
        case .published:
            break
        }
        switch try resolved.service() {
        case .configured(let aemConfiguration):
            return try await Self.withClient(aemConfiguration, cache: cache, policy: policy, console: console, body)
        case .builtInSample:
            console.note(Self.sampleNote(configuration.perspective))
            let sample = try await BuiltInSample.start(timeout: try resolved.timeout())
            do {
                let result = try await Self.withClient(
                    try sample.configuration(for: configuration.perspective), cache: cache, policy: policy,
                    console: console, body)
                await sample.stop()
                return result
            } catch {
                await sample.stop()
                throw error
            }
        }
    }

    /// The note that says the built-in sample is read, and which of its tiers.
    private static func sampleNote(_ perspective: ContentPerspective) -> String {
        switch perspective {
        case .published:
            "no AEM host configured, using the built-in sample service; set AEM_HOST to use yours"
        case .preview:
            "no AEM host configured, reading preview from the built-in sample's preview; set AEM_HOST and AEM_PREVIEW_HOST to use yours"
        case .drafts:
            "no AEM host configured, reading drafts from the built-in sample's author; set AEM_AUTHOR_HOST to use yours"
        }
    }

    private static func withClient<Result: Sendable>(
        _ configuration: AemConfiguration, cache: (any ResponseCache)?, policy: CachePolicy, console: Console,
        _ body: (Aem) async throws -> Result
    ) async throws -> Result {
        console.detail("service \(configuration.origin), authentication \(configuration.authentication)")
        let observer = console.verbose ? VerboseObserver(console: console) : nil
        return try await LazyTransport.withTransport { transport in
            try await body(Aem(configuration, transport: transport, cache: cache, policy: policy, observer: observer))
        }
    }

    /// The data of a result, after warning about any GraphQL errors beside it; a failure when
    /// AEM sent errors and no data.
    package func data<Value>(of result: GraphQLResult<Value>) throws -> Value {
        let data = try result.requireData()
        warnAboutErrors(in: result)
        return data
    }

    /// Warns on stderr about each GraphQL error that came beside the data.
    package func warnAboutErrors<Value>(in result: GraphQLResult<Value>) {
        for error in result.errors { console.warning("AEM reported an error beside the data: \(error)") }
    }
}
