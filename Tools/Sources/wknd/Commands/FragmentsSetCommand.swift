import AEMHeadless
import AEMHeadlessAuthoring
import ArgumentParser
import WKNDCore

/// `wknd fragments set`: changes some fields of a fragment on author, named by name, for scripts.
struct FragmentsSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change fields of a content fragment on author, by name (PATCH /adobe/sites/cf/fragments/{id}).",
        discussion: """
            Reads the fragment with its entity tag, then sends only the fields
            given, as a JSON Patch under that tag (If-Match): if someone changed
            the fragment in between, nothing is written and it exits 75.

            field=value is converted by the field's type (a number, true or
            false, text); field:=JSON gives a JSON value as it is (an array for
            several); field= empties the field. A field that holds several values
            takes one field=value for each. --title and --description change
            those. --dry-run prints the JSON Patch instead of sending it.

            Prints what it changed on stdout (--json: the fragment as AEM answers
            it, with its new tag as etag). A published fragment becomes MODIFIED:
            publish serves its old values until `wknd fragments publish`.

            EXAMPLES
              P=/content/dam/wknd-shared/en/adventures/lofoten-winter-surf/lofoten-winter-surf
              wknd fragments set $P tripLength="6 days"
              wknd fragments set $P groupSize=8 'activity:="Surfing"' --dry-run
            """
    )

    @OptionGroup var target: AuthoredFragmentArgument

    @Argument(help: ArgumentHelp("The fields to change.", valueName: "field=value"))
    var assignments: [String] = []

    @Option(help: "A new title.")
    var title: String?

    @Option(help: "A new description.")
    var description: String?

    @Flag(help: "Print the JSON Patch that would be sent, and send nothing.")
    var dryRun = false

    @Flag(help: "Print the fragment as AEM answers it, with its entity tag.")
    var json = false

    @OptionGroup var options: ServiceOptions

    func validate() throws {
        if assignments.isEmpty, title == nil, description == nil {
            throw ValidationError("Give the fields to change as field=value, or --title or --description.")
        }
        _ = try parsedAssignments()
    }

    private func parsedAssignments() throws -> [FieldAssignment] {
        try assignments.map { try FieldAssignment(parsing: $0) }
    }

    func run() async throws {
        let assignments = try parsedAssignments()
        try await CommandContext.run(options) { context in
            try await context.withAuthoring { services in
                let read = try await AuthoredLookup.fragment(target.fragment, on: services.author)
                let edit = try Self.edit(of: read, assignments, title: title, description: description)
                if dryRun {
                    if edit.isEmpty { context.console.note("\(read.path) has these values already: nothing to send") }
                    AuthoredOutput(json: true).write(edit.patch)
                    return
                }
                guard !edit.isEmpty else {
                    context.console.note("\(read.path) has these values already; nothing was sent")
                    AuthoredOutput(json: json).write(read, "unchanged")
                    return
                }
                let saved = try await services.author.send(.patch(edit))
                AuthoredOutput(json: json).write(saved, "modified", fields: Self.changes(in: edit))
            }
        }
    }

    /// The edit that sets `assignments`, `title` and `description` on `fragment`.
    static func edit(
        of fragment: AuthoredFragment, _ assignments: [FieldAssignment], title: String?, description: String?
    ) throws -> FragmentEdit {
        var edit = FragmentEdit(fragment)
        edit.title = title
        edit.description = description
        var order: [String] = []
        var grouped: [String: [FieldAssignment]] = [:]
        for assignment in assignments {
            if grouped[assignment.name] == nil { order.append(assignment.name) }
            grouped[assignment.name, default: []].append(assignment)
        }
        for name in order {
            guard let field = fragment.field(named: name) else {
                let names = fragment.fields.map(\.name).joined(separator: ", ")
                throw Failure(.usage, "The fragment \(fragment.path) has no field \(name); its fields are \(names).")
            }
            let values = try FieldAssignment.values(grouped[name] ?? [], type: field.type, multiple: field.multiple)
            try edit.setValues(values, forField: name)
        }
        return edit
    }

    /// The names of what `edit` changes: the title, the description and the fields.
    static func changes(in edit: FragmentEdit) -> [String] {
        var names: [String] = []
        if let title = edit.title, title != edit.base.title { names.append("title") }
        if let description = edit.description, description != edit.base.description { names.append("description") }
        return names + edit.changedFields
    }
}
