import AEMHeadless
import ArgumentParser
import WKNDCore

/// `wknd fragments`: content fragments through AEM's REST delivery API (`/adobe/contentFragments`).
struct FragmentsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fragments",
        abstract: "Read content fragments (delivery API) and write them on author (Sites API).",
        discussion: """
            list and get read what the publish service serves, through the
            Content Fragment Delivery API (/adobe/contentFragments): any fragment,
            whatever its model, with no persisted query needed.

            create, edit, set, delete, publish, unpublish, versions and restore
            write on the author service, through the Sites API
            (/adobe/sites/cf/fragments): set AEM_AUTHOR_HOST (or --author-host,
            or a profile's authorHost; --program and --environment make it), and
            sign in as for reading. Every change is sent with the entity tag of
            the copy it was based on, so that it never overwrites someone else's:
            a conflict exits 75 and writes nothing. With no AEM configured, they
            write to the built-in sample, whose changes last from one command to
            the next (`wknd serve --reset` starts it afresh).

            EXAMPLES
              wknd fragments list --path /content/dam/wknd-shared/en/adventures
              wknd fragments get /content/dam/wknd-shared/en/magazine/skitouring/skitouring
              P=/content/dam/wknd-shared/en/adventures/lofoten-winter-surf/lofoten-winter-surf
              wknd fragments set $P title="Lofoten Winter Surf Camp"
              wknd fragments publish $P --wait && wknd list
            """,
        subcommands: [
            FragmentsListCommand.self, FragmentsGetCommand.self, FragmentsCreateCommand.self,
            FragmentsEditCommand.self, FragmentsSetCommand.self, FragmentsDeleteCommand.self,
            FragmentsPublishCommand.self, FragmentsUnpublishCommand.self, FragmentsVersionsCommand.self,
            FragmentsRestoreCommand.self,
        ]
    )
}

/// The `--references` choices, as AEM spells them.
enum FragmentReferencesChoice: String, CaseIterable, ExpressibleByArgument, Sendable {
    case none, direct
    case directHydrated = "direct-hydrated"
    case all
    case allHydrated = "all-hydrated"
}

extension ValidationError {
    /// The usage error for a path the delivery API does not take, or nil when it takes it.
    static func damPath(_ path: String) -> ValidationError? {
        do {
            _ = try DeliveryRequest.fragmentPage(under: path)
            return nil
        } catch {
            return ValidationError(error.message)
        }
    }
}
