import AEMHeadless
import Foundation
import Testing

/// Delivery API bodies in the shapes AEM's production service sends: tags as references (`"type": "tag"`), an unset
/// rich-text field as `{"mimeType": "text/html"}` alone, `referencesTree` nested, references flattened into one map,
/// entries without a `type`, and members this library does not model (`modelReferences`), all read without loss.
@Suite("Delivered bodies as AEM sends them")
struct DeliveredBodyTests {
    private static func read(_ text: String) throws -> DeliveredFragment {
        try DeliveredFragment(UntypedJSON(parsing: text))
    }

    @Test("a card with tags: each tag a reference of type tag, unset rich text a value, the tree by field")
    func cardWithTags() throws {
        let card = try Self.read(
            """
            {"path": "/content/dam/shop/en_US/card-one", "name": "", "title": "Card one", "id": "card-one",
             "description": "", "model": {"id": "L2NvbmYvc2hvcC9zZXR0aW5ncy9kYW0vY2ZtL21vZGVscy9jYXJk"},
             "fields": {"variant": "plans", "icons": ["https://example.com/a.svg"], "alts": [""],
                        "badge": {"mimeType": "text/html"}, "background": "",
                        "prices": {"value": "<p><span>9.99</span></p>", "mimeType": "text/html"},
                        "tags": ["shop:plan/annual", "shop:offer"]},
             "references": {
               "shop:plan/annual": {"type": "tag", "value": {"path": "/content/cq:tags/shop/plan/annual", "name": "annual",
                 "title": "Annual", "id": "shop:plan/annual", "i18n": [], "titlePath": "Shop : Plan / Annual",
                 "description": ""}},
               "shop:offer": {"type": "tag", "value": {"path": "/content/cq:tags/shop/offer", "name": "offer",
                 "title": "Offer", "id": "shop:offer", "i18n": [], "titlePath": "Shop : Offer", "description": ""}}},
             "referencesTree": [
               {"fieldName": "tags", "identifier": "shop:plan/annual", "referencesTree": []},
               {"fieldName": "tags", "identifier": "shop:offer", "referencesTree": []}]}
            """)
        #expect(card.id == "card-one")
        #expect(card.model.path == "/conf/shop/settings/dam/cfm/models/card")
        guard case .tag(let annual)? = card.references["shop:plan/annual"] else {
            Issue.record("the tag is not read as a tag")
            return
        }
        #expect(annual.title == "Annual")
        #expect(annual.titlePath == "Shop : Plan / Annual")
        #expect(annual.path == "/content/cq:tags/shop/plan/annual")
        #expect(card.references["shop:offer"]?.type == "tag")
        #expect(card.identifiers(in: "tags") == ["shop:plan/annual", "shop:offer"])
        let badge = try #require(card.richText("badge"))
        #expect((badge.html ?? "").isEmpty)
        #expect(card.richText("prices")?.plaintext == "9.99")
        #expect(card.referencesTree.map(\.identifier) == ["shop:plan/annual", "shop:offer"])
        #expect(card.json["fields"]?["alts"]?.arrayValue?.count == 1)
    }

    @Test("a dictionary: fragments flattened into one map, entries without a type kept, the tree nested")
    func dictionaryWithNestedTree() throws {
        let dictionary = try Self.read(
            """
            {"path": "/content/dam/shop/dictionary/index", "name": "", "title": "index", "id": "d-index",
             "description": "", "model": {"id": "L2NvbmYvc2hvcC9zZXR0aW5ncy9kYW0vY2ZtL21vZGVscy9kaWN0aW9uYXJ5"},
             "fields": {"entries": ["e-buy", "e-see"], "locReady": true},
             "references": {
               "e-buy": {"type": "content-fragment", "value": {"path": "/content/dam/shop/dictionary/buy", "name": "",
                 "title": "buy", "id": "e-buy", "description": "", "model": {"id": "bW9kZWw"},
                 "fields": {"key": "buy", "value": "Buy now", "richTextValue": {"mimeType": "text/html"},
                            "see": "e-see", "locReady": true}}},
               "e-see": {"type": "content-fragment", "value": {"path": "/content/dam/shop/dictionary/see", "name": "",
                 "title": "see", "id": "e-see", "description": "", "model": {"id": "bW9kZWw"},
                 "fields": {"key": "see", "richTextValue": {"value": "<p>see</p>\\n", "mimeType": "text/html"}}}},
               "placeholder": {"value": {"fields": {"key": "placeholder", "value": "{{buy}} or {{see}}"}}}},
             "referencesTree": [
               {"fieldName": "entries", "identifier": "e-buy", "referencesTree": [
                 {"fieldName": "see", "identifier": "e-see", "referencesTree": []}]},
               {"fieldName": "entries", "identifier": "e-see", "referencesTree": []}]}
            """)
        let buy = try #require(dictionary.referencedFragments(in: "entries").first)
        #expect(buy.field("value")?.stringValue == "Buy now")
        #expect(buy.richText("richTextValue") != nil)
        #expect(dictionary.referencedFragments(in: "entries").last?.richText("richTextValue")?.plaintext == "see")
        guard case .other(let type, let value)? = dictionary.references["placeholder"] else {
            Issue.record("an entry without a type is not kept")
            return
        }
        #expect(type.isEmpty)
        #expect(value["fields"]?["value"]?.stringValue == "{{buy}} or {{see}}")
        #expect(dictionary.referencesTree.first?.children.map(\.identifier) == ["e-see"])
        #expect(dictionary.referencesTree.first?.children.first?.fieldName == "see")
        #expect(dictionary.field("locReady")?.boolValue == true)
    }

    @Test("a collection with nothing referenced: empty map and tree, modelReferences kept in the JSON")
    func emptyCollection() throws {
        let collection = try Self.read(
            """
            {"path": "/content/dam/shop/en_US/plans", "name": "", "title": "Plans", "id": "c-plans",
             "description": "Plans", "model": {"id": "L2NvbmYvc2hvcC9zZXR0aW5ncy9kYW0vY2ZtL21vZGVscy9jb2xsZWN0aW9u"},
             "fields": {"label": "Plans", "cards": [], "collections": []}, "references": {}, "referencesTree": [],
             "modelReferences": {"bW9kZWw": {"id": "bW9kZWw", "path": "/conf/shop/settings/dam/cfm/models/card"}}}
            """)
        #expect(collection.references.isEmpty)
        #expect(collection.referencesTree.isEmpty)
        #expect(collection.identifiers(in: "cards").isEmpty)
        #expect(
            collection.json["modelReferences"]?["bW9kZWw"]?["path"]?.stringValue
                == "/conf/shop/settings/dam/cfm/models/card")
    }
}
