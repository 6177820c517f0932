import AEMHeadless
import Foundation
import Testing

@testable import WKNDCore

/// What `-v` says of an answer: the CDN's word on its copy, and why a read went past that copy.
@Suite("wknd -v: the CDN's copy and content changes")
struct VerboseObserverTests {
    @Test("X-Cache and Age become the CDN note; an answer that says neither gets none")
    func cdnNote() {
        #expect(VerboseObserver.cdnNote(["X-Cache": "HIT", "Age": "59"]) == "[CDN HIT, copy 59 s old]")
        #expect(VerboseObserver.cdnNote(["X-Cache": "MISS"]) == "[CDN MISS]")
        #expect(VerboseObserver.cdnNote(["Content-Type": "application/json"]) == nil)
    }

    @Test("a read with the cache's change mark is told apart from a plain one")
    func changeRead() throws {
        let busted = try #require(
            URL(
                string: "https://publish.example/graphql/execute.json/wknd-shared/adventures-all;limit=3;?aem-change=9f"
            ))
        let plain = try #require(URL(string: "https://publish.example/graphql/execute.json/wknd-shared/adventures-all"))
        #expect(VerboseObserver.isChangeRead(busted))
        #expect(!VerboseObserver.isChangeRead(plain))
    }
}
