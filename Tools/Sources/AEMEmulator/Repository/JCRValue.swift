import Foundation

/// A property value read from a content package, with the type its docview prefix gave it (`{Long}6`,
/// `{Double}5000.00`, `{Boolean}true`, `{Date}2022-06-02T11:19:41.017-07:00`; no prefix is a string) and
/// multi-values (`[a,b,c]`) as arrays.
public enum JCRValue: Sendable, Equatable {
    case string(String)
    case long(Int)
    /// `{Double}` and `{Decimal}`.
    case double(Double)
    case boolean(Bool)
    /// A `{Date}`: the instant, and the text as stored (AEM answers dates in their stored offset).
    case date(Date, text: String)
    /// A multi-valued property.
    case array([JCRValue])

    /// The value as text, as AEM would coerce it to a `String` field; an array gives its first element.
    public var text: String? {
        switch self {
        case .string(let value): value
        case .long(let value): String(value)
        case .double(let value): String(value)
        case .boolean(let value): String(value)
        case .date(_, let text): text
        case .array(let values): values.first?.text
        }
    }

    /// The values of a multi-valued property, or the value alone.
    public var elements: [JCRValue] {
        if case .array(let values) = self { return values }
        return [self]
    }

    /// The instant of a `{Date}` value.
    public var date: Date? {
        if case .date(let date, _) = self { return date }
        return nil
    }
}
