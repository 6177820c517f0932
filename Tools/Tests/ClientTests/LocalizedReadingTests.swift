import AEMEmulator
import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import AEMHeadlessSQLiteCache
import EmulatorTestSupport
import Foundation
import Testing
import WKNDSample

/// Reading the sample's English and German language copies through a locale chain, over real HTTP.
@Suite("Localized content")
struct LocalizedReadingTests {
    /// Runs `body` with a client of an emulator serving `content` (the sample by default).
    private func withClient<Result: Sendable>(
        content: EmulatorContent? = nil, _ body: (Aem, RunningEmulator) async throws -> Result
    ) async throws -> Result {
        let content = try content ?? EmulatorContent.sample()
        return try await withRunning(EmulatorOptions(content: content)) { emulator in
            let configuration = try AemConfiguration(scheme: .http, host: emulator.hostAndPort, retry: .none)
            return try await AsyncHTTPClientTransport.withTransport { transport in
                try await body(Aem(configuration, transport: transport), emulator)
            }
        }
    }

    @Test("show falls back along the chain and says which locale answered")
    func adventureBySlugFallsBack() async throws {
        try await withClient { aem, _ in
            let chain = try LocaleChain(parsing: "de-CH,de,en")
            let german = try #require(try await aem.adventure(slug: "dolomites-ski-safari", locales: chain).data)
            #expect(german.locale.identifier == "de")
            #expect(german.value.adventure.title == "Skisafari in den Dolomiten")
            #expect(german.value.adventure.path?.contains("/de/") == true)
            // Only in English: the fallback ends in the chain's last locale.
            let english = try #require(try await aem.adventure(slug: "lofoten-winter-surf", locales: chain).data)
            #expect(english.locale.identifier == "en")
            #expect(english.value.adventure.title == "Lofoten Winter Surf Week")
            #expect(english.value.references.contains { $0.adventure?.slug == "algarve-first-waves" })
            // In no locale of the chain.
            #expect(
                try await aem.adventure(slug: "lofoten-winter-surf", locales: LocaleChain(parsing: "fr")).data == nil)
            #expect(try await aem.adventure(slug: "no-such-trip", locales: chain).data == nil)
        }
    }

    @Test("a by-slug query that ignores the locale is asked once, and the chain still chooses")
    func aQueryWithoutLocaleIsAskedOnce() async throws {
        var content = try EmulatorContent.sample()
        let path = "/wknd-shared/adventure-by-slug"
        var query = try #require(content[query: path])
        query.text = """
            query ($slug: String!) {
              adventureList(filter: {slug: {_expressions: [{value: $slug}]}}) { items { _path slug title } }
            }
            """
        content[query: path] = query
        try await withClient(content: content) { aem, emulator in
            let found = try await aem.adventure(slug: "pyrenees-gravel-raid", locales: LocaleChain(parsing: "fr,de,en"))
            #expect(found.data?.locale.identifier == "de")
            #expect(emulator.requests(to: "/graphql/execute.json" + path).count == 1)
        }
    }

    @Test("one locale's list, and every adventure once across a chain")
    func listsByLocale() async throws {
        try await withClient { aem, _ in
            let german =
                try await aem.execute(WKNDQueries.adventures(locale: ContentLocale("de"))).adventures.data ?? []
            #expect(german.count == 8)
            #expect(german.allSatisfy { $0.locale?.identifier == "de" })
            #expect(
                try await aem.execute(WKNDQueries.adventures(locale: ContentLocale("fr"))).adventures.data?.isEmpty
                    == true)
            let merged = try await aem.allAdventures(locales: LocaleChain(parsing: "de,en"), pageSize: 7).data ?? []
            #expect(merged.count == 20)
            #expect(merged.filter { $0.locale.identifier == "de" }.count == 8)
            #expect(Set(merged.compactMap(\.value.slug)).count == 20)
            #expect(
                merged.first { $0.value.slug == "dolomites-ski-safari" }?.value.title == "Skisafari in den Dolomiten")
        }
    }

    @Test("a service without adventures-by-locale is named as such")
    func missingLocaleQuery() async throws {
        var content = try EmulatorContent.sample()
        content[query: "/wknd-shared/adventures-by-locale"] = nil
        try await withClient(content: content) { aem, _ in
            let error = await #expect(throws: AemError.self) {
                try await aem.allAdventures(locales: LocaleChain(parsing: "de,en"))
            }
            #expect(error?.kind == .queryNotFound)
            #expect(error?.message.contains("stores no wknd-shared/adventures-by-locale") == true)
        }
    }

    @Test("the locale is part of a cached request: each locale has its own entry")
    func theCacheKeepsLocalesApart() async throws {
        try await withTemporaryFolder("locales") { folder in
            let cache = try SQLiteResponseCache(fileURL: folder.appendingPathComponent("cache.sqlite"))
            do {
                try await withClient { aem, _ in
                    let cached = aem.with(cache: cache)
                    let german = try await cached.execute(WKNDQueries.adventures(locale: ContentLocale("de")))
                    let english = try await cached.execute(WKNDQueries.adventures(locale: ContentLocale("en")))
                    #expect(german.value.adventures.data?.count == 8)
                    #expect(english.value.adventures.data?.count == 20)
                    let again = try await cached.execute(
                        WKNDQueries.adventures(locale: ContentLocale("de")), policy: .returnCacheDataDontFetch)
                    #expect(again.source == .cache)
                    #expect(again.value.adventures.data?.count == 8)
                    let chain = try await aem.with(cache: cache).allAdventures(locales: LocaleChain(parsing: "de,en"))
                    #expect(chain.value.data?.count == 20)
                }
            }
        }
    }

    @Test("a fragment by path through the delivery API, in the first language copy that has it")
    func deliveredFragmentFallsBack() async throws {
        try await withClient { aem, _ in
            let chain = try LocaleChain(parsing: "de,en")
            /// The fragment at `path` in the first locale of the chain that has it, as the DocC article reads it.
            func translation(_ path: String) async throws -> Localized<DeliveredFragment>? {
                try await chain.firstTranslation(of: path) { copy in
                    do {
                        return try await aem.execute(.fragment(path: copy)).value
                    } catch let error as AemError where error.kind == .notFound {
                        return nil
                    }
                }
            }
            let english = "/content/dam/wknd-shared/en/adventures/"
            let german = try #require(
                try await translation(english + "berlin-marathon-prep/berlin-marathon-prep"))
            #expect(german.locale.identifier == "de")
            #expect(
                german.value.path == "/content/dam/wknd-shared/de/adventures/berlin-marathon-prep/berlin-marathon-prep")
            let fallback = try #require(
                try await translation(english + "lofoten-winter-surf/lofoten-winter-surf"))
            #expect(fallback.locale.identifier == "en")
            #expect(try await translation(english + "nothing/nothing") == nil)
            await #expect(throws: AemError.self) {
                try await translation("/content/dam/editorial/articles/x")
            }
        }
    }
}
