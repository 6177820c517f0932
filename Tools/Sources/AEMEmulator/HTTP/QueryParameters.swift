/// The `?name=value&…` parameters of a request target, decoded as a servlet container decodes them: `+` is a
/// space, then `%XY` escapes are UTF-8 bytes. A name given twice keeps its first value; `#fragment` is ignored.
struct QueryParameters: Sendable {
    private let values: [String: String]

    init(rawTarget: String) {
        let bytes = Array(rawTarget.utf8.prefix { $0 != UInt8(ascii: "#") })
        guard let question = bytes.firstIndex(of: UInt8(ascii: "?")) else {
            values = [:]
            return
        }
        var values: [String: String] = [:]
        for pair in bytes[(question + 1)...].split(separator: UInt8(ascii: "&")) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            guard !name.isEmpty, values[name] == nil else { continue }
            values[name] = parts.count > 1 ? Self.decode(parts[1]) : ""
        }
        self.values = values
    }

    /// Every parameter, each name once, in no particular order.
    var pairs: [(name: String, value: String)] {
        values.map { (name: $0.key, value: $0.value) }
    }

    /// The value of `name`, `""` when it was given without `=`, `nil` when it was not given.
    subscript(name: String) -> String? {
        values[name]
    }

    private static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        RequestTarget.percentDecode(ArraySlice(bytes.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }))
    }
}
