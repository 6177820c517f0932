extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `.string` from a string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `.number` from an integer literal.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// `.number` from a floating-point literal.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// `.bool` from `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `.null` from `nil`.
    public init(nilLiteral: ()) { self = .null }
    /// `.array` from an array literal.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// `.object` from a dictionary literal; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
