import AEMEmulator
import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import AEMHeadlessSQLiteCache
import EmulatorTestSupport
import Foundation
import Testing

/// The REST Content Fragment Delivery API through the client, over real HTTP against the emulator.
@Suite("Content Fragment Delivery API client")
struct DeliveryClientTests {
    static let articles = "/content/dam/editorial/articles"
    static let summerKitchen = "/content/dam/editorial/articles/summer-kitchen"

    /// Runs `body` with a client of an emulator serving `content` (the editorial package by default).
    private func withClient<Result: Sendable>(
        content: EmulatorContent? = nil, authentication: Authentication = .none, cache: Bool = false,
        _ body: (Aem, RunningEmulator) async throws -> Result
    ) async throws -> Result {
        let content = try content ?? EmulatorContent.editorial()
        return try await withRunning(EmulatorOptions(content: content)) { emulator in
            let configuration = try AemConfiguration(
                scheme: .http, host: emulator.hostAndPort, authentication: authentication,
                retry: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(1), maxRetryAfter: .zero))
            return try await AsyncHTTPClientTransport.withTransport { transport in
                try await body(Aem(configuration, transport: transport), emulator)
            }
        }
    }

    @Test("the list follows every cursor to the last page: every fragment once, in path order")
    func listFollowsCursors() async throws {
        try await withClient { aem, emulator in
            var pages = 0
            var paths: [String] = []
            for try await page in try aem.fragments(under: "/content/dam/editorial", pageSize: 4) {
                pages += 1
                #expect(page.items.count <= 4)
                paths += page.items.map(\.path)
                #expect(page.items.allSatisfy { $0.references.isEmpty }, "list items carry no references")
            }
            #expect(paths.count > 8, "the editorial package has more than two pages of fragments")
            #expect(paths == paths.sorted())
            #expect(Set(paths).count == paths.count)
            #expect(pages == (paths.count + 3) / 4)
            #expect(paths.contains(Self.summerKitchen))
            #expect(paths.contains("/content/dam/editorial/authors/mara-olsen"), "sub-folders are included")

            var items: [String] = []
            for try await fragment in try aem.fragments(under: Self.articles, pageSize: 5).items {
                items.append(fragment.path)
            }
            #expect(items == paths.filter { $0.hasPrefix(Self.articles + "/") })
            #expect(emulator.requests.allSatisfy { $0.path == "/adobe/contentFragments" })
        }
    }

    @Test("a fragment by path and by id, with its fields as sent and its references resolved")
    func fragmentWithReferences() async throws {
        try await withClient { aem, _ in
            let article = try await aem.execute(.fragment(path: Self.summerKitchen, references: .directHydrated)).value
            #expect(article.path == Self.summerKitchen)
            #expect(article.title == "The Summer Kitchen")
            #expect(article.model.path == "/conf/editorial/settings/dam/cfm/models/article")
            #expect(article.model.name == "article")
            #expect(article.field("readingMinutes") == .number("6"))
            #expect(try article.field("readingMinutes", as: Int.self) == 6)
            let keys = article.fields.members?.map(\.key) ?? []
            #expect(keys.firstIndex(of: "title") ?? 99 < keys.firstIndex(of: "author") ?? -1, "model order kept")

            let author = try #require(article.referencedFragments(in: "author").first)
            #expect(author.path == "/content/dam/editorial/authors/mara-olsen")
            #expect(author.field("firstName")?.stringValue == "Mara", "hydrated: the author's fields came along")
            #expect(
                article.referencedFragments(in: "related").map(\.path) == [
                    "/content/dam/editorial/articles/street-bakeries"
                ])
            #expect(
                article.referencedAssets(in: "heroImage").map(\.path) == ["/content/dam/editorial/images/market.png"])
            #expect(article.referencedImages.map(\.reference.path) == ["/content/dam/editorial/images/market.png"])
            #expect(article.referencesTree.map(\.fieldName).contains("author"))

            let byID = try await aem.execute(.fragment(id: article.id, references: .directHydrated)).value
            #expect(byID == article)

            let body = try #require(article.richText("body"))
            #expect(body.html?.isEmpty == false)
            #expect(body.text?.isEmpty == false)

            let bare = try await aem.execute(.fragment(id: article.id))
            #expect(bare.references.isEmpty && bare.referencesTree.isEmpty)

            let direct = try await aem.execute(.fragment(id: article.id, references: .direct)).value
            let directAuthor = try #require(direct.referencedFragments(in: "author").first)
            #expect(directAuthor.field("firstName") == nil, "not hydrated: id and path only")
            #expect(directAuthor.path == author.path)
        }
    }

    @Test("all-hydrated reaches the references of references")
    func allHydrated() async throws {
        try await withClient { aem, _ in
            let article = try await aem.execute(.fragment(path: Self.summerKitchen, references: .allHydrated)).value
            let author = try #require(article.referencedFragments(in: "author").first)
            #expect(author.referencedAssets(in: "avatar").isEmpty, "nested fragments hold identifiers only")
            let avatarID = try #require(author.identifiers(in: "avatar").first)
            guard case .asset(let avatar)? = article.references[avatarID] else {
                Issue.record("the author's avatar is in the flattened references map")
                return
            }
            #expect(avatar.path == "/content/dam/editorial/images/portrait-mara.png")
            let authorNode = try #require(article.referencesTree.first { $0.fieldName == "author" })
            #expect(authorNode.children.contains { $0.identifier == avatarID })
        }
    }

    @Test("a fragment that does not exist is notFound, with AEM's problem details in the message")
    func notFound() async throws {
        try await withClient { aem, _ in
            for read in [
                { try await aem.execute(.fragment(id: "00000000-0000-0000-0000-000000000000")).value },
                { try await aem.execute(.fragment(path: "/content/dam/editorial/articles/nothing-here")).value },
            ] as [@Sendable () async throws -> DeliveredFragment] {
                let error = try await #require(throws: AemError.self) { try await read() }
                #expect(error.kind == .notFound, "\(error.message)")
                #expect(error.status == 404)
                #expect(error.problemDetails?.status == 404)
                #expect(error.message.contains("does not exist"), "\(error.message)")
            }
        }
    }

    @Test("a bad folder path or page size is refused before anything is sent")
    func invalidRequests() async throws {
        try await withClient { aem, emulator in
            for path in ["/content/dam/", "/content/dam/editorial/", "/content/editorial", "", "editorial"] {
                let error = try #require(throws: AemError.self) { try aem.fragments(under: path) }
                #expect(error.kind == .invalidRequest, "\(path)")
            }
            for size in [0, 51, -1] {
                let error = try #require(throws: AemError.self) {
                    try aem.fragments(under: Self.articles, pageSize: size)
                }
                #expect(error.kind == .invalidRequest, "\(size)")
            }
            let error = try await #require(throws: AemError.self) { try await aem.execute(.fragment(path: "/tmp/x")) }
            #expect(error.kind == .invalidRequest)
            #expect(emulator.requests.isEmpty)
        }
    }

    @Test("what comes back instead of a fragment is named: HTML, an empty body, other JSON, a 400, a 500")
    func failures() async throws {
        try await withClient { aem, emulator in
            let path = "/adobe/contentFragments/byPath"
            let cases: [(FaultAction, AemError.Kind, String)] = [
                (.htmlLoginPage, .htmlResponse, "HTML page"),
                (
                    .respond(status: 200, headers: ["Content-Type": "application/json"], body: ""), .emptyResponse,
                    "empty"
                ),
                (
                    .respond(status: 200, headers: ["Content-Type": "application/json"], body: "{\"id\": 5}"),
                    .decodingFailed, "at id"
                ),
                (
                    .respond(status: 200, headers: ["Content-Type": "application/json"], body: "{\"id\""),
                    .invalidResponse, "not valid JSON"
                ),
                (
                    .respond(
                        status: 400, headers: ["Content-Type": "application/problem+json"],
                        body: #"{"title":"Bad Request","status":400,"detail":"The path is not valid."}"#),
                    .httpStatus, "The path is not valid."
                ),
                (
                    .respond(
                        status: 500, headers: ["Content-Type": "text/html"], body: "<html><title>Oops</title></html>"),
                    .httpStatus, "500"
                ),
                (.respond(status: 403, headers: [:], body: ""), .unauthorized, "api.yaml"),
            ]
            for (fault, kind, words) in cases {
                emulator.faults.script(path, [fault])
                let error = try await #require(throws: AemError.self) {
                    try await aem.execute(.fragment(path: Self.summerKitchen))
                }
                #expect(error.kind == kind, "\(words): \(error.message)")
                #expect(error.message.contains(words), "\(error.message)")
            }
        }
    }

    @Test("through the response cache: a fresh answer without a request, then revalidated with If-None-Match")
    func cached() async throws {
        try await withTemporaryFolder("delivery-cache") { folder in
            let cache = try SQLiteResponseCache(fileURL: folder.appendingPathComponent("cache.sqlite"))
            try await withClient { aem, emulator in
                let aem = aem.with(cache: cache)
                let first = try await aem.execute(.fragment(path: Self.summerKitchen, references: .direct))
                #expect(first.source == .network)
                let second = try await aem.execute(.fragment(path: Self.summerKitchen, references: .direct))
                #expect(second.source == .cache)
                #expect(second.value == first.value)
                #expect(emulator.requests.count == 1)
                let third = try await aem.execute(
                    .fragment(path: Self.summerKitchen, references: .direct), policy: .returnCacheDataAndFetch)
                #expect(third.source == .revalidated)
                let last = try #require(emulator.requests.last)
                #expect(last.status == 304)
                #expect(last.headers["if-none-match"] != nil)

                let page = try await aem.execute(.fragmentPage(under: Self.articles, pageSize: 3))
                #expect(page.source == .network)
                #expect(page.value.items.count == 3)
                #expect(try await aem.execute(.fragmentPage(under: Self.articles, pageSize: 3)).source == .cache)
            }
        }
    }

    @Test("OAuth server-to-server credentials also send their client id as X-Api-Key")
    func apiKey() async throws {
        final class KeyedProvider: AccessTokenProvider {
            func token(replacing rejected: AccessToken?, using transport: any AemHTTPTransport) async throws
                -> AccessToken
            {
                AccessToken(value: "token-value", expiresAt: nil)
            }
            var identity: String { "keyed" }
            var apiKey: String? { "my-client-id" }
            var description: String { "keyed" }
        }
        try await withClient(authentication: .provider(KeyedProvider())) { aem, emulator in
            _ = try await aem.execute(.fragment(path: Self.summerKitchen))
            let request = try #require(emulator.requests.last)
            #expect(request.headers["x-api-key"] == "my-client-id")
            #expect(request.headers["authorization"] == "Bearer token-value")
        }
    }

    @Test("a model id is the model's path in base64url")
    func modelPath() {
        let model = FragmentModelReference(id: "L2NvbmYvd2tuZC1zaGFyZWQvc2V0dGluZ3MvZGFtL2NmbS9tb2RlbHMvYWR2ZW50dXJl")
        #expect(model.path == "/conf/wknd-shared/settings/dam/cfm/models/adventure")
        #expect(model.name == "adventure")
        #expect(FragmentModelReference(id: "not base64!").path == nil)
        #expect(FragmentModelReference(id: "").name == "")
    }
}
