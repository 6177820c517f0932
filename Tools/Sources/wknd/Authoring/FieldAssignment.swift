import AEMHeadless
import ArgumentParser
import WKNDCore

/// One `field=value` of `wknd fragments set` and `create`: a value as text, converted by the field's type, or, with
/// `field:=JSON`, a JSON value as given. `field=` empties the field; a field that holds several values takes one
/// assignment per value.
struct FieldAssignment: Sendable, Equatable {
    var name: String
    var value: Value

    enum Value: Sendable, Equatable {
        /// Text, read as the field's type asks (`number`, `boolean`, …); empty text empties the field.
        case text(String)
        /// A JSON value, an array for several values.
        case json(UntypedJSON)
    }

    /// Reads `name=value` or `name:=JSON`.
    init(parsing text: String) throws(ValidationError) {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw ValidationError("\"\(text)\" is not field=value (or field:=JSON), such as title=\"Surf Camp\".")
        }
        let rawName = text[..<equals]
        let rest = String(text[text.index(after: equals)...])
        if rawName.hasSuffix(":") {
            name = String(rawName.dropLast())
            do {
                value = .json(try UntypedJSON(parsing: rest))
            } catch {
                throw ValidationError("The value of \(name):= is not JSON (\(error)): \(rest)")
            }
        } else {
            name = String(rawName)
            value = .text(rest)
        }
        guard !name.isEmpty else { throw ValidationError("\"\(text)\" names no field.") }
    }

    /// The values of one field from its assignments, as the Sites API takes them for a field of `type` (nil: text).
    static func values(_ assignments: [FieldAssignment], type: String?, multiple: Bool) throws(Failure)
        -> [UntypedJSON]
    {
        var values: [UntypedJSON] = []
        for assignment in assignments {
            switch assignment.value {
            case .json(.array(let elements)): values += elements
            case .json(let value): values.append(value)
            case .text(let text) where text.isEmpty: continue
            case .text(let text): values.append(try converted(text, type: type, field: assignment.name))
            }
        }
        if !multiple, values.count > 1 {
            let name = assignments.first?.name ?? ""
            throw Failure(.usage, "\(name) holds one value; it was given \(values.count).")
        }
        return values
    }

    private static func converted(_ text: String, type: String?, field: String) throws(Failure) -> UntypedJSON {
        switch type {
        case "number":
            guard let number = Int(text) else {
                throw Failure(.usage, "\(field) is a whole number; \"\(text)\" is not.")
            }
            return UntypedJSON(number)
        case "float-number":
            guard let number = Double(text), number.isFinite else {
                throw Failure(.usage, "\(field) is a number; \"\(text)\" is not.")
            }
            return UntypedJSON(number)
        case "boolean":
            switch text.lowercased() {
            case "true", "yes", "1": return .bool(true)
            case "false", "no", "0": return .bool(false)
            default: throw Failure(.usage, "\(field) is true or false; \"\(text)\" is neither.")
            }
        default:
            return .string(text)
        }
    }
}
