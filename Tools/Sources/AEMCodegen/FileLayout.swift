import Foundation

/// A query's generated file: the header, and the query's namespace with its path, its request
/// factory and its `Data`. The enums, inputs and fragments it uses are the configuration's
/// (`SharedTypeFiles`).
struct FileLayout {
    let input: CodegenInput
    let types: SchemaTypes
    let namespace: String
    let data: StructDeclaration
    let parameters: [VariableParameter]

    var text: String {
        let access = types.options.accessLevel == .public ? "public " : ""
        let renderer = SwiftRenderer(access: access, previews: types.options.previews)
        var writer = SourceWriter()
        GeneratedHeader.write(
            source: "persisted query: \(input.queryPath) (query text fnv1a64 \(Fingerprint.of(input.query)))",
            types: types, into: &writer)
        writer.doc("The persisted query `\(input.queryPath)`:\n\n```graphql\n\(queryText)\n```")
        writer.block("\(access)enum \(namespace)") { writer in
            writer.doc("The query's configuration and name.")
            writer.line("\(access)static let path = \(SwiftRenderer.literal(input.queryPath))")
            writer.line()
            request(access: access, into: &writer)
            writer.line()
            writer.doc("The answer's `data`.")
            renderer.structure(data, into: &writer)
        }
        return writer.text
    }

    /// The query text for the doc comment, trailing white space and blank lines at the ends removed.
    private var queryText: String {
        var lines = input.query.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = Substring(line)
            while let last = line.last, last.isWhitespace { line = line.dropLast() }
            return String(line).replacingOccurrences(of: "```", with: "` ` `")
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    private func request(access: String, into writer: inout SourceWriter) {
        var doc = "The request for `\(input.queryPath)`."
        if parameters.contains(where: \.isOptional) {
            doc += "\nA nil argument is left out of the request, so the stored query's default applies."
        }
        if !parameters.isEmpty {
            doc += "\n\n- Parameters:"
            for parameter in parameters { doc += "\n  - \(parameter.name): \(parameter.documentation)" }
        }
        writer.doc(doc)
        let result = "-> AEMHeadless.PersistedQuery<Data>"
        if parameters.isEmpty {
            writer.block("\(access)static func request() \(result)") { writer in
                writer.line("AEMHeadless.PersistedQuery(Self.path)")
            }
            return
        }
        writer.line("\(access)static func request(")
        for (index, parameter) in parameters.enumerated() {
            let comma = index == parameters.count - 1 ? "" : ","
            let type = parameter.type + (parameter.isOptional ? "? = nil" : "")
            writer.line("    \(parameter.name): \(type)\(comma)")
        }
        writer.block(") \(result)") { writer in
            writer.line("var variables: [String: AEMHeadless.QueryVariable?] = [:]")
            for parameter in parameters {
                let name = SwiftNaming.escaped(parameter.name)
                let value =
                    parameter.isOptional ? "\(name).map(\(parameter.conversion))" : "\(parameter.conversion)(\(name))"
                writer.line("variables[\(SwiftRenderer.literal(parameter.variable))] = \(value)")
            }
            writer.line("return AEMHeadless.PersistedQuery(Self.path, variables: variables)")
        }
    }
}
