import AEMHeadless
import Foundation
import Testing

/// `AemCalendar`: AEM's `Calendar` text kept as sent, with its date and parts.
struct AemCalendarTests {
    @Test func aDateAndTimeWithItsOffset() throws {
        let value = AemCalendar("2024-03-15T12:30:05.250+01:00")
        #expect(value.text == "2024-03-15T12:30:05.250+01:00")
        #expect(value.components.year == 2024)
        #expect(value.components.day == 15)
        #expect(value.components.hour == 12)
        #expect(value.components.nanosecond == 250_000_000)
        #expect(value.components.timeZone?.secondsFromGMT() == 3600)
        let date = try #require(value.date)
        #expect(date.timeIntervalSince1970 == 1_710_502_205.25)
        #expect(AemCalendar("2024-03-15T11:30:05.250Z").date == date)
    }

    @Test func aDateAloneIsMidnightUTCAndATimeAloneHasNoDate() {
        #expect(AemCalendar("2024-03-15").date?.timeIntervalSince1970 == 1_710_460_800)
        let time = AemCalendar("08:15")
        #expect(time.date == nil)
        #expect(time.components.hour == 8)
        #expect(time.components.minute == 15)
    }

    @Test func textThatIsNotISO8601IsKeptWithNoParts() throws {
        for text in ["", "yesterday", "2024-3-15", "2024-03-15T", "2024-03-15T12", "12:00:00+1"] {
            let value = AemCalendar(text)
            #expect(value.text == text)
            #expect(value.date == nil, "\(text)")
        }
        let decoded = try JSONDecoder().decode([AemCalendar].self, from: Data(#"["2024-03-15","later"]"#.utf8))
        #expect(decoded.map(\.text) == ["2024-03-15", "later"])
        #expect(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self) == #"["2024-03-15","later"]"#)
    }

    @Test func madeFromADateAsAEMWritesIt() throws {
        let date = Date(timeIntervalSince1970: 1_710_502_205.25)
        let berlin = try #require(TimeZone(secondsFromGMT: 3600))
        #expect(AemCalendar(date: date, timeZone: berlin).text == "2024-03-15T12:30:05.250+01:00")
        #expect(AemCalendar(date: date).text == "2024-03-15T11:30:05.250+00:00")
        #expect(AemCalendar(date: date).date == date)
        #expect(AemCalendar("2024-01-01") < AemCalendar("2024-03-15T00:00:00Z"))
        #expect(AemCalendar.queryVariable("2024-03-15") == .string("2024-03-15"))
    }
}
