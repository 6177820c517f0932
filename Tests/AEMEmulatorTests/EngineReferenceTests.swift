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
                item { attachments { __typename ... on DocumentRef { _path mimeType } } body { json } }
                _references { __typename ... on ImageRef { _path } ... on DocumentRef { _path } } } }
            """#)
        #expect(
            answer.text.contains(
                #""attachments":[{"__typename":"DocumentRef","_path":"/content/dam/magazine/guide.pdf","mimeType":"application/pdf"}]"#
            ))
        #expect(
            answer.text.hasSuffix(
                #""_references":[{"__typename":"ImageRef","_path":"/content/dam/magazine/skate.png"},{"__typename":"DocumentRef","_path":"/content/dam/magazine/guide.pdf"}]}}}"#
            ))
    }
}
