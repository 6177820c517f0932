import Foundation
import WKNDCore

/// The content fragment models of a GraphQL schema as AEM generates it: each `type <Name>Model` with a `_path`, and
/// its fields with their GraphQL types, read from the SDL's text (descriptions and comments skipped).
enum SchemaModels {
    struct Model {
        /// The type's name, such as `AdventureModel`.
        var type: String
        var fields: [(name: String, type: String)]
    }

    static func models(in sdl: String) -> [Model] {
        var models: [Model] = []
        var current: Model?
        var inDescription = false
        var pending = ""
        for rawLine in sdl.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            let quotes = line.components(separatedBy: "\"\"\"").count - 1
            if inDescription || quotes > 0 {
                if quotes % 2 == 1 { inDescription.toggle() }
                continue
            }
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix("\"") { continue }
            guard var model = current else {
                let words = line.split(whereSeparator: { $0 == " " || $0 == "{" })
                if words.count >= 2, words[0] == "type", line.hasSuffix("{") {
                    current = Model(type: String(words[1]), fields: [])
                }
                continue
            }
            if line.hasPrefix("}") {
                if model.type.hasSuffix("Model"), model.fields.contains(where: { $0.name == "_path" }) {
                    models.append(model)
                }
                current = nil
                continue
            }
            // A field whose arguments take several lines is read once they close.
            pending += pending.isEmpty ? line : " " + line
            if pending.contains("("), !pending.contains(")") { continue }
            if let field = field(pending) { model.fields.append(field) }
            pending = ""
            current = model
        }
        return models
    }

    /// `name(arguments): Type` or `name: Type`.
    private static func field(_ line: String) -> (name: String, type: String)? {
        let name = line.prefix { $0 != "(" && $0 != ":" }.trimmingCharacters(in: .whitespaces)
        let afterArguments = line.range(of: ")").map { line[$0.upperBound...] } ?? line[...]
        guard !name.isEmpty, let colon = afterArguments.firstIndex(of: ":") else { return nil }
        let type = afterArguments[afterArguments.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        return type.isEmpty ? nil : (name, type)
    }
}
