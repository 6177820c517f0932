/// A one-line account of a `DecodingError` that names the JSON path of the failing field,
/// such as `data.adventureList.items[3].price: expected a number, found a string`.
package struct DecodingErrorDescription: CustomStringConvertible {
    let error: DecodingError

    package init(_ error: DecodingError) { self.error = error }

    package var description: String {
        switch error {
        case .typeMismatch(let type, let context):
            "at \(Self.path(context.codingPath)), expected \(Self.name(of: type)) (\(context.debugDescription))"
        case .valueNotFound(let type, let context):
            "at \(Self.path(context.codingPath)), expected \(Self.name(of: type)) but found null"
        case .keyNotFound(let key, let context):
            "at \(Self.path(context.codingPath + [key])), a required field is missing"
        case .dataCorrupted(let context):
            "at \(Self.path(context.codingPath)), \(context.debugDescription)"
        @unknown default:
            "\(error)"
        }
    }

    /// `data.items[3].price` from coding keys; the root is `$`.
    static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text.isEmpty ? "$" : text
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "text"
        case is Int.Type, is Double.Type, is Float.Type: "a number"
        case is Bool.Type: "true or false"
        default: "\(type)"
        }
    }
}
