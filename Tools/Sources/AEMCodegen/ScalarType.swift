/// How a GraphQL scalar appears in generated Swift: its type, how a value of it is sent, and a preview value.
enum ScalarType: Equatable {
    case string, int, double, bool, calendar, json
    /// A type `CodegenOptions.scalars` names.
    case mapped(String)

    /// `String` for `String` and `ID`, `AemCalendar` for `Calendar` (the ISO 8601 text as sent, with its date and
    /// parts), `Int`, `Double` for `Float`, `Bool` for `Boolean`, `UntypedJSON` for `Json` and any other custom
    /// scalar, unless `mapping` names a type for it.
    init(_ graphQLName: String, mapping: [String: String]) {
        if let mapped = mapping[graphQLName] {
            self = .mapped(mapped)
            return
        }
        switch graphQLName {
        case "String", "ID": self = .string
        case "Calendar": self = .calendar
        case "Int": self = .int
        case "Float": self = .double
        case "Boolean": self = .bool
        default: self = .json
        }
    }

    /// The Swift type. Library types are named with their module, so that an app's own types of the same name
    /// cannot hide them.
    var swiftType: String {
        switch self {
        case .string: "String"
        case .int: "Int"
        case .double: "Double"
        case .bool: "Bool"
        case .calendar: "AEMHeadless.AemCalendar"
        case .json: "AEMHeadless.UntypedJSON"
        case .mapped(let name): name
        }
    }

    /// The function that makes a `QueryVariable` of a value.
    var variable: String {
        switch self {
        case .string: "AEMHeadless.QueryVariable.string"
        case .int: "AEMHeadless.QueryVariable.int"
        case .double: "AEMHeadless.QueryVariable.double"
        case .bool: "AEMHeadless.QueryVariable.bool"
        case .calendar: "AEMHeadless.AemCalendar.queryVariable"
        case .json: "AEMHeadless.QueryVariable.json"
        case .mapped: "AEMHeadless.QueryVariable.scalar"
        }
    }

    /// The expression that makes an `UntypedJSON` of `value`, a Swift expression.
    func json(_ value: String) -> String {
        switch self {
        case .string: ".string(\(value))"
        case .int: "AEMHeadless.UntypedJSON(\(value))"
        case .double: "AEMHeadless.UntypedJSON(\(value))"
        case .bool: ".bool(\(value))"
        case .calendar: ".string(\(value).text)"
        case .json: value
        case .mapped: "\(value).json"
        }
    }

    /// A preview value for the field `key`: its name as text, 1 as a number, `true`.
    func preview(_ key: String) -> String {
        switch self {
        case .string: SwiftRenderer.literal(key)
        case .int: "1"
        case .double: "1.0"
        case .bool: "true"
        case .calendar: "AEMHeadless.AemCalendar(\"2025-06-01T09:30:00.000Z\")"
        case .json: "AEMHeadless.UntypedJSON.string(\(SwiftRenderer.literal(key)))"
        case .mapped(let name): "\(name).preview"
        }
    }
}
