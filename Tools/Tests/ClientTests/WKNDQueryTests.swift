import AEMHeadless
import Foundation
import Testing
import WKNDSample

@Suite("WKND persisted queries and typed calls")
struct WKNDQueryTests {
    @Test func adventuresWithoutArgumentsSendNoVariables() {
        let query = WKNDQueries.adventures()
        #expect(query.path == "wknd-shared/adventures-all")
        #expect(query.requestPath == "/graphql/execute.json/wknd-shared/adventures-all")
    }

    @Test func adventuresSendEveryVariableSorted() throws {
        let query = WKNDQueries.adventures(
            offset: 10, limit: 5, sort: "price DESC",
            image: try ImageTransform(width: 800, quality: 70, format: .webp, seoName: "ignored"))
        #expect(
            query.requestPath
                == "/graphql/execute.json/wknd-shared/adventures-all;imageFormat=WEBP;imageQuality=70;imageWidth=800;limit=5;offset=10;sort=price%20DESC;"
        )
    }

    @Test func adventureBySlugSendsTheSlugAndSeoName() throws {
        let query = WKNDQueries.adventureBySlug(
            "cote-azur-sea-cliffs", image: try ImageTransform(format: .pjpg, seoName: "côte d’azur"))
        #expect(query.path == "wknd-shared/adventure-by-slug")
        #expect(
            query.requestPath
                == "/graphql/execute.json/wknd-shared/adventure-by-slug;imageFormat=PJPG;imageSeoName=cote-d-azur;slug=cote-azur-sea-cliffs;"
        )
        #expect(
            WKNDQueries.adventureBySlug("a;b=c/d").requestPath
                == "/graphql/execute.json/wknd-shared/adventure-by-slug;slug=a%3Bb%3Dc%2Fd;")
    }

    @Test func typedCallsOverHTTP() async throws {
        let list = try String(decoding: RecordedFixture.data("adventures-all.json"), as: UTF8.self)
        let detail = try String(decoding: RecordedFixture.data("adventure-by-slug.json"), as: UTF8.self)
        let none = try String(decoding: RecordedFixture.data("adventure-by-slug-no-match.json"), as: UTF8.self)
        try await withRecordingServer { server in
            server.enqueue(.json(list), .json(detail), .json(none))
            try await withClient(.urlSession, server: server) { aem in
                let adventures = try await aem.execute(WKNDQueries.adventures(limit: 12, sort: "title ASC")).map(
                    \.adventures)
                #expect(adventures.data?.count == 12)

                let found = try await aem.execute(
                    WKNDQueries.adventureBySlug("cote-azur-sea-cliffs", image: try ImageTransform(width: 600))
                ).map { try $0.adventureDetail() }
                let adventure = try #require(found.data).adventure
                #expect(adventure.title == "Côte d’Azur Sea Cliffs")
                #expect(try #require(adventure.primaryImage).url(on: aem.configuration.origin)?.host == "127.0.0.1")
                #expect(found.url.absoluteString.contains("/graphql/execute.json/wknd-shared/adventure-by-slug;"))

                let missing = try await aem.execute(WKNDQueries.adventureBySlug("no-such-trip")).map {
                    try $0.adventureDetail()
                }
                #expect(missing.errors.isEmpty)
                #expect(missing.data == nil)
            }
            #expect(
                server.requests.map(\.target) == [
                    "/graphql/execute.json/wknd-shared/adventures-all;limit=12;sort=title%20ASC;",
                    "/graphql/execute.json/wknd-shared/adventure-by-slug;imageWidth=600;slug=cote-azur-sea-cliffs;",
                    "/graphql/execute.json/wknd-shared/adventure-by-slug;slug=no-such-trip;",
                ])
        }
    }
}
