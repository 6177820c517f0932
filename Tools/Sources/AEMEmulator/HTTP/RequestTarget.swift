/// A request target split into its decoded path and its persisted-query variables.
///
/// AEM takes variables after the query path as `;name=value` pairs, in several spellings that all must work
/// (aem-wire.md §1): literal separators with encoded values (`;slug=a%20b;limit=5;`), the whole suffix encoded
/// (`%3Bslug%3Da%20b%3Blimit%3D5;`), mixed or lower-case escapes (`%3bpath=/x`), with or without the trailing `;`.
///
/// The suffix starts at the first `;` or `%3B`. When that first separator is a literal `;`, the client encoded its
/// values itself, so only literal `;` separate pairs and an encoded `%3B` inside a value is data. When it is encoded,
/// the client encoded the whole suffix, so both `%3B` and `;` separate pairs. A name ends at the first `=` or `%3D`.
/// Names and values are then percent-decoded as UTF-8 (`+` stays `+`). Any `?query` or `#fragment` is ignored.
struct RequestTarget: Sendable {
    /// The percent-decoded path without the variable suffix, e.g. `/graphql/execute.json/wknd-shared/adventures-all`.
    let path: String
    /// The variables in the order given; a name given twice keeps its last value in ``variableValues``.
    let variables: [(name: String, value: String)]

    init(raw: String) {
        let bytes = Array(raw.utf8.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") })
        var index = 0
        while index < bytes.count, bytes[index] != Self.semicolon, !Self.isEscape(bytes[...], at: index, of: "B") {
            index += 1
        }
        path = Self.percentDecode(bytes[..<index])
        guard index < bytes.count else {
            variables = []
            return
        }
        let encodedSuffix = bytes[index] != Self.semicolon
        let suffix = bytes[(index + (encodedSuffix ? 3 : 1))...]
        variables = Self.split(suffix, encodedSeparators: encodedSuffix).compactMap(Self.variable)
    }

    /// Variable values by name.
    var variableValues: [String: String] {
        Dictionary(variables.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    private static let semicolon = UInt8(ascii: ";")
    private static let equals = UInt8(ascii: "=")

    private static func split(_ suffix: ArraySlice<UInt8>, encodedSeparators: Bool) -> [ArraySlice<UInt8>] {
        var pairs: [ArraySlice<UInt8>] = []
        var start = suffix.startIndex
        var index = suffix.startIndex
        while index < suffix.endIndex {
            if suffix[index] == semicolon {
                pairs.append(suffix[start..<index])
                index += 1
                start = index
            } else if encodedSeparators, isEscape(suffix, at: index, of: "B") {
                pairs.append(suffix[start..<index])
                index += 3
                start = index
            } else {
                index += 1
            }
        }
        pairs.append(suffix[start..<suffix.endIndex])
        return pairs
    }

    private static func variable(_ pair: ArraySlice<UInt8>) -> (name: String, value: String)? {
        var index = pair.startIndex
        while index < pair.endIndex, pair[index] != equals, !isEscape(pair, at: index, of: "D") {
            index += 1
        }
        let name = percentDecode(pair[pair.startIndex..<index])
        guard !name.isEmpty else { return nil }
        let valueStart = index == pair.endIndex ? index : index + (pair[index] == equals ? 1 : 3)
        return (name, percentDecode(pair[valueStart..<pair.endIndex]))
    }

    /// Whether `bytes[index...]` starts with `%3<letter>`, in either case.
    private static func isEscape(_ bytes: ArraySlice<UInt8>, at index: Int, of letter: Unicode.Scalar) -> Bool {
        guard index + 2 < bytes.endIndex, bytes[index] == UInt8(ascii: "%"), bytes[index + 1] == UInt8(ascii: "3")
        else { return false }
        return bytes[index + 2] | 0x20 == UInt8(ascii: letter) | 0x20
    }

    /// Decodes `%XY` escapes as UTF-8 bytes; a `%` not followed by two hex digits stays as it is.
    static func percentDecode(_ bytes: ArraySlice<UInt8>) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
