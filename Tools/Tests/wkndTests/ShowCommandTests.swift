import AEMEmulator
import EmulatorTestSupport
import Foundation
import Testing

@testable import WKNDCore

@Suite("wknd show against the emulator")
struct ShowCommandTests {
    /// The sample content plus an adventure with nothing but its slug and title.
    static func contentWithBareAdventure() throws -> EmulatorOptions {
        var content = try EmulatorContent.sample()
        content[slug: "bare-minimum-trip"] = content.makeAdventure(slug: "bare-minimum-trip", title: "Bare Minimum")
        return EmulatorOptions(content: content)
    }

    @Test("text: every field, rich text laid out, related adventures")
    func text() async throws {
        try await withEmulator { emulator, environment in
            let run = try await WkndRun.run(["show", "lofoten-winter-surf"], environment: environment)
            #expect(run.status == 0)
            #expect(run.stderr.isEmpty)
            let text = run.stdout
            #expect(text.hasPrefix("Lofoten Winter Surf Week\n"))
            for expected in [
                "lofoten-winter-surf", "Surfing", "Overnight Trip", "Advanced", "2,450.00", "Trip length  6\u{A0}days",
                "/content/dam/wknd-shared/en/adventures/lofoten-winter-surf/lofoten-winter-surf",
                emulator.baseURL.absoluteString + "/adobe/dynamicmedia/deliver/",
                "DESCRIPTION", "ITINERARY", "1. Day 1", "wknd show algarve-first-waves",
                "RELATED ADVENTURES", "Algarve First Waves (algarve-first-waves)",
            ] {
                #expect(text.contains(expected), "missing \(expected)")
            }
            #expect(!text.contains("\u{1B}"))
            #expect(!text.contains("<p>"))
        }
    }

    @Test("--json: the list's keys, the rich text objects as sent, references")
    func json() async throws {
        try await withEmulator { _, environment in
            let run = try await WkndRun.run(["show", "lofoten-winter-surf", "--json"], environment: environment)
            #expect(run.status == 0)
            #expect(run.stderr.isEmpty)
            let object = try #require(try run.json() as? [String: Any])
            #expect(
                Set(object.keys).isSuperset(of: [
                    "slug", "title", "activity", "price", "tripLength", "path", "imageUrl",
                    "adventureType", "groupSize", "difficulty", "description",
                    "itinerary", "references",
                ]))
            #expect((object["groupSize"] as? NSNumber)?.intValue == 8)
            let description = try #require(object["description"] as? [String: Any])
            #expect(description["plaintext"] is String)
            #expect(description["html"] is String)
            #expect(description["json"] is [Any])
            let references = try #require(object["references"] as? [[String: Any]])
            #expect(
                references.contains {
                    $0["slug"] as? String == "algarve-first-waves" && $0["type"] as? String == "adventure"
                })
            // One naming scheme: the CLI's keys, never AEM's wire keys.
            #expect(
                references.allSatisfy {
                    $0.keys.allSatisfy { !$0.hasPrefix("_") } && $0["type"] != nil && $0["path"] != nil
                })
        }
    }

    @Test("an adventure with nulls: dashes in text, nulls in JSON")
    func nulls() async throws {
        try await withEmulator(try Self.contentWithBareAdventure()) { _, environment in
            let text = try await WkndRun.run(["show", "bare-minimum-trip"], environment: environment)
            #expect(text.status == 0)
            #expect(text.stdout.hasPrefix("Bare Minimum\n"))
            #expect(text.stdout.contains("Price        —"))
            #expect(!text.stdout.contains("DESCRIPTION"))

            let json = try await WkndRun.run(["show", "bare-minimum-trip", "--json"], environment: environment)
            #expect(json.status == 0)
            let object = try #require(try json.json() as? [String: Any])
            for key in [
                "price", "groupSize", "difficulty", "adventureType", "description", "itinerary", "imageUrl",
                "tripLength",
            ] {
                #expect(object[key] is NSNull, "\(key) is not null")
            }
            #expect((object["references"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("no adventure with that slug: nothing on stdout, one line naming it, exit 66")
    func notFound() async throws {
        try await withEmulator { _, environment in
            for arguments in [["show", "no-such-trip"], ["show", "no-such-trip", "--json"]] {
                let run = try await WkndRun.run(arguments, environment: environment)
                #expect(run.status == 66)
                #expect(run.stdout.isEmpty)
                #expect(run.stderrLines.count == 1)
                #expect(run.stderr.contains("no-such-trip"))
            }
        }
    }
}
