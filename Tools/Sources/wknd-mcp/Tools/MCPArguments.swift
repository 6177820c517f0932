import AEMHeadless
import WKNDCore

/// The arguments of one tool call, read with the checks its schema states; a wrong one is a usage failure that
/// names the tool and the argument.
struct MCPArguments {
    let tool: MCPTool
    private let values: [String: UntypedJSON]

    /// Reads `json`, which must be an object holding only the tool's arguments (null counts as absent).
    init(_ tool: MCPTool, json: UntypedJSON) throws(Failure) {
        self.tool = tool
        guard let members = json.members else {
            throw Failure(.usage, "\(tool.rawValue): the arguments must be an object.")
        }
        let known = tool.argumentNames
        var values: [String: UntypedJSON] = [:]
        for member in members where !member.value.isNull {
            guard known.contains(member.key) else {
                let names = known.sorted().joined(separator: ", ")
                throw Failure(
                    .usage,
                    "\(tool.rawValue) takes no argument \"\(member.key)\"; its arguments are \(names.isEmpty ? "none" : names)."
                )
            }
            values[member.key] = member.value
        }
        self.values = values
    }

    func string(_ name: String) throws(Failure) -> String? {
        guard let value = values[name] else { return nil }
        guard let text = value.stringValue, !text.isEmpty else { throw wrong(name, "a string that is not empty") }
        return text
    }

    func requiredString(_ name: String) throws(Failure) -> String {
        guard let text = try string(name) else { throw Failure(.usage, "\(tool.rawValue) needs \"\(name)\".") }
        return text
    }

    func integer(_ name: String, in range: ClosedRange<Int>, default fallback: Int) throws(Failure) -> Int {
        guard let value = values[name] else { return fallback }
        guard let number = value.intValue ?? value.doubleValue.flatMap({ Int(exactly: $0) }), range.contains(number)
        else { throw wrong(name, "a whole number from \(range.lowerBound) to \(range.upperBound)") }
        return number
    }

    func bool(_ name: String) throws(Failure) -> Bool {
        guard let value = values[name] else { return false }
        guard let flag = value.boolValue else { throw wrong(name, "true or false") }
        return flag
    }

    func object(_ name: String) throws(Failure) -> [UntypedJSON.Member] {
        guard let value = values[name] else { return [] }
        guard let members = value.members else { throw wrong(name, "an object") }
        return members
    }

    func array(_ name: String) throws(Failure) -> [UntypedJSON] {
        guard let value = values[name] else { return [] }
        guard let elements = value.arrayValue else { throw wrong(name, "an array") }
        return elements
    }

    /// A DAM path argument: absolute, under /content/dam.
    func damPath(_ name: String) throws(Failure) -> String? {
        guard let path = try string(name) else { return nil }
        do {
            _ = try DeliveryRequest.fragmentPage(under: path)
        } catch {
            throw Failure(.usage, "\(tool.rawValue) \"\(name)\": \(error.message)")
        }
        return path
    }

    /// The locale chain of `locale`, such as de-CH,de,en.
    func locales(_ name: String = "locale") throws(Failure) -> LocaleChain? {
        guard let text = try string(name) else { return nil }
        do {
            return try LocaleChain(parsing: text)
        } catch {
            throw Failure(.usage, "\(tool.rawValue) \"\(name)\": \(error.message)")
        }
    }

    private func wrong(_ name: String, _ what: String) -> Failure {
        Failure(.usage, "\(tool.rawValue) \"\(name)\" must be \(what).")
    }
}
