import Foundation
import Testing

@testable import AEMHeadless

@Suite("CacheTags and ContentChange: what an answer holds, and what an event makes stale")
struct CacheTagsTests {
    @Test("a GraphQL answer: every _path and _id, nested ones included, and the model of each list")
    func graphQL() throws {
        let body = Data(
            #"{"data":{"adventureList":{"items":[{"_path":"/content/dam/a","_id":"1","author":{"_path":"/content/dam/p"}}]}}}"#
                .utf8)
        let url = try #require(URL(string: "https://h/graphql/execute.json/site/adventures"))
        #expect(
            CacheTags.of(body, url: url) == ["cf:/content/dam/a", "cf-id:1", "cf:/content/dam/p", "model:adventure"])
        #expect(CacheTags.modelName(ofRootField: "articlePaginated") == "article")
        #expect(CacheTags.modelName(ofRootField: "adventureByPath") == nil)
    }

    @Test("a delivery answer: each fragment's id and path and its references' keys; a list is tagged as one")
    func delivery() throws {
        let list = Data(
            #"{"items":[{"id":"1","path":"/content/dam/a","fields":{}}],"references":{"9":{"id":"9","path":"/content/dam/r"}}}"#
                .utf8)
        let url = try #require(URL(string: "https://h/adobe/contentFragments?path=/content/dam"))
        #expect(
            CacheTags.of(list, url: url) == [
                "cf-id:1", "cf:/content/dam/a", "cf-id:9", "cf:/content/dam/r", "list:delivery",
            ])
        #expect(CacheTags.of(Data("<html>".utf8), url: url).isEmpty)
    }

    @Test("a fragment's event: its path, id and model, the delivery lists, and a mark every client derives alike")
    func change() throws {
        let event = JournalEvent(
            position: "p:1",
            event: try UntypedJSON(
                parsing:
                    #"{"id":"e-1","type":"aem.sites.contentFragment.published","data":{"path":"/content/dam/a","id":"1","model":{"path":"/conf/site/settings/dam/cfm/models/adventure"}}}"#
            ))
        let change = try #require(ContentChange(event))
        #expect(change.tags == ["cf:/content/dam/a", "cf-id:1", "model:adventure", "list:delivery"])
        #expect(change.mark == ContentChange(event)?.mark)
        #expect(change.mark != ContentChange.mark(of: "e-2"))
        let other = JournalEvent(
            position: "p:2", event: try UntypedJSON(parsing: #"{"type":"aem.assets.asset.deleted","data":{}}"#))
        #expect(ContentChange(other) == nil)
    }
}
