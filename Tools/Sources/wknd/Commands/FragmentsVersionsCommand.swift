import AEMHeadless
import AEMHeadlessAuthoring
import ArgumentParser
import WKNDCore

/// `wknd fragments versions`: a fragment's saved versions, and a new one with `--create`.
struct FragmentsVersionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "versions",
        abstract: "List the saved versions of a content fragment on author, or save one (--create).",
        discussion: """
            Lists the versions newest first: id, title, when and by whom, label
            and comment. --create saves the fragment as it is now as a version
            (with --label and --comment) and prints it. `wknd fragments restore`
            brings one back.

            EXAMPLES
              wknd fragments versions /content/dam/wknd-shared/en/adventures/lofoten-winter-surf/lofoten-winter-surf
              wknd fragments versions <id> --create --label "before the rewrite"
            """
    )

    @OptionGroup var target: AuthoredFragmentArgument

    @Flag(help: "Save the fragment as it is now as a new version.")
    var create = false

    @Option(help: "The new version's label (with --create).")
    var label: String?

    @Option(help: "The new version's comment (with --create).")
    var comment: String?

    @Flag(help: "Print the versions as AEM sent them, one JSON object a line.")
    var json = false

    @OptionGroup var options: ServiceOptions

    func validate() throws {
        if !create, label != nil || comment != nil { throw ValidationError("--label and --comment go with --create.") }
    }

    func run() async throws {
        try await CommandContext.run(options) { context in
            try await context.withAuthoring { services in
                let id =
                    try await target.fragment.hasPrefix("/")
                    ? AuthoredLookup.fragment(target.fragment, on: services.author).id : target.fragment
                let output = Terminal.standardOutput
                if create {
                    let version = try await services.author.send(.createVersion(of: id, label: label, comment: comment))
                    output.write(json ? version.json.jsonText() + "\n" : Self.line(version) + "\n")
                    return
                }
                var rows: [[String]] = []
                for try await version in try services.author.versions(of: id).items {
                    if json {
                        output.write(version.json.jsonText() + "\n")
                    } else {
                        rows.append(Self.columns(version))
                    }
                }
                guard !json else { return }
                if rows.isEmpty {
                    context.console.note("no saved versions; `--create` saves one")
                    return
                }
                for row in rows { output.write(row.joined(separator: "\t") + "\n") }
            }
        }
    }

    private static func columns(_ version: FragmentVersion) -> [String] {
        [
            version.id, version.title ?? "", version.created ?? "", version.createdBy ?? "", version.label ?? "",
            version.comment ?? "",
        ]
    }

    private static func line(_ version: FragmentVersion) -> String {
        "saved version " + columns(version).filter { !$0.isEmpty }.joined(separator: " ")
    }
}
