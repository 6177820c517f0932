import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Property: whatever the text, `HTTPDate.parse` returns nil or a date, never crashes, and a date
/// it returns, written back in IMF-fixdate form, reads back as the same date.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPDate(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    guard let date = HTTPDate.parse(text, now: now) else { return 0 }
    let written = imfFixdate(date)
    guard HTTPDate.parse(written, now: now) == date else {
        fatalError(
            "\(text.debugDescription) read as \(date.timeIntervalSince1970), written \(written), read back differently")
    }
    return 0
}

/// `Sun, 06 Nov 1994 08:49:37 GMT`, from the C library's calendar.
private func imfFixdate(_ date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let year = String(parts.tm_year + 1900)
    return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) "
        + "\(String(repeating: "0", count: max(0, 4 - year.count)))\(year) "
        + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
}
