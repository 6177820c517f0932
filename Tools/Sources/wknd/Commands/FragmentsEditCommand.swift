import AEMHeadless
import AEMHeadlessAuthoring
import ArgumentParser
import Foundation
import WKNDCore

/// `wknd fragments edit`: a fragment's fields in the user's editor, as `kubectl edit` does; only what changed is sent.
struct FragmentsEditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit a content fragment on author in $EDITOR; only what changed is sent.",
        discussion: """
            Reads the fragment with its entity tag and opens its title,
            description and fields as JSON in $VISUAL, else $EDITOR, else vi.
            When the editor exits, what changed is sent as a JSON Patch under the
            tag read (If-Match); nothing is sent when nothing changed.

            If the fragment changed on author while you edited (412), or AEM
            refuses a value, your edit is kept in a file whose name is printed,
            with what changed on the server; run the command again to edit the
            fresh copy (exit 75 for a conflict).

            EXAMPLES
              wknd fragments edit /content/dam/wknd-shared/en/adventures/lofoten-winter-surf/lofoten-winter-surf
              EDITOR="code --wait" wknd fragments edit <id-or-path>
            """
    )

    @OptionGroup var target: AuthoredFragmentArgument

    @Flag(help: "Print the fragment as AEM answers it after the change, with its entity tag.")
    var json = false

    @OptionGroup var options: ServiceOptions

    func run() async throws {
        try await CommandContext.run(options) { context in
            try await context.withAuthoring { services in
                let read = try await AuthoredLookup.fragment(target.fragment, on: services.author)
                let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "wknd-edit-\(read.name)-\(UUID().uuidString.prefix(8).lowercased()).json")
                try Data(EditDocument.text(of: read).utf8).write(to: file, options: .atomic)
                try Editor.edit(file)
                let edited = String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self)
                let edit: FragmentEdit?
                do {
                    edit = try EditDocument.edit(from: edited, of: read)
                } catch let failure as Failure {
                    throw Failure(failure.status, failure.message + " Your edit is kept in \(file.path).")
                }
                guard let edit, !edit.isEmpty else {
                    try? FileManager.default.removeItem(at: file)
                    context.console.note("nothing changed; nothing was sent")
                    return
                }
                do {
                    let saved = try await services.author.send(.patch(edit))
                    try? FileManager.default.removeItem(at: file)
                    AuthoredOutput(json: json).write(saved, "modified", fields: FragmentsSetCommand.changes(in: edit))
                } catch let error as AemError where error.kind == .preconditionFailed {
                    let fresh = try? await services.author.send(.fragment(id: read.id))
                    let changes = fresh.map { EditDocument.differences(from: read, to: $0) } ?? []
                    if !changes.isEmpty {
                        context.console.note("changed on author since you read it:")
                        for change in changes { context.console.note("  " + change) }
                    }
                    throw Failure(
                        .busy,
                        "\(read.path) changed on author while you edited it, so your edit was not sent. Your edit is kept in \(file.path); run `wknd fragments edit \(target.fragment)` again to edit the current copy."
                    )
                } catch let error as AemError {
                    throw Failure(
                        Failure.status(for: error.kind), error.message + " Your edit is kept in \(file.path).",
                        details: Failure.details(of: error))
                }
            }
        }
    }
}
