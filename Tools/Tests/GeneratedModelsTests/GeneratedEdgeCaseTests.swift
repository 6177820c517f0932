import AEMCodegen
import AEMHeadless
import Foundation
import Testing

/// The awkward cases, with the models generated from `Inputs/edge-cases.graphqls`: keyword field
/// names, unions with and without `__typename`, `null` where the schema says non-null, custom
/// scalars, optional variables; and queries that do not validate.
@Suite("Generated models: edge cases")
struct GeneratedEdgeCaseTests {
    private typealias Data = EdgeCasesQuery.Data

    private static func decode(_ json: String) throws -> Data {
        try JSONDecoder().decode(Data.self, from: Foundation.Data(json.utf8))
    }

    @Test func keywordNamedFieldsDecode() throws {
        let data = try Self.decode(
            """
            {"thingByPath": {"item": {"_path": "/a", "default": "d", "protocol": 7, "self": true, "Type": "t",
             "when": "2024-03-02", "extra": {"k": [1, null]}, "score": 4.5, "rounded": "4", "mode": "SLOW_AND_STEADY",
             "body": {"html": "<p>x</p>", "plaintext": "x", "json": [{"nodeType": "paragraph", "content": []}]},
             "picture": {"_path": "/p.jpg", "width": 5}, "parts": [{"name": "a", "weight": 1}], "tags": ["x", null, "y"]},
             "_references": []}}
            """)
        let item = try #require(data.thingByPath?.item)
        #expect(item.path == "/a")
        #expect(item.default == "d")
        #expect(item.protocol == 7)
        #expect(item.self_ == true)
        #expect(item.type == "t")
        #expect(item.when == "2024-03-02")
        #expect(item.extra == EdgeExtra(json: UntypedJSON(dictionary: ["k": .array([UntypedJSON(1), .null])])))
        #expect(item.score == 4.5)
        #expect(item.rounded == 4)
        #expect(item.mode == .slowAndSteady)
        #expect(item.body?.plaintext == "x")
        #expect(item.body?.json?.first?.kind == .paragraph)
        #expect(item.picture?.asImageRef == AEMHeadless.ImageReference(path: "/p.jpg", width: 5))
        #expect(item.parts?.first?.name == "a")
        #expect(item.tags == ["x", "y"])
    }

