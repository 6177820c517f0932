import Foundation

/// A value of AEM's GraphQL scalar `Calendar`: the ISO 8601 text AEM sends (a date and time with its offset,
/// `2024-03-15T12:00:00.000+01:00`, or a date alone, or a time alone), kept as sent, with its parts read from it.
///
/// ```swift
/// let published = AemCalendar("2024-03-15T12:00:00.000+01:00")
/// published.date            // 2024-03-15 11:00:00 +0000
/// published.components.day  // 15
/// ```
public struct AemCalendar: Sendable, Hashable, Comparable, Codable, ExpressibleByStringLiteral, CustomStringConvertible
{
    /// The text as AEM sent it.
    public let text: String
    /// The parts the text holds: year, month and day; hour, minute, second and nanosecond; and the time zone of
    /// its offset. Parts the text does not hold are nil; all are nil when it is not ISO 8601.
    public let components: DateComponents

    /// The value of `text`.
    public init(_ text: String) {
        self.text = text
        components = Self.components(of: text) ?? DateComponents()
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// `date` as AEM writes a `Calendar`, in `timeZone`: `2024-03-15T12:00:00.000+01:00`.
    public init(date: Date, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
        let offset = timeZone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        let local = String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
            parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, (parts.nanosecond ?? 0) / 1_000_000)
        self.init(local + sign + String(format: "%02d:%02d", abs(offset) / 3600, abs(offset) % 3600 / 60))
    }

    /// The moment the text names, when it holds a date: at its time (midnight when it has none), in the time zone
    /// of its offset (UTC when it has none). Nil for a time alone or a text that is not ISO 8601.
    public var date: Date? {
        guard components.year != nil else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = components.timeZone ?? TimeZone(identifier: "UTC") ?? .current
        var parts = components
        parts.hour = parts.hour ?? 0
        parts.minute = parts.minute ?? 0
        parts.second = parts.second ?? 0
        return calendar.date(from: parts)
    }

    public var description: String { text }

    /// Ordered by moment where both name one, else by text.
    public static func < (lhs: AemCalendar, rhs: AemCalendar) -> Bool {
        (lhs.date ?? .distantPast, lhs.text) < (rhs.date ?? .distantPast, rhs.text)
    }

    public static func == (lhs: AemCalendar, rhs: AemCalendar) -> Bool { lhs.text == rhs.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// `value` as a query variable: its text.
    public static func queryVariable(_ value: AemCalendar) -> QueryVariable {
        .string(value.text)
    }

    /// The parts of `YYYY-MM-DD`, `HH:MM[:SS[.fraction]]`, or both joined by `T`, each optionally followed by `Z` or
    /// `±HH:MM`; nil for anything else.
    private static func components(of text: String) -> DateComponents? {
        var scanner = Substring(text)
        var parts = DateComponents()
        func number(_ digits: Int) -> Int? {
            let prefix = scanner.prefix(digits)
            guard prefix.count == digits, prefix.allSatisfy(\.isASCII), let value = Int(prefix) else { return nil }
            scanner = scanner.dropFirst(digits)
            return value
        }
        func take(_ character: Character) -> Bool {
            guard scanner.first == character else { return false }
            scanner = scanner.dropFirst()
            return true
        }
        let hasDate = scanner.count >= 10 && scanner.dropFirst(4).first == "-"
        if hasDate {
            guard let year = number(4), take("-"), let month = number(2), take("-"), let day = number(2) else {
                return nil
            }
            (parts.year, parts.month, parts.day) = (year, month, day)
            guard take("T") || take(" ") else { return scanner.isEmpty ? parts : nil }
        }
        guard let hour = number(2), take(":"), let minute = number(2) else { return nil }
        (parts.hour, parts.minute) = (hour, minute)
        if take(":") {
            guard let second = number(2) else { return nil }
            parts.second = second
            if take(".") {
                let fraction = scanner.prefix { $0.isASCII && $0.isNumber }
                guard !fraction.isEmpty, let value = Int(fraction.prefix(9)) else { return nil }
                scanner = scanner.dropFirst(fraction.count)
                parts.nanosecond = value * Int(pow(10, Double(9 - min(9, fraction.count))))
            }
        }
        if take("Z") {
            parts.timeZone = TimeZone(identifier: "UTC")
        } else if let sign = scanner.first, sign == "+" || sign == "-" {
            scanner = scanner.dropFirst()
            guard let hours = number(2) else { return nil }
            _ = take(":")
            let minutes = number(2) ?? 0
            parts.timeZone = TimeZone(secondsFromGMT: (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60))
        }
        return scanner.isEmpty ? parts : nil
    }
}

extension AemCalendar: LenientDecodable {}
