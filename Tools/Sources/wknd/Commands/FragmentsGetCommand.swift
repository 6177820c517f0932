import AEMHeadless
import ArgumentParser
import WKNDCore

/// `wknd fragments get`: one fragment by id or path, every field laid out, or AEM's JSON object.
struct FragmentsGetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Show one content fragment by id or path (GET /adobe/contentFragments/{id}, /byPath).",
        discussion: """
            Give the fragment's id (as `wknd fragments list` shows it) or its DAM
            path. Every field is laid out by name; a reference shows the title
            and path of what it points to, multi-line text is wrapped to the
            terminal as `wknd show` wraps it, and the references come last.

            --references asks AEM for what the fragment references: none,
            direct (the fragment's own references, fragments as id and path),
            direct-hydrated (the default: with their fields), all or
            all-hydrated (down to AEM's maximum depth). --json prints the
            object exactly as AEM sent it.

            --locale de-CH,de,en reads a path in the first locale of the chain
            whose language copy has it, and names that locale on stderr.

            No fragment with that id or path: nothing on stdout, one line on
            stderr, exit code 66.

            EXAMPLES
              wknd fragments get /content/dam/wknd-shared/en/magazine/skitouring/skitouring
              wknd fragments get <id> --references all-hydrated --json | jq .references
            """
    )

    @Argument(help: ArgumentHelp("The fragment's id, or its path under /content/dam/.", valueName: "id-or-path"))
    var fragment: String

    @Option(help: ArgumentHelp("What references come with it.", valueName: "mode"))
    var references: FragmentReferencesChoice = .directHydrated

    @Flag(help: "Print the fragment object as AEM sent it instead of text.")
    var json = false

    @OptionGroup var options: ServiceOptions

    @OptionGroup(title: "Response cache") var caching: CacheOptions

    private var isPath: Bool { fragment.hasPrefix("/") }

    func validate() throws {
        if fragment.isEmpty { throw ValidationError("Give the fragment's id or path.") }
        if isPath, let error = ValidationError.damPath(fragment) { throw error }
    }

    func run() async throws {
        let mode = FragmentReferences(rawValue: references.rawValue) ?? .none
        try await CommandContext.run(options) { context in
            try await context.withAem(caching: caching) { aem, cache in
                let (fragment, isPath) = (fragment, isPath)
                let delivered: DeliveredFragment
                if isPath, let locales = try context.configuration.resolved.locales() {
                    delivered = try await translation(of: fragment, in: locales, mode: mode, aem: aem, cache: cache)
                    context.console.note(
                        "\(delivered.path): \(ContentLocale(ofPath: delivered.path)?.identifier ?? "?") (asked for \(locales))"
                    )
                } else {
                    delivered = try await cache.value {
                        isPath
                            ? try await aem.execute(.fragment(path: fragment, references: mode))
                            : try await aem.execute(.fragment(id: fragment, references: mode))
                    }
                }
                let terminal = Terminal.standardOutput
                if json {
                    QueryOutput(console: context.console).write(delivered.json)
                } else {
                    terminal.write(
                        FragmentTextRenderer(
                            width: terminal.width, usesColor: terminal.usesColor, origin: aem.configuration.origin
                        )
                        .render(delivered))
                }
            }
        }
    }

    /// The fragment at `path` in the first locale of `locales` that has it, each copy asked through the cache.
    private func translation(
        of path: String, in locales: LocaleChain, mode: FragmentReferences, aem: Aem, cache: CommandCache
    ) async throws -> DeliveredFragment {
        let found = try await locales.firstTranslation(of: path) { copy in
            do {
                return try await cache.value {
                    try await aem.execute(.fragment(path: copy, references: mode))
                }
            } catch let error as AemError where error.kind == .notFound {
                return nil
            }
        }
        guard let found else {
            throw Failure(
                .notFound, "No fragment at \(path) in \(locales) on \(aem.configuration.origin).")
        }
        return found.value
    }
}
