import Foundation

/// HTTP dates (`Date`, `Expires`, `Last-Modified`, `Retry-After`), read in the three forms RFC 9110
/// (§5.6.7) asks recipients to accept:
///
/// - IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`;
/// - the obsolete RFC 850 form: `Sunday, 06-Nov-94 08:49:37 GMT`;
/// - ANSI C's `asctime()` form: `Sun Nov  6 08:49:37 1994`.
///
/// Parsing is plain arithmetic on the bytes: no `DateFormatter`, whose set-up (ICU's calendars
/// and locale data) cost more than the rest of a cached answer.
enum HTTPDate {
    /// The date `text` names, or nil when it is not an HTTP date (such as `Expires: 0`).
    ///
    /// - Parameter now: decides the century of an RFC 850 two-digit year: the latest year with
    ///   those digits that is not more than 50 years ahead of `now`.
    static func parse(_ text: some StringProtocol, now: Date = Date()) -> Date? {
        var reader = Reader(Array(text.utf8))
        reader.skipSpaces()
        let weekday = reader.letters()
        let fields: Fields?
        if reader.skip(UInt8(ascii: ",")) {
            reader.skipSpaces()
            fields = weekday.count == 3 ? reader.imfFixdate() : reader.rfc850(now: now)
        } else {
            fields = reader.asctime()
        }
        reader.skipSpaces()
        guard !weekday.isEmpty, weekdayNames.contains(where: { weekday.elementsEqualIgnoringCase($0) }),
            reader.isAtEnd, let fields
        else { return nil }
        return fields.date
    }

    fileprivate static let weekdayNames: [[UInt8]] = [
        "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
        "Saturday", "Sunday",
    ].map { Array($0.utf8) }

    fileprivate static let monthNames: [[UInt8]] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ].map { Array($0.utf8) }

    /// The parts of a date, in UTC.
    fileprivate struct Fields {
        var year: Int
        var month: Int // 1...12
        var day: Int
        var hour: Int
        var minute: Int
        var second: Int

        var date: Date? {
            guard (1...12).contains(month), (1...Self.days(inMonth: month, of: year)).contains(day),
                (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
            else { return nil }
            let seconds =
                Self.daysSinceEpoch(year: year, month: month, day: day) * 86_400
                + hour * 3_600 + minute * 60 + min(second, 59)
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }

        static func days(inMonth month: Int, of year: Int) -> Int {
            switch month {
            case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
            case 4, 6, 9, 11: 30
            default: 31
            }
        }

        /// Days from 1970-01-01 to the given day of the proleptic Gregorian calendar.
        static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
            let shifted = month <= 2 ? year - 1 : year // years that start in March
            let era = (shifted >= 0 ? shifted : shifted - 399) / 400
            let yearOfEra = shifted - era * 400
            let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            return era * 146_097 + dayOfEra - 719_468
        }
    }

    /// Reads the bytes of a date from left to right.
    fileprivate struct Reader {
        private let bytes: [UInt8]
        private var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index == bytes.count }

        mutating func skip(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func skipSpaces() {
            while skip(UInt8(ascii: " ")) {}
        }

        /// The ASCII letters at the reading position (possibly none).
        mutating func letters() -> ArraySlice<UInt8> {
            let start = index
            while index < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index] | 0x20) {
                index += 1
            }
            return bytes[start..<index]
        }

        /// A number of `minimum...maximum` digits.
        mutating func number(digits: ClosedRange<Int>) -> Int? {
            var value = 0
            var count = 0
            while index < bytes.count, count < digits.upperBound, bytes[index] >= UInt8(ascii: "0"),
                bytes[index] <= UInt8(ascii: "9")
            {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
                count += 1
            }
            return digits.contains(count) ? value : nil
        }

        mutating func month() -> Int? {
            let name = letters()
            guard name.count == 3 else { return nil }
            return HTTPDate.monthNames.firstIndex { name.elementsEqualIgnoringCase($0) }.map { $0 + 1 }
        }

        /// `HH:MM:SS`.
        mutating func time() -> (hour: Int, minute: Int, second: Int)? {
            guard let hour = number(digits: 2...2), skip(UInt8(ascii: ":")), let minute = number(digits: 2...2),
                skip(UInt8(ascii: ":")), let second = number(digits: 2...2)
            else { return nil }
            return (hour, minute, second)
        }

        /// After `Sun, `: `06 Nov 1994 08:49:37 GMT`.
        mutating func imfFixdate() -> Fields? {
            guard let day = number(digits: 1...2), skip(UInt8(ascii: " ")), let month = month(),
                skip(UInt8(ascii: " ")), let year = number(digits: 4...4), skip(UInt8(ascii: " ")), let time = time(),
                skip(UInt8(ascii: " ")), letters().elementsEqualIgnoringCase(Array("GMT".utf8))
            else { return nil }
            return Fields(year: year, month: month, day: day, hour: time.hour, minute: time.minute, second: time.second)
        }

        /// After `Sunday, `: `06-Nov-94 08:49:37 GMT`.
        mutating func rfc850(now: Date) -> Fields? {
            guard let day = number(digits: 1...2), skip(UInt8(ascii: "-")), let month = month(),
                skip(UInt8(ascii: "-")), let shortYear = number(digits: 2...2), skip(UInt8(ascii: " ")),
                let time = time(), skip(UInt8(ascii: " ")), letters().elementsEqualIgnoringCase(Array("GMT".utf8))
            else { return nil }
            let currentYear = 1970 + Int((now.timeIntervalSince1970 / 31_556_952).rounded(.down))
            var year = currentYear - currentYear % 100 + shortYear
            if year > currentYear + 50 { year -= 100 }
            return Fields(year: year, month: month, day: day, hour: time.hour, minute: time.minute, second: time.second)
        }

        /// After `Sun `: `Nov  6 08:49:37 1994`.
        mutating func asctime() -> Fields? {
            guard skip(UInt8(ascii: " ")), let month = month(), skip(UInt8(ascii: " ")) else { return nil }
            _ = skip(UInt8(ascii: " ")) // a one-digit day is padded with a space
            guard let day = number(digits: 1...2), skip(UInt8(ascii: " ")), let time = time(),
                skip(UInt8(ascii: " ")), let year = number(digits: 4...4)
            else { return nil }
            return Fields(year: year, month: month, day: day, hour: time.hour, minute: time.minute, second: time.second)
        }
    }
}

extension ArraySlice<UInt8> {
    /// Whether these ASCII bytes equal `other`'s, letters compared without case.
    fileprivate func elementsEqualIgnoringCase(_ other: [UInt8]) -> Bool {
        count == other.count && zip(self, other).allSatisfy { $0 | 0x20 == $1 | 0x20 }
    }
}
