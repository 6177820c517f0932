/// A variable declared by a stored query, and the conversion of its text from the URL to the declared type.
struct VariableDefinition: Sendable {
    let name: String
    let type: InputType
    let nonNull: Bool
    let defaultValue: VariableValue?

    init(_ name: String, _ type: InputType, nonNull: Bool = false, default defaultValue: VariableValue? = nil) {
        self.name = name
        self.type = type
        self.nonNull = nonNull
        self.defaultValue = defaultValue
    }

    /// The GraphQL input types the stored queries use.
    enum InputType: Sendable {
        case int, float, boolean, string
        case enumeration(name: String, values: [String])

        var name: String {
            switch self {
            case .int: "Int"
            case .float: "Float"
            case .boolean: "Boolean"
            case .string: "String"
            case .enumeration(let name, _): name
            }
        }
    }

    /// The declaration as written in the query text, e.g. `$imageWidth: Int = 1200`.
    var declaration: String {
        var text = "$\(name): \(type.name)\(nonNull ? "!" : "")"
        if let defaultValue { text += " = \(defaultValue.literal)" }
        return text
    }

    /// Converts the URL text (or its absence) to the declared type as graphql-java does, failing with its wording.
    func coerce(_ text: String?) -> Result<VariableValue?, CoercionFailure> {
        guard let text else {
            if let defaultValue { return .success(defaultValue) }
            return nonNull ? .failure(CoercionFailure(message: "Variable '\(name)' has coerced Null value for NonNull type '\(type.name)!'")) : .success(nil)
        }
        switch type {
        case .string:
            return .success(.string(text))
        case .int:
            guard let value = Self.integer(text) else { return .failure(Self.notConvertible("Int")) }
            return .success(.int(value))
        case .float:
            guard Self.isNumeric(text), let value = Double(text), value.isFinite else {
                return .failure(Self.notConvertible("Float"))
            }
            return .success(.float(value))
        case .boolean:
            switch text.lowercased() {
            case "true": return .success(.boolean(true))
            case "false": return .success(.boolean(false))
            default: return .failure(Self.notConvertible("Boolean"))
            }
        case .enumeration(let enumName, let values):
            guard values.contains(text) else {
                return .failure(CoercionFailure(message: "Invalid input for enum '\(enumName)'. No value found for name '\(text)'"))
            }
            return .success(.enumeration(text))
        }
    }

    private static func notConvertible(_ type: String) -> CoercionFailure {
        CoercionFailure(message: "Expected a value that can be converted to type '\(type)' but it was a 'String'")
    }

    /// A 32-bit integer written as a decimal number, possibly with a zero fraction or an exponent (`5`, `5.0`, `5e0`).
    private static func integer(_ text: String) -> Int? {
        if let value = Int32(text) { return Int(value) }
        guard isNumeric(text), let value = Double(text), value.isFinite, value == value.rounded(),
            value >= Double(Int32.min), value <= Double(Int32.max)
        else { return nil }
        return Int(value)
    }

    private static func isNumeric(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }
    }
}

/// Why a variable's text does not convert to its declared type, in graphql-java's words.
struct CoercionFailure: Error {
    let message: String
}

/// A variable's value after conversion to its declared type.
enum VariableValue: Sendable {
    case int(Int)
    case float(Double)
    case boolean(Bool)
    case string(String)
    case enumeration(String)

    /// The value as a GraphQL literal.
    var literal: String {
        switch self {
        case .int(let value): String(value)
        case .float(let value): String(value)
        case .boolean(let value): String(value)
        case .string(let value): "\"\(value)\""
        case .enumeration(let value): value
        }
    }

    var int: Int? {
        if case .int(let value) = self { return value }
        return nil
    }

    var string: String? {
        switch self {
        case .string(let value), .enumeration(let value): return value
        default: return nil
        }
    }
}
