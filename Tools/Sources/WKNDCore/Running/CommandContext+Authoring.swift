import AEMHeadless
import AEMHeadlessAuthoring

/// The services a command that writes content talks to: author, where the Sites API writes, and publish and preview,
/// where what was published to each is read.
package struct AuthoringServices: Sendable {
    /// The author service, signed in, with the retries author needs (`RetryPolicy.authorService`).
    package let author: Aem
    /// The publish service, as the reading commands use it (no cache: a write's command wants what is there now).
    package let publish: Aem
    /// The preview service, read as publish is; nil when no preview host is configured (`AEM_PREVIEW_HOST`, or the
    /// program and environment), or when the built-in sample already running does not say where its preview is.
    package let preview: Aem?

    /// The services given; see each property.
    package init(author: Aem, publish: Aem, preview: Aem? = nil) {
        self.author = author
        self.publish = publish
        self.preview = preview
    }
}

extension CommandContext {
    /// Runs `body` with clients for the configured author, publish and preview services — or, when no host is
    /// configured, for the built-in sample's tiers (its author signed in) — and closes everything after.
    package func withAuthoring<Result: Sendable>(_ body: (AuthoringServices) async throws -> Result) async throws
        -> Result
    {
        let resolved = configuration.resolved
        if let author = try resolved.authorService(), case .configured(let publish) = try resolved.service() {
            // Writing needs no preview host: without one, there is no preview client.
            let preview = resolved.setting(.previewHost).value == nil ? nil : try resolved.previewService()
            return try await withServices(author: author, publish: publish, preview: preview, body)
        }
        console.note("no AEM host configured, writing to the built-in sample service; set AEM_AUTHOR_HOST to use yours")
        let sample = try await BuiltInSample.start(timeout: try resolved.timeout())
        do {
            let result = try await withServices(
                author: sample.authorConfiguration, publish: sample.configuration,
                preview: sample.previewConfiguration, body)
            await sample.stop()
            return result
        } catch {
            await sample.stop()
            throw error
        }
    }

    private func withServices<Result: Sendable>(
        author: AemConfiguration, publish: AemConfiguration, preview: AemConfiguration?,
        _ body: (AuthoringServices) async throws -> Result
    ) async throws -> Result {
        console.detail("author service \(author.origin), authentication \(author.authentication)")
        console.detail("publish service \(publish.origin)")
        if let preview { console.detail("preview service \(preview.origin)") }
        let observer = console.verbose ? VerboseObserver(console: console) : nil
        return try await LazyTransport.withTransport { transport in
            try await body(
                AuthoringServices(
                    author: Aem(author, transport: transport, observer: observer),
                    publish: Aem(publish, transport: transport, observer: observer),
                    preview: preview.map { Aem($0, transport: transport, observer: observer) }))
        }
    }
}
