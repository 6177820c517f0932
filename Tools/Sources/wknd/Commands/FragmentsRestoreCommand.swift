import AEMHeadless
import AEMHeadlessAuthoring
import ArgumentParser
import WKNDCore

/// `wknd fragments restore`: a fragment's values as a saved version has them.
struct FragmentsRestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore a content fragment on author to a saved version.",
        discussion: """
            Brings back the values of the version given (its id, as `wknd
            fragments versions` lists them). The restored values are on author:
            publish them to make them public.

            EXAMPLES
              wknd fragments restore <id-or-path> <version-id>
            """
    )

    @OptionGroup var target: AuthoredFragmentArgument

    @Argument(help: ArgumentHelp("The version's id.", valueName: "version"))
    var version: String

    @Flag(help: "Print the fragment as AEM answers it, with its entity tag.")
    var json = false

    @OptionGroup var options: ServiceOptions

    func run() async throws {
        try await CommandContext.run(options) { context in
            try await context.withAuthoring { services in
                let id =
                    try await target.fragment.hasPrefix("/")
                    ? AuthoredLookup.fragment(target.fragment, on: services.author).id : target.fragment
                let restored = try await services.author.send(.restore(version: version, of: id))
                AuthoredOutput(json: json).write(restored, "restored")
            }
        }
    }
}
