import Foundation
import Testing

@testable import AEMHeadless

@Suite("ContentPreviewLink: a link made from a model's Preview URL pattern, read back")
struct ContentPreviewLinkTests {
    private func url(_ text: String) throws -> URL { try #require(URL(string: text)) }

    @Test("the path form: a DAM path over several segments, percent-decoded; the query form beside it")
    func pathAndQuery() throws {
        let pattern = "https://app.example.com/adventure${contentFragment.path}?variation=${contentFragment.variation}"
        let link = try #require(
            ContentPreviewLink(
                try url(
                    "https://app.example.com/adventure/content/dam/wknd-shared/en/adventures/bali%20surf/bali?variation=main"
                ), pattern: pattern))
        #expect(link.path == "/content/dam/wknd-shared/en/adventures/bali surf/bali")
        #expect(link.variation == "main")
        #expect(link.id == nil)
    }

    @Test("the id and the model in the query")
    func queryForm() throws {
        let pattern =
            "https://preview.example.com/fragment?id=${contentFragment.id}&model=${contentFragment.model.name}&from=aem"
        let link = try #require(
            ContentPreviewLink(
                try url("https://preview.example.com/fragment?model=adventure&from=aem&id=6d980e6a"), pattern: pattern))
        #expect(link.id == "6d980e6a")
        #expect(link.modelName == "adventure")
    }

    @Test("another host, another path, or a part missing: not a link of that pattern")
    func notALink() throws {
        let pattern = "https://app.example.com/adventure${contentFragment.path}"
        #expect(
            ContentPreviewLink(try url("https://other.example.com/adventure/content/dam/a"), pattern: pattern) == nil)
        #expect(ContentPreviewLink(try url("https://app.example.com/article/content/dam/a"), pattern: pattern) == nil)
        let query = "https://app.example.com/view?id=${contentFragment.id}"
        #expect(ContentPreviewLink(try url("https://app.example.com/view?other=1"), pattern: query) == nil)
        #expect(ContentPreviewLink(try url("https://app.example.com/view"), pattern: "no pattern here") == nil)
    }

    @Test("a custom scheme, as a universal link or an app's own URL")
    func customScheme() throws {
        let pattern = "wknd://adventure${contentFragment.path}"
        let link = ContentPreviewLink(try url("wknd://adventure/content/dam/wknd-shared/en/a/a"), pattern: pattern)
        #expect(link?.path == "/content/dam/wknd-shared/en/a/a")
    }
}
