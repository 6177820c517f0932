import AEMEmulator
import EmulatorTestSupport
import Foundation
import Testing

/// Persisted queries' answers kept for the same request: the same bytes again, until the content or the query
/// changes; faults still change what is sent.
@Suite("Executed answers: a repeated persisted query")
struct ExecutedAnswersTests {
    private static let paginated = "/graphql/execute.json/wknd-shared/adventures-paginated;first=5;"

    @Test func aRepeatedRequestGetsTheSameBytesAndETag() async throws {
        try await withEmulator(EmulatorOptions(content: try EmulatorContent.sample())) { emulator in
            let first = try await emulator.get(Self.paginated)
            let again = try await emulator.get(Self.paginated)
            #expect(first.status == 200)
            #expect(again.body == first.body)
            #expect(again.headers["ETag"] == first.headers["ETag"])
            let etag = try #require(first.headers["ETag"].first)
            #expect(try await emulator.get(Self.paginated, headers: [("If-None-Match", etag)]).status == 304)
            // Other variables are another answer.
            let other = try await emulator.get("/graphql/execute.json/wknd-shared/adventures-paginated;first=3;")
            #expect(other.body != first.body)
        }
    }

    @Test func newContentOrAQueryPersistedAgainIsExecutedAgain() async throws {
        var content = try EmulatorContent.sample()
        try await withEmulator(EmulatorOptions(content: content)) { emulator in
            let path = "/graphql/execute.json/wknd-shared/adventures-all"
            let before = try await emulator.get(path)
            let adventure = try #require(content.adventures.first)
            content[fragment: adventure.path]?.master["title"] = .string("Kept no longer")
            emulator.live.replace(with: content)
            let after = try await emulator.get(path)
            #expect(after.text.contains("Kept no longer"))
            #expect(!before.text.contains("Kept no longer"))

            let persisted = try await HTTPTestClient.send(
                emulator.url("/graphql/persist.json/wknd-shared/adventures-all"), method: .POST,
                body: "{ adventureList { items { _path } } }")
            #expect(persisted.status == 200)
            let changed = try await emulator.get(path)
            #expect(!changed.text.contains("\"title\""))
            #expect(changed.text.contains(adventure.path))
        }
    }

    @Test func aFaultStillChangesAKeptAnswer() async throws {
        try await withEmulator(EmulatorOptions(content: try EmulatorContent.sample())) { emulator in
            let clean = try await emulator.get(Self.paginated)
            emulator.faults.script("/graphql/execute.json/wknd-shared/adventures-paginated", .partialData())
            let faulty = try await emulator.get(Self.paginated)
            #expect(faulty.text.hasPrefix("{\"errors\":"))
            #expect(!clean.text.contains("\"errors\""))
        }
    }
}
