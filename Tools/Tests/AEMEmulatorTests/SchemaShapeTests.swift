import Testing

@testable import AEMEmulator

/// The schema generated from the models: type and field names, argument lists, and the SDL.
@Suite struct SchemaShapeTests {
    private func typeFields(_ engine: QueryEngine, _ configuration: String, _ type: String) async -> [String: String] {
        let answer = await EngineFixtures.run(
            engine, configuration,
            #"{ __type(name: "\#(type)") { kind fields { name type { kind name ofType { name } } } possibleTypes { name } } }"#
        )
        var fields: [String: String] = [:]
        for field in answer.json["data"]["__type"]["fields"].array {
            let type = field["type"]
            fields[field["name"].string ?? ""] = type["name"].string ?? "[\(type["ofType"]["name"].string ?? "")]"
        }
        return fields
    }

    @Test func adventureModelHasSystemAndContentFields() async {
        let engine = QueryEngine(repository: EngineFixtures.adventureRepository())
        let fields = await typeFields(engine, "site", "AdventureModel")
        #expect(fields["_path"] == "ID")
        #expect(fields["_id"] == "String")
        #expect(fields["_variation"] == "String")
        #expect(fields["_model"] == "ModelInfo")
        #expect(fields["_metadata"] == "TypedMetaData")
        #expect(fields["_tags"] == "[String]")
        #expect(fields["_variations"] == "[String]")
        #expect(fields["_locale"] == "String")
        #expect(fields["title"] == "String")
        #expect(fields["activity"] == "String")
        #expect(fields["groupSize"] == "Int")
        #expect(fields["price"] == "Float")
        #expect(fields["description"] == "MultiFormatString")
        #expect(fields["primaryImage"] == "Reference")
        #expect(fields["related"] == "AdventureModel")
        let image = await typeFields(engine, "site", "ImageRef")
        #expect(
            Set(image.keys) == [
                "type", "_path", "_authorUrl", "_publishUrl", "_dynamicUrl", "mimeType", "width", "height",
            ])
        let document = await typeFields(engine, "site", "DocumentRef")
        #expect(Set(document.keys) == ["type", "_path", "_authorUrl", "_publishUrl", "size", "author", "format"])
        let page = await typeFields(engine, "site", "PageRef")
        #expect(Set(page.keys) == ["type", "_path", "_authorUrl", "_publishUrl"])
        let metadata = await typeFields(engine, "site", "TypedMetaData")
        #expect(metadata.count == 10)
        #expect(metadata["calendarArrayMetadata"] != nil)
    }

    @Test func queryFieldsTakeAEMArguments() async {
        let engine = QueryEngine(repository: EngineFixtures.adventureRepository())
        let answer = await EngineFixtures.run(
            engine, "site",
            #"{ __type(name: "QueryType") { fields { name args { name } type { kind ofType { name } } } } }"#
        )
        var arguments: [String: [String]] = [:]
        var types: [String: String] = [:]
        for field in answer.json["data"]["__type"]["fields"].array {
            arguments[field["name"].string ?? ""] = field["args"].array.compactMap { $0["name"].string }
            #expect(field["type"]["kind"].string == "NON_NULL")
            types[field["name"].string ?? ""] = field["type"]["ofType"]["name"].string
        }
        #expect(arguments["adventureByPath"] == ["_path", "variation", "_assetTransform"])
        #expect(
            arguments["adventureList"] == [
                "filter", "sort", "offset", "limit", "variation", "_assetTransform", "includeVariations", "_locale",
            ])
        #expect(
            arguments["adventurePaginated"] == [
                "first", "after", "sort", "filter", "variation", "_assetTransform", "_locale",
            ])
        #expect(types["adventureByPath"] == "AdventureModelResult")
        #expect(types["adventureList"] == "AdventureModelResults")
        #expect(types["adventurePaginated"] == "AdventureModelConnection")
    }

    @Test func nonWKNDModelsMapEveryFieldKind() async {
        let engine = QueryEngine(repository: EngineFixtures.articleRepository())
        #expect(engine.configurations == ["magazine"])
        let fields = await typeFields(engine, "magazine", "ArticleModel")
        #expect(fields["author"] == "AuthorModel")
        #expect(fields["keywords"] == "[String]")
        #expect(fields["published"] == "Calendar")
        #expect(fields["featured"] == "Boolean")
        #expect(fields["settings"] == "Json")
        #expect(fields["body"] == "MultiFormatString")
        #expect(fields["attachments"] == "[Reference]")
        let filter = await EngineFixtures.run(
            engine, "magazine", #"{ __type(name: "ArticleModelFilter") { inputFields { name type { name } } } }"#)
        let filterFields = Dictionary(
            uniqueKeysWithValues: filter.json["data"]["__type"]["inputFields"].array.map {
                ($0["name"].string ?? "", $0["type"]["name"].string ?? "")
            })
        #expect(filterFields["author"] == "AuthorModelFilter")
        #expect(filterFields["published"] == "CalendarFilter")
        #expect(filterFields["featured"] == "BooleanFilter")
        #expect(filterFields["_logOp"] == "LogOp")
    }

    @Test func sdlListsTheGeneratedTypes() throws {
        let engine = QueryEngine(repository: EngineFixtures.articleRepository())
        let sdl = try #require(engine.sdl(configuration: "magazine"))
        for expected in [
            "type ArticleModel {", "type AuthorModel {", "type ArticleModelResults {", "type ArticleModelConnection {",
            "union Reference = PageRef | ImageRef | MultimediaRef | ArchiveRef | DocumentRef | ArticleModel",
            "type TypedMetaData {", "scalar Calendar", "scalar Json", "scalar Date", "scalar Time",
            "directive @fetcher(", "input ArticleModelArrayFilter {", "input MultiFormatStringFilter {",
            "input AssetTransform {", "enum AssetTransformFormat {", "input StringFilterExpression {", "enum LogOp {",
            "articleList(filter: ArticleModelFilter, sort: String, offset: Int, limit: Int",
            "schema {\n  query: QueryType\n}",
        ] {
            #expect(sdl.contains(expected), "SDL lacks \(expected)")
        }
        #expect(engine.sdl(configuration: "nowhere") == nil)
    }
}
