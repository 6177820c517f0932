import AEMHeadless
import Foundation
import Testing

/// The models generated from a list query over the schema AEM as a Cloud Service generates for the WKND 1.x models
/// (`Inputs/wknd1.graphqls`: root `QueryType`, `_metadata` as `TypedMetaData`, the `Reference` union of the
/// reference types and the models, AEM's filters), reading an answer in the shape AEM sends.
@Suite("Generated models: AEM's WKND 1.x schema")
struct GeneratedWKND1Tests {
    private typealias Query = AdventureListQuery

    @Test func anAnswerWithMetadataAndReferenceUnionsDecodes() throws {
        let json = """
            {"adventureList": {"items": [
              {"_path": "/content/dam/wknd/en/adventures/bali-surf-camp/bali-surf-camp", "adventureTitle": "Bali Surf Camp",
               "adventurePrice": "USD 5000.00",
               "adventurePrimaryImage": {"__typename": "ImageRef", "type": "image",
                 "_path": "/content/dam/wknd/en/adventures/bali-surf-camp/surf.jpg", "mimeType": "image/jpeg",
                 "width": 1600, "height": 899},
               "adventureDescription": {"html": "<p>Surfing in Bali</p>", "plaintext": "Surfing in Bali"},
               "_metadata": {"stringMetadata": [{"name": "title", "value": "Bali Surf Camp"},
                                                {"name": "description", "value": ""}],
                             "calendarMetadata": [{"name": "cq:lastModified", "value": "2022-06-02T11:19:41.017-07:00"},
                                                  {"name": "jcr:created", "value": "2021-01-13T09:11:10.123Z"}]}},
              {"_path": "/content/dam/wknd/en/adventures/guide/guide", "adventureTitle": "Guide",
               "adventurePrimaryImage": {"__typename": "DocumentRef", "_path": "/content/dam/wknd/guide.pdf",
                 "format": "application/pdf", "size": 52311},
               "_metadata": {"stringMetadata": [], "calendarMetadata": []}},
              {"_path": "/content/dam/wknd/en/adventures/faq/faq",
               "adventurePrimaryImage": {"__typename": "PageRef"},
               "_metadata": {"stringMetadata": [], "calendarMetadata": []}}],
             "_references": [{"_path": "/content/dam/wknd/en/adventures/bali-surf-camp/surf.jpg"}]}}
            """
        let data = try JSONDecoder().decode(Query.Data.self, from: Data(json.utf8))
        let items = data.adventureList.items
        #expect(items.count == 3)
        let bali = items[0]
        #expect(bali.adventureTitle == "Bali Surf Camp")
        let image = try #require(bali.adventurePrimaryImage?.asImageRef)
        #expect(image.type == "image")
        #expect(image.width == 1600)
        #expect(bali.adventureDescription?.plaintext == "Surfing in Bali")
        let metadata = try #require(bali.metadata)
        #expect(metadata.stringMetadata.map(\.name) == ["title", "description"])
        #expect(metadata.calendarMetadata.map(\.name) == ["cq:lastModified", "jcr:created"])
        #expect(metadata.calendarMetadata.first?.value.text == "2022-06-02T11:19:41.017-07:00")
        #expect(items[1].adventurePrimaryImage?.asDocumentRef?.format == "application/pdf")
        #expect(items[1].adventurePrimaryImage?.asDocumentRef?.size == 52311)
        guard case .unknown(let typename, _)? = items[2].adventurePrimaryImage else {
            Issue.record("a page reference the query selects nothing of is not kept as unknown")
            return
        }
        #expect(typename == "PageRef")
        #expect(data.adventureList.references?.count == 1)
    }

    @Test func theFilterTravelsInAEMsShape() {
        let filter = WkndSchema.AdventureModelFilter(
            path: .init(expressions: [.init(value: "/content/dam/wknd/en", operator: .startsWith)]),
            adventureTitle: .init(expressions: [.init(value: "surf", operator: .contains, ignoreCase: true)]))
        #expect(
            Query.request(filter: filter).variables["filter"]
                == .string(
                    #"{"_path":{"_expressions":[{"_operator":"STARTS_WITH","value":"/content/dam/wknd/en"}]},"adventureTitle":{"_expressions":[{"_ignoreCase":true,"_operator":"CONTAINS","value":"surf"}]}}"#
                ))
    }
}
