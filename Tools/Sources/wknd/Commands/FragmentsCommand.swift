import AEMHeadless
import ArgumentParser
import WKNDCore

/// `wknd fragments`: content fragments through AEM's REST delivery API (`/adobe/contentFragments`).
struct FragmentsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fragments",
        abstract: "List and show content fragments through AEM's REST delivery API (/adobe/contentFragments).",
        discussion: """
            AEM as a Cloud Service serves content fragments on its publish and
            preview tiers through the Content Fragment Delivery API with
            OpenAPI, beside GraphQL persisted queries. These commands read it:
            any fragment, whatever its model, with no persisted query needed.
            The built-in stand-in (`wknd serve`) serves the same API.

            EXAMPLES
              wknd fragments list --path /content/dam/wknd-shared/en/adventures
              wknd fragments list --all --jsonl | jq -r .path
              wknd fragments get /content/dam/wknd-shared/en/magazine/skitouring/skitouring
              wknd fragments get <id> --references all-hydrated --json
            """,
        subcommands: [FragmentsListCommand.self, FragmentsGetCommand.self]
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
