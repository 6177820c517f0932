import AEMHeadless
import AEMHeadlessAuthoring
import ArgumentParser
import WKNDCore

/// `wknd models`: the content fragment models on author, what `wknd fragments create` makes fragments of.
struct ModelsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "models",
        abstract: "List and show the content fragment models on author (/adobe/sites/cf/models).",
        discussion: """
            EXAMPLES
              wknd models list
              wknd models show adventure
              wknd models show adventure --json | jq '.fields[].name'
            """,
        subcommands: [ModelsListCommand.self, ModelsShowCommand.self]
    )
}

/// `wknd models list`: one line a model.
struct ModelsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the content fragment models: name, title, fields and path.")

    @Flag(help: "Print each model as AEM sent it, one JSON object a line.")
    var json = false

    @OptionGroup var options: ServiceOptions

    func run() async throws {
        try await CommandContext.run(options) { context in
            try await context.withAuthoring { services in
                let output = Terminal.standardOutput
                for try await model in try services.author.fragmentModels().items {
                    if json {
                        output.write(model.json.jsonText() + "\n")
                    } else {
                        output.write(
                            [model.name, model.title ?? "", "\(model.fields.count) fields", model.path]
                                .joined(separator: "\t") + "\n")
                    }
                }
            }
        }
    }
}

/// `wknd models show`: a model's fields, what each takes.
struct ModelsShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a content fragment model's fields: name, type, whether required or several, and what it takes."
    )

    @Argument(help: ArgumentHelp("The model's name, path or id.", valueName: "model"))
    var model: String

    @Flag(help: "Print the model as AEM sent it.")
    var json = false

    @OptionGroup var options: ServiceOptions

    func run() async throws {
        try await CommandContext.run(options) { context in
            try await context.withAuthoring { services in
                let model = try await AuthoredLookup.model(model, on: services.author)
                let output = Terminal.standardOutput
                if json {
                    AuthoredOutput(json: true).write(model.json)
                    return
                }
                output.write("\(model.title ?? model.name) (\(model.path))\n")
                for field in model.fields {
                    var notes: [String] = []
                    if field.required { notes.append("required") }
                    if field.multiple { notes.append("several values") }
                    if !field.options.isEmpty {
                        notes.append("one of " + field.options.map(\.value).joined(separator: ", "))
                    }
                    if let pattern = field.customValidationRegex { notes.append("matches \(pattern)") }
                    let label = field.label.map { " \"\($0)\"" } ?? ""
                    output.write(
                        "  \(field.name)\(label): \(field.type)"
                            + (notes.isEmpty ? "" : " — " + notes.joined(separator: "; "))
                            + "\n")
                }
            }
        }
    }
}
