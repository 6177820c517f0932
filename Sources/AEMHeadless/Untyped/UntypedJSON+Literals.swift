/// JSON written in Swift: `["format": "JPG", "quality": 80]` is an object with its members in that order.
extension UntypedJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self.init(value) }
    public init(floatLiteral value: Double) { self.init(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
    public init(arrayLiteral elements: UntypedJSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, UntypedJSON)...) {
        self = .object(elements.map { Member($0.0, $0.1) })
    }

    /// A whole number.
    public init(_ number: Int) { self = .number(String(number)) }

    /// A number as JSON writes it (`80`, `0.5`, `1e-07`); `null` for infinity or NaN, which JSON cannot hold.
    public init(_ number: Double) {
        if !number.isFinite {
            self = .null
        } else if number == number.rounded(), abs(number) < 1e15 {
            self = .number(String(Int64(number)))
        } else {
            self = .number(String(number))
        }
    }
}
