import AEMHeadless
import AEMHeadlessAuthoring
import ArgumentParser
import WKNDCore

/// `wknd fragments create`: a new fragment of a model in a folder on author.
struct FragmentsCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a content fragment on author (POST /adobe/sites/cf/fragments).",
        discussion: """
            Creates a fragment of --model (its name, path or id; `wknd models list`
            shows them) in the folder given, named --name or after its title.
            Fields are given as in `wknd fragments set`: field=value, converted by
            the field's type, or field:=JSON. A new fragment is on author only:
            `wknd fragments publish` makes it public.

            EXAMPLES
              wknd fragments create /content/dam/wknd-shared/en/adventures --model adventure \\
                  --title "Fjord Kayak Week" slug=fjord-kayak-week difficulty=Beginner
            """
    )

    @Argument(help: ArgumentHelp("The folder to create it in, under /content/dam/.", valueName: "folder"))
    var folder: String

    @Argument(help: ArgumentHelp("The fields to give values.", valueName: "field=value"))
    var assignments: [String] = []

    @Option(help: ArgumentHelp("The model: its name, path or id.", valueName: "model"))
    var model: String

    @Option(help: "The title.")
    var title: String

    @Option(help: "The name in the folder (default: made from the title).")
    var name: String?

    @Option(help: "The description.")
    var description: String?

    @Flag(help: "Print the fragment as AEM answers it, with its entity tag.")
    var json = false

    @OptionGroup var options: ServiceOptions

    func validate() throws {
        if let error = ValidationError.damPath(folder) { throw error }
        if title.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--title must not be empty.") }
        _ = try assignments.map { try FieldAssignment(parsing: $0) }
    }

    func run() async throws {
        let assignments = try assignments.map { try FieldAssignment(parsing: $0) }
        try await CommandContext.run(options) { context in
            try await context.withAuthoring { services in
                let model = try await AuthoredLookup.model(model, on: services.author)
                var new = NewFragment(
                    title: title, name: name, description: description, model: model,
                    parentPath: folder.hasSuffix("/") ? String(folder.dropLast()) : folder)
                for (fieldName, given) in Dictionary(grouping: assignments, by: \.name).sorted(by: { $0.key < $1.key })
                {
                    let field = model.field(named: fieldName)
                    let values = try FieldAssignment.values(
                        given, type: field?.type, multiple: field?.multiple ?? false)
                    try new.setValues(values, forField: fieldName)
                }
                let created = try await services.author.send(.create(new))
                AuthoredOutput(json: json).write(created, "created")
            }
        }
    }
}
