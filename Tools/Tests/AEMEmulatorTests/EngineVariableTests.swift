import Testing

@testable import AEMEmulator

/// Persisted queries: variables from URL text, validation of stored texts, and their errors.
@Suite struct EngineVariableTests {
    private let engine = QueryEngine(repository: EngineFixtures.adventureRepository())

    private static let listQuery = """
        query ($offset: Int, $limit: Int, $sort: String, $imageFormat: AssetTransformFormat = JPG, $imageWidth: Int = 1200, $cheap: Boolean) {
          adventureList(offset: $offset, limit: $limit, sort: $sort, includeVariations: $cheap, _assetTransform: {format: $imageFormat, width: $imageWidth, preferWebp: true}) {
            items { slug primaryImage { ... on ImageRef { _dynamicUrl } } }
          }
        }
        """

    private func stored(_ text: String) -> StoredQuery {
        StoredQuery(configuration: "site", name: "q", text: text, cacheControl: nil, surrogateControl: nil)
    }

    private func run(_ text: String, _ variables: [String: String]) async -> (text: String, json: JSONNode) {
        guard case .response(let value) = await engine.execute(stored(text), rawVariables: variables) else {
            Issue.record("not a GraphQL response")
            return ("", JSONNode(nil))
        }
        return EngineFixtures.parsed(value)
    }

    @Test func textValuesConvertToDeclaredTypesAndDefaultsApply() async {
        let answer = await run(Self.listQuery, ["offset": "0", "limit": "1", "sort": "title DESC", "timestamp": "123"])
        #expect(answer.json["data"]["adventureList"]["items"].array.compactMap { $0["slug"].string } == ["yosemite"])
        let bali = await run(Self.listQuery, ["limit": "1.0", "imageFormat": "WEBP", "imageWidth": "640"])
        #expect(
            bali.json["data"]["adventureList"]["items"][0]["primaryImage"]["_dynamicUrl"].string?.hasSuffix(
                "/bali%20surf.webp?preferwebp=true&width=640") == true)
        let defaults = await run(Self.listQuery, ["limit": "1"])
        #expect(
            defaults.json["data"]["adventureList"]["items"][0]["primaryImage"]["_dynamicUrl"].string?.hasSuffix(
                ".jpg?preferwebp=true&width=1200") == true)
    }

    @Test func valuesThatDoNotConvertAreGraphQLJavaValidationErrors() async {
        let cases: [([String: String], String, Int)] = [
            (
                ["limit": "five"],
                "Variable 'limit' has an invalid value: Expected a value that can be converted to type 'Int' but it was a 'String'",
                1
            ),
            (
                ["offset": "99999999999"],
                "Variable 'offset' has an invalid value: Expected a value that can be converted to type 'Int' but it was a 'String'",
                1
            ),
            (
                ["imageFormat": "jpg"],
                "Variable 'imageFormat' has an invalid value: Invalid input for enum 'AssetTransformFormat'. No value found for name 'jpg'",
                1
            ),
            (
                ["cheap": "yes"],
                "Variable 'cheap' has an invalid value: Expected a value that can be converted to type 'Boolean' but it was a 'String'",
                1
            ),
        ]
        for (variables, message, line) in cases {
            let answer = await run(Self.listQuery, variables)
            #expect(answer.json["errors"][0]["message"].string == message)
            #expect(answer.json["errors"][0]["locations"][0]["line"].int == line)
            #expect(answer.json["errors"][0]["extensions"]["classification"].string == "ValidationError")
            #expect(!answer.json["data"].exists)
        }
        let column = await run(Self.listQuery, ["limit": "x"])
        #expect(column.json["errors"][0]["locations"][0]["column"].int == 22)
    }

    @Test func missingRequiredVariableIsReported() async {
        let query =
            #"query ($slug: String!) { adventureList(filter: {slug: {_expressions: [{value: $slug}]}}) { items { slug } } }"#
        let missing = await run(query, [:])
        #expect(
            missing.text
                == #"{"errors":[{"message":"Variable 'slug' has an invalid value: Variable 'slug' has coerced Null value for NonNull type 'String!'","locations":[{"line":1,"column":8}],"extensions":{"classification":"ValidationError"}}]}"#
        )
        let found = await run(query, ["slug": "tuscany"])
        #expect(found.text == #"{"data":{"adventureList":{"items":[{"slug":"tuscany"}]}}}"#)
    }

    @Test func inputObjectsTravelAsJSON() async {
        let query =
            #"query ($t: AssetTransform) { adventureByPath(_path: "/content/dam/site/adventures/bali/bali", _assetTransform: $t) { item { primaryImage { ... on ImageRef { _dynamicUrl } } } } }"#
        let answer = await run(query, ["t": #"{"format":"GIF","quality":70,"rotation":"R90","flip":"VERTICAL"}"#])
        #expect(
            answer.json["data"]["adventureByPath"]["item"]["primaryImage"]["_dynamicUrl"].string?.hasSuffix(
                "/bali%20surf.gif?quality=70&rotate=90&flip=v") == true)
        let broken = await run(query, ["t": "{format"])
        #expect(
            broken.json["errors"][0]["message"].string
                == "Variable 't' has an invalid value: Expected a value that can be converted to type 'AssetTransform' but it was a 'String'"
        )
    }

    @Test func validationReportsLocationsAndStoredQueriesThatNoLongerValidateAnswerAEMsShape() async throws {
        let text = "{\n  adventureList {\n    items { colour }\n  }\n}"
        let problems = engine.validate(text, configuration: "site")
        let problem = try #require(problems.first)
        #expect(problem.message.contains("colour"))
        #expect(problem.line == 3)
        #expect(problem.column == 13)
        #expect(engine.validate(Self.listQuery, configuration: "site").isEmpty)
        #expect(engine.validate("{ adventureList { ", configuration: "site").first?.line == 1)
        guard case .invalidQuery(let body) = await engine.execute(stored(text), rawVariables: [:]) else {
            Issue.record("a stored query that does not validate must be reported as such")
            return
        }
        let json = EngineFixtures.parsed(body).json["errors"][0]
        #expect(json["errorType"].string == "QueryValidationError")
        #expect(json["message"].string == "Persisted Query Validation Error")
        #expect(json["details"].string?.hasPrefix("Error: type=ValidationError; message=") == true)
        #expect(json["details"].string?.hasSuffix("location=3,13;") == true)
        guard
            case .unknownConfiguration = await engine.execute(
                StoredQuery(configuration: "none", name: "q", text: text, cacheControl: nil, surrogateControl: nil),
                rawVariables: [:])
        else {
            Issue.record("a configuration without models has no schema")
            return
        }
    }
}
