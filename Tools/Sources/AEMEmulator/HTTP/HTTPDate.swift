import Foundation

/// HTTP dates in the IMF-fixdate form (`Sun, 06 Nov 1994 08:49:37 GMT`), for `Last-Modified` and
/// `If-Modified-Since`.
enum HTTPDate {
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func format(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        func two(_ value: Int?) -> String {
            let text = String(value ?? 0)
            return text.count < 2 ? "0" + text : text
        }
        let weekday = weekdays[((parts.weekday ?? 1) - 1) % 7]
        let month = months[((parts.month ?? 1) - 1) % 12]
        return
            "\(weekday), \(two(parts.day)) \(month) \(parts.year ?? 1970) \(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) GMT"
    }

    static func parse(_ text: String) -> Date? {
        let words = text.split(separator: " ")
        guard words.count == 6, words[5] == "GMT", let month = months.firstIndex(of: String(words[2])) else {
            return nil
        }
        let time = words[4].split(separator: ":").compactMap { Int($0) }
        guard time.count == 3, let day = Int(words[1]), let year = Int(words[3]) else { return nil }
        let parts = DateComponents(
            year: year, month: month + 1, day: day, hour: time[0], minute: time[1], second: time[2])
        return calendar.date(from: parts)
    }
}