    @Test func unionsChooseByTypenameAndKeepUnknownTypes() throws {
        let data = try Self.decode(
            """
            {"thingByPath": {"item": null, "_references": [
              {"__typename": "ImageRef", "_path": "/i.png", "mimeType": "image/png"},
              {"__typename": "Thing", "_path": "/t", "protocol": 2},
              {"__typename": "DocumentRef"},
              {"__typename": "VideoRef", "_path": "/v.mp4"},
              {"__typename": "Thing", "_path": "/broken", "protocol": null}
            ]}}
            """)
        let references = try #require(data.thingByPath?.references)
        #expect(references.count == 4)
        #expect(references[0] == .imageRef(AEMHeadless.ImageReference(path: "/i.png", mimeType: "image/png")))
        #expect(references[1].asThing?.path == "/t")
        #expect(references[1].asThing?.protocol == 2)
        #expect(
            references[2]
                == .unknown(
                    typename: "DocumentRef", json: UntypedJSON(dictionary: ["__typename": .string("DocumentRef")])))
        guard case .unknown(let typename, let json) = references[3] else {
            Issue.record("VideoRef should be unknown")
            return
        }
        #expect(typename == "VideoRef")
        #expect(json["_path"] == .string("/v.mp4"))
    }

    @Test func unionsWithoutTypenameChooseByTheKeysSent() throws {
        func picture(_ json: String) throws -> EdgeCasesQuery.Data.ThingByPath.Item.Picture? {
            try Self.decode(
                #"{"thingByPath": {"item": {"_path": "/a", "protocol": 1, "score": 1, "rounded": 1, "picture": \#(json)}}}"#
            )
            .thingByPath?.item?.picture
        }
        #expect(try picture(#"{"_path": "/p.jpg", "width": null}"#)?.asImageRef?.path == "/p.jpg")
        #expect(try picture(#"{"format": "pdf"}"#)?.asDocumentRef?.format == "pdf")
        #expect(try picture("{}") == .unknown(typename: nil, json: UntypedJSON(dictionary: [:])))
        // An answer to an older version of the query, with keys this one does not select: the type sharing the most.
        #expect(
            try picture(#"{"_path": "/p.jpg", "_publishUrl": "https://x/p.jpg", "mimeType": "image/jpeg"}"#)?
                .asImageRef?.path == "/p.jpg")
        #expect(try picture(#"{"format": "pdf", "size": 3}"#)?.asDocumentRef?.format == "pdf")
        #expect(
            try picture(#"{"colour": "red"}"#)
                == .unknown(typename: nil, json: UntypedJSON(dictionary: ["colour": .string("red")])))
        #expect(try picture("null") == nil)
        #expect(try picture(#""text""#) == nil)
    }

    @Test func nullForANonNullFieldNullsTheNearestOptionalNeverTheAnswer() throws {
        let complete = try Self.decode(
            #"{"thingByPath": {"item": {"_path": "/a", "protocol": 1, "score": 1, "rounded": 1}}}"#)
        #expect(complete.thingByPath?.item?.protocol == 1)
        let missingProtocol = try Self.decode(
            #"{"thingByPath": {"item": {"_path": "/a", "protocol": null, "score": 1, "rounded": 1}, "_references": []}}"#
        )
        #expect(missingProtocol.thingByPath != nil)
        #expect(missingProtocol.thingByPath?.item == nil)
        #expect(missingProtocol.thingByPath?.references == [])

        let wrongType = try Self.decode(
            #"{"thingByPath": {"item": {"_path": "/a", "protocol": "many", "score": 1, "rounded": 1}}}"#)
        #expect(wrongType.thingByPath?.item == nil)

        let parts = try Self.decode(
            """
            {"thingByPath": {"item": {"_path": "/a", "protocol": 1, "score": 1, "rounded": 1,
             "parts": [{"name": null, "weight": 1}, null, {"name": "kept", "weight": "heavy"}]}}}
            """)
        #expect(parts.thingByPath?.item?.parts?.map(\.name) == ["kept"])
        #expect(parts.thingByPath?.item?.parts?.first?.weight == nil)

        let list = try JSONDecoder().decode(
            ThingListQuery.Data.self, from: Foundation.Data(#"{"thingList": {"items": null}}"#.utf8))
        #expect(list.thingList == nil)
        #expect(try Self.decode(#"{"thingByPath": null}"#).thingByPath == nil)
        #expect(try Self.decode("{}").thingByPath == nil)
    }

    @Test func nullableAndDefaultedVariablesAreOptionalParameters() {
        #expect(
            EdgeCasesQuery.request(path: "/a b").requestPath == "/graphql/execute.json/edge/edge-cases;path=%2Fa%20b;")
        #expect(
            EdgeCasesQuery.request(path: "/a", mode: .default, default: 5).requestPath
                == "/graphql/execute.json/edge/edge-cases;default=5;mode=default;path=%2Fa;")
        #expect(EdgeCasesQuery.request(path: "/a", mode: "NEW_MODE").variables["mode"] == .enumValue("NEW_MODE"))
        let list = ThingListQuery.request(
            filter: .init(name: "a", size: 3), tags: .array([.string("x")]), limit: 2)
        #expect(list.variables["filter"] == .string(#"{"name":"a","size":3}"#))
        #expect(list.variables["tags"] == .string(#"["x"]"#))
        #expect(ThingListQuery.request(limit: 1).variables.keys.sorted() == ["limit"])
    }

    @Test func aQueryThatDoesNotValidateNamesLineAndColumn() throws {
        let schema = try EdgeCaseInputs.text("edge-cases.graphqls")
        let query = "query {\n  thingList(limit: 1) {\n    items {\n      colour\n    }\n  }\n}\n"
        let error = try #require(throws: CodegenError.self) {
            try Self.source(CodegenInput(schema: schema, query: query, queryPath: "edge/bad"))
        }
        #expect(error.subject == .query)
        #expect(error.problems.first?.line == 4)
        #expect(error.problems.first?.column == 7)
        #expect(error.description.hasPrefix("edge/bad:4:7: "))
        #expect(error.description.contains("colour"))

        let syntax = try #require(throws: CodegenError.self) {
            try Self.source(
                CodegenInput(
                    schema: schema, query: "query {\n  thingList(limit: ) { items { _path } }\n}",
                    queryPath: "edge/syntax"))
        }
        #expect(syntax.problems.first?.line == 2)
        let mutation = try #require(throws: CodegenError.self) {
            try Self.source(
                CodegenInput(
                    schema: schema, query: "mutation { thingList { items { _path } } }", queryPath: "edge/m"))
        }
        #expect(!mutation.problems.isEmpty)
        let badSchema = try #require(throws: CodegenError.self) {
            try Self.source(
                CodegenInput(schema: "type Query { a: Missing }", query: "{ a }", queryPath: "edge/s"))
        }
        #expect(badSchema.subject == .schema)
    }

    @Test func conditionalFieldsAreOptionalAndInternalAccessHasNoPublic() throws {
        let schema = try EdgeCaseInputs.text("edge-cases.graphqls")
        let query = """
            query ($withProtocol: Boolean!, $variables: String!) {
              thingList(limit: 1) { items { _path protocol @include(if: $withProtocol) score @skip(if: $withProtocol) } }
              thingByPath(_path: $variables) { item { title: default } }
            }
            """
        let source = try Self.source(
            CodegenInput(schema: schema, query: query, queryPath: "edge/conditional"), access: .internal)
        #expect(source.contains("let `protocol`: Int?\n"))
        #expect(source.contains("let score: Double?\n"))
        #expect(source.contains("let path: String\n"))
        #expect(source.contains("variables2: String\n"))
        #expect(source.contains("variables[\"variables\"] = AEMHeadless.QueryVariable.string(variables2)"))
        #expect(source.contains("enum ConditionalQuery {"))
        #expect(!source.contains("public "))
        #expect(source.hasPrefix("// Generated by AEMCodegen"))
        #expect(
            try Self.source(
                CodegenInput(schema: schema, query: query, queryPath: "edge/conditional"), access: .internal)
                == source)
    }

    /// The text of the query's own file.
    private static func source(_ input: CodegenInput, access: CodegenOptions.AccessLevel = .public) throws(CodegenError)
        -> String
    {
        var generation = ModelGeneration(options: CodegenOptions(accessLevel: access))
        return try generation.file(for: input).contents
    }
}
