import AEMEmulator
import AEMHeadless
import Foundation
import Testing

@Suite("Listing, reading and persisting queries through the library, against the emulator")
struct PersistedQueryManagementTests {
    static let byActivity =
        "query ($activity: String!) { adventureList(filter: {activity: {_expressions: [{value: $activity}]}}, sort: \"slug\") { items { slug activity } } }"

    @Test func listsAndReadsTheStoredQueries() async throws {
        try await withEmulatorAem { _, aem in
            let entries = try await aem.persistedQueries()
            #expect(
                entries.map(\.path) == [
                    "wknd-shared/adventure-by-path", "wknd-shared/adventure-by-slug",
                    "wknd-shared/adventures-all", "wknd-shared/adventures-by-locale",
                    "wknd-shared/adventures-paginated",
                ])
            #expect(entries.first?.shortPath == "/wknd-shared/adventure-by-path")
            #expect(entries.first?.longPath == "/wknd-shared/settings/graphql/persistentQueries/adventure-by-path")
            let text = try await aem.persistedQueryText("wknd-shared/adventures-all")
            #expect(text.hasPrefix("query ($offset: Int, $limit: Int, $sort: String"))
            #expect(try await aem.persistedQueries(configuration: "other").isEmpty)
            await #expect { try await aem.persistedQueryText("wknd-shared/no-such-query") } throws: { error in
                (error as? AemError)?.kind == .queryNotFound
            }
        }
    }

    @Test func persistsRunsUpdatesAndRefuses() async throws {
        try await withEmulatorAem { _, aem in
            let created = try await aem.persist(
                Self.byActivity, as: "wknd-shared/by-activity",
                caching: QueryCacheSettings(maxAge: 300, sharedMaxAge: 600))
            #expect(created.action == .create)
            #expect(created.shortPath == "/wknd-shared/by-activity")
            #expect(created.repositoryPath == "/conf/wknd-shared/settings/graphql/persistentQueries/by-activity")

            let (head, _) = try await aem.rawResponse(
                PersistedQuery<UntypedJSON>("wknd-shared/by-activity", variables: ["activity": "Surfing"]))
            #expect(head.headers["Cache-Control"]?.hasPrefix("public, max-age=300, s-maxage=600,") == true)
            let run = try await aem.execute(
                PersistedQuery<UntypedJSON>("wknd-shared/by-activity", variables: ["activity": "Surfing"]))
            let items = try #require(run.data?["adventureList"]?["items"]?.arrayValue)
            #expect(!items.isEmpty)
            #expect(items.allSatisfy { $0["activity"]?.stringValue == "Surfing" })
            #expect(try await aem.persistedQueryText("wknd-shared/by-activity") == Self.byActivity)
            #expect(try await aem.persistedQueries(configuration: "wknd-shared").contains { $0.name == "by-activity" })

            await #expect { try await aem.persist(Self.byActivity, as: "wknd-shared/by-activity") } throws: { error in
                (error as? AemError)?.kind == .queryAlreadyExists
            }
            let updated = try await aem.persist(
                "{ adventureList(limit: 1) { items { slug } } }", as: "wknd-shared/by-activity", replacing: true)
            #expect(updated.action == .update)
            let rerun = try await aem.execute(PersistedQuery<UntypedJSON>("wknd-shared/by-activity"))
            #expect(rerun.data?["adventureList"]?["items"]?.arrayValue?.count == 1)

            await #expect {
                try await aem.persist(Self.byActivity, as: "wknd-shared/not-there", replacing: true)
            } throws: { error in
                (error as? AemError)?.kind == .queryNotFound
            }
            await #expect {
                try await aem.persist("{ adventureList { items { colour } } }", as: "wknd-shared/broken")
            } throws: { error in
                guard let error = error as? AemError, error.kind == .queryRejected else { return false }
                return error.message.contains("colour")
                    && error.graphQLErrors.first?.errorType == "QueryValidationError"
            }
            await #expect { try await aem.persist(Self.byActivity, as: "no-name") } throws: { error in
                (error as? AemError)?.kind == .queryNotFound
            }
        }
    }

    @Test func listsCacheSettingsAndDeletes() async throws {
        try await withEmulatorAem { _, aem in
            try await aem.persist(
                Self.byActivity, as: "wknd-shared/by-activity",
                caching: QueryCacheSettings(maxAge: 300, sharedMaxAge: 600))
            let entries = try await aem.persistedQueries(configuration: "wknd-shared")
            #expect(
                entries.first { $0.name == "by-activity" }?.cache == QueryCacheSettings(maxAge: 300, sharedMaxAge: 600))
            #expect(entries.first { $0.name == "adventures-all" }?.cache == nil)

            try await aem.deletePersistedQuery("wknd-shared/by-activity")
            #expect(
                try await aem.persistedQueries(configuration: "wknd-shared").contains { $0.name == "by-activity" }
                    == false)
            await #expect { try await aem.deletePersistedQuery("wknd-shared/by-activity") } throws: { error in
                (error as? AemError)?.kind == .queryNotFound
            }
        }
    }

    @Test("a read-only publish service", arguments: [403, 405, 404])
    func readOnlyService(status: Int) async throws {
        try await withEmulatorAem { emulator, aem in
            emulator.faults.script(
                "/graphql/persist.json/wknd-shared/new-query",
                .respond(status: status, headers: ["Content-Type": "text/plain"], body: "Not allowed"))
            await #expect { try await aem.persist(Self.byActivity, as: "wknd-shared/new-query") } throws: { error in
                guard let error = error as? AemError else { return false }
                return error.kind == .persistingNotAllowed && error.message.contains("publish")
            }
        }
    }
}
