import AEMCodegen
import AEMHeadless
import Foundation
import Testing

/// What the queries of a configuration share: named fragments as one struct each, enums and input objects generated
/// once, preview values, and a custom scalar mapped to an app's type.
@Suite("Generated models: shared types, previews, custom scalars")
struct GeneratedSharedTypesTests {
    /// Takes the shared fragment's type, whichever query's answer it comes from.
    private static func label(_ parts: EdgeSchema.ThingParts) -> String {
        "\(parts.path) \(parts.default ?? "-")"
    }

    @Test func aNamedFragmentIsOneTypeAcrossQueries() throws {
        let cards = try JSONDecoder().decode(
            ThingCardsQuery.Data.self,
            from: Data(
                """
                {"thingList": {"items": [
                  {"_path": "/a", "default": "d", "when": "2024-03-02T10:00:00.000+01:00", "mode": "FAST",
                   "parts": [{"name": "p"}]},
                  {"_path": null}
                ]}}
                """.utf8))
        let card = try #require(cards.thingList?.items.first)
        #expect(cards.thingList?.items.count == 1)
        #expect(Self.label(card.thingParts) == "/a d")
        #expect(card.path == "/a")
        #expect(card.mode == .fast)
        #expect(card.when?.components.hour == 10)
        #expect(card.parts?.first?.name == "p")

        let detail = try JSONDecoder().decode(
            EdgeCasesQuery.Data.self,
            from: Data(#"{"thingByPath": {"item": {"_path": "/b", "protocol": 1, "score": 2, "rounded": 2}}}"#.utf8))
        let item = try #require(detail.thingByPath?.item)
        #expect(Self.label(item.thingParts) == "/b -")
    }

    @Test func aFragmentNameDefinedTwiceDifferentlyIsRefused() throws {
        let schema = try EdgeCaseInputs.text("edge-cases.graphqls")
        var generation = ModelGeneration()
        _ = try generation.file(
            for: CodegenInput(
                schema: schema, query: try EdgeCaseInputs.text("thing-cards.graphql"), queryPath: "edge/a"))
        let other = """
            query { thingList(limit: 1) { items { ...ThingParts } } }

            fragment ThingParts on Thing {
              _path
              score
            }
            """
        let error = try #require(throws: CodegenError.self) {
            try generation.file(for: CodegenInput(schema: schema, query: other, queryPath: "edge/b"))
        }
        #expect(error.subject == .query)
        #expect(error.description.hasPrefix("edge/b:3:1: The fragment ThingParts is defined differently in edge/a"))
        // The same text in another configuration is another type.
        _ = try generation.file(for: CodegenInput(schema: schema, query: other, queryPath: "other/b"))
    }

    @Test func enumsAndInputsAreGeneratedOncePerConfiguration() async throws {
        let files = try await ServedPackage.editorial.generatedFiles()
        let queryFiles = files.filter { $0.name.hasSuffix("Query.swift") }
        #expect(queryFiles.count >= 4)
        #expect(queryFiles.allSatisfy { !$0.contents.contains("final class") && !$0.contents.contains("rawValue") })
        let stringFilters = files.filter { $0.contents.contains("final class StringFilter:") }
        #expect(stringFilters.map(\.name) == ["EditorialSchema.StringFilter.swift"])
        #expect(files.filter { !$0.name.hasSuffix("Query.swift") }.allSatisfy { $0.name.hasPrefix("EditorialSchema.") })
        #expect(
            files.contains {
                $0.name == "EditorialSchema.swift" && $0.contents.contains("public enum EditorialSchema {}")
            })
    }

    @Test func previewValuesNeedNoJSON() {
        let adventures = AdventuresAllQuery.Data.preview
        let item = adventures.adventureList.items.first
        #expect(adventures.adventureList.items.count == 1)
        #expect(item?.title == "title")
        #expect(item?.price == 1)
        #expect(item?.primaryImage?.asImageRef?.path == "/content/dam/preview/primaryImage.jpg")

        let thing = EdgeCasesQuery.Data.preview.thingByPath?.item
        #expect(thing?.extra == EdgeExtra.preview)
        #expect(thing?.mode == .fast)
        #expect(thing?.body?.plaintext == "body")
        #expect(thing?.when?.date != nil)
        #expect(thing?.thingParts == EdgeSchema.ThingParts.preview)
        #expect(ThingCardsQuery.Data.preview.thingList?.items.first?.thingParts.path == "_path")
    }

    @Test func aMappedScalarIsTheAppsType() throws {
        let data = try JSONDecoder().decode(
            EdgeCasesQuery.Data.self,
            from: Data(
                #"{"thingByPath": {"item": {"_path": "/b", "protocol": 1, "score": 2, "rounded": 2, "extra": {"a": [1]}}}}"#
                    .utf8))
        let extra: EdgeExtra? = data.thingByPath?.item?.extra
        #expect(extra?.json == UntypedJSON(dictionary: ["a": .array([UntypedJSON(1)])]))
        #expect(QueryVariable.scalar(EdgeExtra(json: .string("x y"))) == .string("x y"))
        #expect(QueryVariable.scalar(EdgeExtra(json: UntypedJSON(2))).text == "2")
        #expect(
            QueryVariable.scalar(EdgeExtra(json: UntypedJSON(dictionary: ["a": .bool(true)])))
                == .string(#"{"a":true}"#))
    }
}
