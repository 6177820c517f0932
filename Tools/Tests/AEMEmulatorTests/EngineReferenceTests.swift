import Foundation
import Testing

@testable import AEMEmulator

/// `_references`, asset references and their URLs, `_assetTransform`, missing targets and reference cycles.
@Suite struct EngineReferenceTests {
    private let engine = QueryEngine(
        repository: EngineFixtures.adventureRepository(),
        settings: EngineSettings(authorBaseURL: "https://author.example", publishBaseURL: "https://publish.example/"))

    @Test func referencesListRichTextAndReferenceTargetsWithTypenames() async {
        let answer = await EngineFixtures.run(
            engine, "site",
            #"""
            { adventureList(filter: {slug: {_expressions: [{value: "bali"}]}}) {
                items { slug description { html } primaryImage { ... on ImageRef { _path } } }
                _references { __typename ... on AdventureModel { slug } ... on ImageRef { _path mimeType width } } } }
            """#)
        #expect(answer.json["data"]["adventureList"]["_references"].array.count == 2)
        #expect(
            answer.text.hasSuffix(
                #""_references":[{"__typename":"AdventureModel","slug":"costa-rica"},{"__typename":"ImageRef","_path":"/content/dam/site/adventures/bali/bali surf.jpg","mimeType":"image/jpeg","width":1600}]}}}"#
            ))
        // Fields not selected contribute no references.
        let unselected = await EngineFixtures.run(
            engine, "site",
            #"{ adventureList(filter: {slug: {_expressions: [{value: "bali"}]}}) { items { slug } _references { __typename } } }"#
        )
        #expect(unselected.json["data"]["adventureList"]["_references"].array.isEmpty)
    }

    @Test func referencesAreDeduplicatedAcrossItems() async {
        let answer = await EngineFixtures.run(
            engine, "site",
            #"{ adventureList { items { related { slug } } _references { ... on AdventureModel { slug } } } }"#)
        #expect(
            answer.json["data"]["adventureList"]["_references"].array.compactMap { $0["slug"].string } == [
                "tuscany", "costa-rica",
            ])
    }

    @Test func assetTransformFillsDynamicURLAndHostsFillAuthorAndPublishURLs() async {
        let answer = await EngineFixtures.run(
            engine, "site",
            #"""
            { adventureByPath(_path: "/content/dam/site/adventures/bali/bali", _assetTransform: {format: PNG, width: 300, quality: 55, preferWebp: true, seoName: "first waves"}) {
                item { primaryImage { ... on ImageRef { _dynamicUrl _authorUrl _publishUrl height } } } } }
            """#)
        let image = answer.json["data"]["adventureByPath"]["item"]["primaryImage"]
        #expect(
            image["_dynamicUrl"].string
                == "/adobe/dynamicmedia/deliver/dm-aid--11111111-2222-3333-4444-555555555555/first%20waves.png?quality=55&preferwebp=true&width=300"
        )
        #expect(image["_authorUrl"].string == "https://author.example/content/dam/site/adventures/bali/bali%20surf.jpg")
        #expect(
            image["_publishUrl"].string == "https://publish.example/content/dam/site/adventures/bali/bali%20surf.jpg")
        #expect(image["height"].int == 900)
        let plain = await EngineFixtures.run(
            engine, "site",
            #"{ adventureByPath(_path: "/content/dam/site/adventures/bali/bali") { item { primaryImage { ... on ImageRef { _dynamicUrl } } } } }"#
        )
        #expect(
            plain.json["data"]["adventureByPath"]["item"]["primaryImage"]["_dynamicUrl"].string
                == "/adobe/dynamicmedia/deliver/dm-aid--11111111-2222-3333-4444-555555555555/bali%20surf.jpg")
        let off = QueryEngine(
            repository: EngineFixtures.adventureRepository(), settings: EngineSettings(dynamicURLs: false))
        let none = await EngineFixtures.run(
            off, "site",
            #"{ adventureByPath(_path: "/content/dam/site/adventures/bali/bali") { item { primaryImage { ... on ImageRef { _path _dynamicUrl } } } } }"#
        )
        #expect(
            none.text
                == #"{"data":{"adventureByPath":{"item":{"primaryImage":{"_path":"/content/dam/site/adventures/bali/bali surf.jpg","_dynamicUrl":null}}}}}"#
        )
    }

    @Test func missingTargetsResolveToNull() async {
        let answer = await EngineFixtures.run(
            engine, "site",
            #"{ adventureByPath(_path: "/content/dam/site/adventures/utah/utah") { item { slug primaryImage { ... on ImageRef { _path } } related { slug } } _references { __typename } } }"#
        )
        #expect(
            answer.text
                == #"{"data":{"adventureByPath":{"item":{"slug":"utah","primaryImage":null,"related":null},"_references":[]}}}"#
        )
    }

    @Test func referenceCyclesAreBoundedByTheSelection() async {
        let answer = await EngineFixtures.run(
            engine, "site",
            #"{ adventureByPath(_path: "/content/dam/site/adventures/costa-rica/costa-rica") { item { slug related { slug related { slug related { slug } } } } } }"#
        )
        #expect(
            answer.text
                == #"{"data":{"adventureByPath":{"item":{"slug":"costa-rica","related":{"slug":"tuscany","related":{"slug":"costa-rica","related":{"slug":"tuscany"}}}}}}}"#
        )
    }

    @Test func documentsAndMultiValuedReferencesUseTheirTypes() async {
        let articles = QueryEngine(repository: EngineFixtures.articleRepository())
        let answer = await EngineFixtures.run(
            articles, "magazine",
            #"""
            { articleByPath(_path: "/content/dam/magazine/articles/skateparks") {
                item { attachments { __typename ... on DocumentRef { type _path format size } } body { json } }
                _references { __typename ... on ImageRef { _path } ... on DocumentRef { _path } } } }
            """#)
        #expect(
            answer.text.contains(
                #""attachments":[{"__typename":"DocumentRef","type":"document","_path":"/content/dam/magazine/guide.pdf","format":"application/pdf","size":0}]"#
            ))
        #expect(
            answer.text.hasSuffix(
                #""_references":[{"__typename":"ImageRef","_path":"/content/dam/magazine/skate.png"},{"__typename":"DocumentRef","_path":"/content/dam/magazine/guide.pdf"}]}}}"#
            ))
    }

    @Test func pagesArchivesAndMetadataTakeAEMsTypes() async throws {
        let modelPath = "/conf/docs/settings/dam/cfm/models/note"
        let model = FragmentModel(
            path: modelPath, configuration: "docs", title: "Note",
            fields: [EngineFixtures.field("links", .contentReference, multiple: true)])
        let created = Date(timeIntervalSince1970: 1_600_000_000)
        let note = ContentFragment(
            path: "/content/dam/docs/note", uuid: "u-note", modelPath: modelPath, title: "A note",
            description: "About links", lastModified: created.addingTimeInterval(60), created: created,
            tags: ["docs:kind/note"],
            master: ["links": .array([.string("/content/docs/en/faq"), .string("/content/dam/docs/bundle.zip")])])
        let bundle = DamAsset(
            path: "/content/dam/docs/bundle.zip", uuid: "a-zip", mimeType: "application/zip", author: "Ann",
            bytes: .data(Data(count: 42)))
        let engine = QueryEngine(
            repository: ContentRepository(
                models: [modelPath: model], fragments: [note.path: note], assets: [bundle.path: bundle], queries: [:]))
        let answer = await EngineFixtures.run(
            engine, "docs",
            #"""
            { noteByPath(_path: "/content/dam/docs/note") {
                item { links { __typename ... on PageRef { type _path } ... on ArchiveRef { type size format } }
                  _metadata { stringMetadata { name value } stringArrayMetadata { name value }
                    calendarMetadata { name value } booleanArrayMetadata { name } } }
                _references { __typename } } }
            """#)
        #expect(
            answer.text
                == #"{"data":{"noteByPath":{"item":{"links":[{"__typename":"PageRef","type":"page","_path":"/content/docs/en/faq"},{"__typename":"ArchiveRef","type":"archive","size":42,"format":"application/zip"}],"_metadata":{"stringMetadata":[{"name":"title","value":"A note"},{"name":"description","value":"About links"}],"stringArrayMetadata":[{"name":"cq:tags","value":["docs:kind/note"]}],"calendarMetadata":[{"name":"cq:lastModified","value":"2020-09-13T12:27:40.000Z"},{"name":"jcr:created","value":"2020-09-13T12:26:40.000Z"}],"booleanArrayMetadata":[]}},"_references":[{"__typename":"PageRef"},{"__typename":"ArchiveRef"}]}}}"#
        )
    }
}
