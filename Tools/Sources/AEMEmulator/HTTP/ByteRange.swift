/// A `Range: bytes=…` request header read against a representation of `count` bytes (RFC 9110 §14).
enum ByteRange {
    /// One satisfiable range.
    case partial(Range<Int>)
    /// A valid range that lies beyond the end: 416.
    case unsatisfiable
    /// No usable single range (absent, malformed, another unit, or several ranges): send everything.
    case whole

    init(header: String?, count: Int) {
        guard let header else {
            self = .whole
            return
        }
        let trimmed = header.trimmingSpaces
        guard trimmed.hasPrefix("bytes="), !trimmed.contains(",") else {
            self = .whole
            return
        }
        let spec = trimmed.dropFirst("bytes=".count).trimmingSpaces
        guard let dash = spec.firstIndex(of: "-") else {
            self = .whole
            return
        }
        let first = spec[..<dash].trimmingSpaces
        let last = spec[spec.index(after: dash)...].trimmingSpaces
        if first.isEmpty {
            guard let suffixLength = Int(last), suffixLength >= 0 else {
                self = .whole
                return
            }
            self = suffixLength == 0 || count == 0 ? .unsatisfiable : .partial(max(0, count - suffixLength)..<count)
            return
        }
        guard let start = Int(first), start >= 0 else {
            self = .whole
            return
        }
        let end: Int
        if last.isEmpty {
            end = count - 1
        } else {
            guard let value = Int(last), value >= start else {
                self = .whole
                return
            }
            end = min(value, count - 1)
        }
        self = start >= count ? .unsatisfiable : .partial(start..<(end + 1))
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return Substring(self[first...last])
    }
}
