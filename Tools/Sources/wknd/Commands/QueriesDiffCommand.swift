import AEMHeadless
import ArgumentParser
import WKNDCore

extension QueriesCommand {
    /// `wknd queries diff [DIR] [--to-profile NAME]`.
    struct Diff: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "diff",
            abstract: "Show how a folder of queries, or another service, differs from the service.",
            discussion: """
                With DIR: what `wknd queries push DIR` would change on the service,
                for the configurations the folder holds. With --to-profile NAME
                instead: how the service of that profile differs from this one (this
                one's --profile, options and AEM_* settings apply to both, except the
                profile). Exit code 0 when they are equal, 1 when they differ, as
                diff does.

                Each query that differs is a line: + conf/name (only in the second),
                - conf/name (only in the first), or a unified diff of the two texts
                (white space at the end of a text is ignored) and of the cache
                settings, when the service lists them.

                EXAMPLES
                  wknd queries diff aem
                  wknd queries diff --profile stage --to-profile prod
                """)

        @Argument(help: ArgumentHelp("The folder of <configuration>/<name>.graphql files.", valueName: "dir"))
        var folder: String?

        @Option(help: ArgumentHelp("Compare with the service of this profile instead of a folder.", valueName: "name"))
        var toProfile: String?

        @OptionGroup var options: ServiceOptions

        func validate() throws {
            if (folder == nil) == (toProfile == nil) {
                throw ValidationError("Give either a folder or --to-profile NAME.")
            }
        }

        func run() async throws {
            var differs = false
            try await CommandContext.run(options) { context in
                let (first, second, firstName, secondName, comparesCache) = try await sides(context)
                let changes = QueryChanges(from: first, to: second, comparesCache: comparesCache)
                Terminal.standardOutput.write(Self.render(changes, firstName: firstName, secondName: secondName))
                differs = !changes.isEmpty
                if !differs {
                    context.console.note(
                        "\(changes.unchanged) quer\(changes.unchanged == 1 ? "y" : "ies"), no difference")
                }
            }
            if differs { throw ExitCode(1) }
        }

        /// The two sets compared, their names in the output, and whether cache settings are compared.
        private func sides(_ context: CommandContext) async throws -> (
            [QueryFolder.Query], [QueryFolder.Query], String, String, Bool
        ) {
            if let folder {
                let local = try QueryFolder(folder).read()
                let (stored, origin) = try await context.withAem { aem in
                    (
                        try await ServiceQueries.read(from: aem, configurations: Set(local.map(\.configuration))),
                        aem.configuration.origin.description
                    )
                }
                return (stored.queries, local, origin, QueryFolder(folder).url.path, stored.listsCache)
            }
            var other = options
            other.common.profile = toProfile
            let otherContext = CommandContext(configuration: try other.resolveConfiguration(), console: context.console)
            let (first, firstOrigin) = try await context.withAem { aem in
                (try await ServiceQueries.read(from: aem, configurations: nil), aem.configuration.origin.description)
            }
            let (second, secondOrigin) = try await otherContext.withAem { aem in
                (try await ServiceQueries.read(from: aem, configurations: nil), aem.configuration.origin.description)
            }
            return (first.queries, second.queries, firstOrigin, secondOrigin, first.listsCache && second.listsCache)
        }

        /// The differences, as diff prints them.
        static func render(_ changes: QueryChanges, firstName: String, secondName: String) -> String {
            var output = ""
            for query in changes.added { output += "+ \(query.path) (only in \(secondName))\n" }
            for query in changes.removed { output += "- \(query.path) (only in \(firstName))\n" }
            for (old, new) in changes.changed {
                output += "~ \(new.path)\n"
                output += UnifiedDiff.text(
                    from: String(old.comparableText) + "\n", to: String(new.comparableText) + "\n",
                    oldName: "\(firstName) \(old.path)", newName: "\(secondName) \(new.path)")
                if old.cache != new.cache {
                    output += "  cache settings: \(describe(old.cache)) → \(describe(new.cache))\n"
                }
            }
            return output
        }

        private static func describe(_ cache: QueryCacheSettings?) -> String {
            guard let cache else { return "AEM's defaults" }
            return [cache.maxAge.map { "max-age \($0)" }, cache.sharedMaxAge.map { "s-maxage \($0)" }]
                .compactMap { $0 }.joined(separator: ", ")
        }
    }
}
