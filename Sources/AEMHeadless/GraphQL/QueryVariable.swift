/// The value of one persisted-query variable. AEM receives every value as text and converts it
/// to the type the stored query declares, so each case knows its canonical text.
public enum QueryVariable: Sendable, Hashable {
    /// A string, sent as it is.
    case string(String)
    /// An integer.
    case int(Int)
    /// A floating-point number; a whole value is sent without a fraction.
    case double(Double)
    /// A boolean, sent as `true` or `false`.
    case bool(Bool)
    /// A GraphQL enum value, sent by name (for example `JPG`).
    case enumValue(String)

    /// The text sent on the wire: `true`/`false` for booleans, integers without a fraction,
    /// doubles in their shortest exact form, strings and enum names as they are.
    public var text: String {
        switch self {
        case .string(let value), .enumValue(let value): value
        case .int(let value): String(value)
        case .bool(let value): value ? "true" : "false"
        case .double(let value):
            if value.rounded() == value, abs(value) < 1e15 { String(Int64(value)) } else { String(value) }
        }
    }

    /// A GraphQL enum value taken from a Swift enum's raw value.
    public static func enumCase<Value: RawRepresentable>(_ value: Value) -> QueryVariable
    where Value.RawValue == String {
        .enumValue(value.rawValue)
    }
}

extension QueryVariable: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral
{
    /// A `.string` from a string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An `.int` from an integer literal.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// A `.double` from a floating-point literal.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A `.bool` from `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}
