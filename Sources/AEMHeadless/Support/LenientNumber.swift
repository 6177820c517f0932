/// The one rule for numbers read the lenient way, from `Decodable` models (`LenientDecodable`)
/// and from untyped JSON (`UntypedJSON.lenientDouble`, `lenientInt`):
///
/// - a `Double` is any finite JSON number (`4500`, `95.5`), or a string holding one (spaces
///   around it allowed);
/// - an `Int` is a whole number, written as `8`, `8.0` or `"8"`, within `Int`'s range.
///
/// Anything else reads as nil.
enum LenientNumber {
    /// `number` when it is finite; else nil.
    static func finite(_ number: Double?) -> Double? {
        guard let number, number.isFinite else { return nil }
        return number
    }

    /// The finite number a JSON string holds, spaces around it allowed; else nil.
    static func double(inText text: String) -> Double? {
        finite(Double(text.trimmingCharacters(in: .whitespaces)))
    }

    /// `number` as an `Int` when it is whole and within `Int`'s range (`8.0` is 8); else nil.
    static func whole(_ number: Double?) -> Int? {
        guard let number, number.rounded() == number, number >= Double(Int.min), number < Double(Int.max) else {
            return nil
        }
        return Int(number)
    }
}
