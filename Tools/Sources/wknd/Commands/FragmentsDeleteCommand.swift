import AEMHeadless
import AEMHeadlessAuthoring
import ArgumentParser
import WKNDCore

/// `wknd fragments delete`: a fragment off author, and with `--unpublish` off publish too.
struct FragmentsDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a content fragment on author (DELETE /adobe/sites/cf/fragments/{id}).",
        discussion: """
            Deletes the fragment under the entity tag it is read with. AEM refuses
            to delete a fragment that is published (exit 75); --unpublish takes it
            off publish and deletes it at once (deleteAndUnpublish).

            EXAMPLES
              wknd fragments delete /content/dam/wknd-shared/en/adventures/fjord-kayak-week
              wknd fragments delete <id> --unpublish
            """
    )

    @OptionGroup var target: AuthoredFragmentArgument

    @Flag(help: "Unpublish it as well, when it is published.")
    var unpublish = false

    @OptionGroup var options: ServiceOptions

    func run() async throws {
        try await CommandContext.run(options) { context in
            try await context.withAuthoring { services in
                let read = try await AuthoredLookup.fragment(target.fragment, on: services.author)
                if unpublish {
                    try await services.author.send(.deleteAndUnpublish(read))
                } else {
                    do {
                        try await services.author.send(.delete(read))
                    } catch let error as AemError where error.kind == .conflict {
                        throw Failure(
                            .busy,
                            "\(read.path) is published (\(read.status?.rawValue ?? "live")), and AEM deletes only what is not: add --unpublish to take it off publish and delete it, or `wknd fragments unpublish` it first."
                        )
                    }
                }
                Terminal.standardOutput.write("deleted \(read.path)\n")
            }
        }
    }
}
