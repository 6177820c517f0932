import Foundation
import Testing

@testable import AEMHeadless

@Suite("HTTPDate: the three forms of RFC 9110 dates, read without DateFormatter")
struct HTTPDateTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000) // 2026-11-18

    @Test("RFC 9110's example in its three forms")
    func rfcExample() {
        let expected = Date(timeIntervalSince1970: 784_111_777) // 1994-11-06 08:49:37 UTC
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT", now: now) == expected)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT", now: now) == expected)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994", now: now) == expected)
    }

    @Test("Agrees with Foundation's formatter on IMF-fixdate, RFC 850 and asctime, over random dates")
    func agreesWithFoundation() throws {
        let forms = [
            "EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM d HH:mm:ss yyyy",
        ]
        let formatters = forms.map { form in
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = form
            return formatter
        }
        var random = SeededRandom(seed: 9110)
        for _ in 0..<2_000 {
            // 1900 to 2150 for the four-digit forms; within 49 years of `now` for two-digit years.
            let seconds = Double(random.below(7_900_000_000)) - 2_208_988_800
            let date = Date(timeIntervalSince1970: seconds)
            for (index, formatter) in formatters.enumerated() {
                if index == 1, abs(seconds - now.timeIntervalSince1970) > 49 * 31_556_952 { continue }
                var text = formatter.string(from: date)
                if index == 2 { // asctime pads a one-digit day with a space
                    let parts = text.split(separator: " ", omittingEmptySubsequences: false)
                    if parts.count == 5, parts[2].count == 1 {
                        text = parts[0...1].joined(separator: " ") + "  " + parts[2...].joined(separator: " ")
                    }
                }
                #expect(HTTPDate.parse(text, now: now) == date, "\(text)")
            }
        }
    }

    @Test("Letters in any case, spaces around, a leap second read as :59")
    func leniency() {
        let expected = Date(timeIntervalSince1970: 1_445_412_480) // 2015-10-21 07:28:00 UTC
        #expect(HTTPDate.parse("  wed, 21 OCT 2015 07:28:00 gmt ", now: now) == expected)
        #expect(
            HTTPDate.parse("Wed, 31 Dec 2016 23:59:60 GMT", now: now)
                == Date(timeIntervalSince1970: 1_483_228_799))
    }

    @Test(
        "What is not an HTTP date gives nil",
        arguments: [
            "", "0", "-1", "GMT", "Sun,", "Sun, 06 Nov 1994", "Sun, 06 Nov 1994 08:49:37",
            "Sun, 06 Nov 1994 08:49:37 UTC",
            "Sun, 06 Nov 1994 08:49:37 GMT extra", "Sun, 32 Oct 1994 08:49:37 GMT", "Sun, 29 Feb 1900 08:49:37 GMT",
            "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:60:00 GMT",
            "Sun, 06 Nov 1994 08:49:61 GMT", "Sun, 06 Nov 99999 08:49:37 GMT", "Sun, 006 Nov 1994 08:49:37 GMT",
            "Xyz, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-1994 08:49:37 GMT", "Sun Nov 6 08:49:37",
            "Sun, 06 Nov 1994 8:49:37 GMT", "Sün, 06 Nov 1994 08:49:37 GMT", "Sun, ０6 Nov 1994 08:49:37 GMT",
            "<html>", "Wed, 21 Oct 2015 07:28:00 GMT\u{0}",
        ])
    func rejects(text: String) {
        #expect(HTTPDate.parse(text, now: now) == nil)
    }

    @Test("29 February only in leap years")
    func leapYears() {
        #expect(HTTPDate.parse("Thu, 29 Feb 2024 00:00:00 GMT", now: now) != nil)
        #expect(HTTPDate.parse("Tue, 29 Feb 2000 00:00:00 GMT", now: now) != nil)
        #expect(HTTPDate.parse("Sat, 29 Feb 2025 00:00:00 GMT", now: now) == nil)
    }
}
