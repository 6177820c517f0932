import AEMHeadless
import ArgumentParser
import WKNDCore

/// `--var name=value` and `--var-json name=JSON`: the variables of a persisted query, given on the
/// command line. Values are sent as text through the library's URL builder, which encodes them.
struct QueryVariableOptions: ParsableArguments {
    @Option(
        name: .customLong("var"),
        help: ArgumentHelp(
            "A variable of the query, as text; AEM converts it to the declared type. Repeat for more.",
            valueName: "name=value"))
    var texts: [String] = []

    @Option(
        name: .customLong("var-json"),
        help: ArgumentHelp(
            "A variable holding an input object or list, as JSON text (checked, then sent compact).",
            valueName: "name=JSON"))
    var jsonTexts: [String] = []

    func validate() throws {
        _ = try variables()
    }

    /// The variables by name.
    /// - Throws: `ValidationError` for a missing `=`, an empty name, a name given twice, or text that is not JSON.
    func variables() throws -> [String: QueryVariable?] {
        var variables: [String: QueryVariable?] = [:]
        func add(_ pair: String, option: String, value: (String) throws -> String) throws {
            guard let equals = pair.firstIndex(of: "=") else {
                throw ValidationError("\(option) takes name=value, and \"\(pair)\" has no \"=\".")
            }
            let name = String(pair[..<equals])
            guard !name.isEmpty else {
                throw ValidationError("\(option) \"\(pair)\" has no variable name before \"=\".")
            }
            guard variables[name] == nil else { throw ValidationError("The variable \(name) is given twice.") }
            variables[name] = .string(try value(String(pair[pair.index(after: equals)...])))
        }
        for pair in texts { try add(pair, option: "--var") { $0 } }
        for pair in jsonTexts {
            try add(pair, option: "--var-json") { text in
                do {
                    return try UntypedJSON(parsing: text).jsonText()
                } catch {
                    throw ValidationError("--var-json \(pair.prefix { $0 != "=" }): the value is not JSON (\(error)).")
                }
            }
        }
        return variables
    }
}
