import Foundation
import Testing

@testable import AEMEmulator

/// The schema the emulator generates, compared type by type with AEM's for the same models: an introspection over
/// HTTP of a package with the WKND 1.x models (Adventure, Article) against the types AEM as a Cloud Service declared
/// for them (`Fixtures/schema/aem-wknd1-types.txt`: kinds, fields, arguments, input fields with defaults, enum values,
/// union members, directives). Every difference must be one `Fixtures/schema/allowed-differences.txt` lists with its
/// reason, and every difference listed there must still be one. GraphQLSwift's introspection leaves out the defaults
/// of input fields, so those are read from the SDL the emulator serves (`endpoint.GQLschema`).
@Suite struct SchemaConformanceTests {
    @Test func introspectionMatchesAEMsTypesButForTheListedDifferences() async throws {
        let expected = try Self.lines(of: "aem-wknd1-types")
        let allowed = try Self.lines(of: "allowed-differences").map(AllowedDifference.init)
        let actual = try await Self.servedFacts()
        let differences =
            Set(expected).subtracting(actual).map { "- " + $0 } + Set(actual).subtracting(expected).map { "+ " + $0 }
        let unexplained = differences.filter { difference in !allowed.contains { $0.matches(difference) } }.sorted()
        #expect(unexplained.isEmpty, "Differences from AEM's schema not in allowed-differences.txt:\n\(unexplained)")
        let stale = allowed.filter { entry in !differences.contains { entry.matches($0) } }.map(\.pattern)
        #expect(stale.isEmpty, "allowed-differences.txt lists differences that are gone: \(stale)")
        #expect(actual.contains("ROOT query QueryType"))
        #expect(actual.contains("MEMBER Reference.ArchiveRef"))
    }

    @Test func factsReadEveryPartOfAType() async throws {
        let facts = try await Self.servedFacts()
        for fact in [
            "TYPE TypedMetaData OBJECT", "FIELD TypedMetaData.calendarArrayMetadata: [CalendarArrayMetadata]!",
            "ARG QueryType.adventureByPath(_path: String!)", "INPUT StringFilter._logOp: LogOp = AND",
            "VALUE ArrayMode.INSTANCES", "MEMBER Reference.AdventureModel", "DIRECTIVE-ARG @connection(for: String!)",
            "FIELD DocumentRef.author: String",
        ] {
            #expect(facts.contains(fact), "\(fact)")
        }
    }

    /// A line of the allow-list: `- fact` (AEM has it, the emulator does not) or `+ fact` (the other way), a `*` at
    /// its end matching any rest, then `  # why`.
    private struct AllowedDifference {
        let pattern: String

        init(_ line: String) {
            pattern = line.components(separatedBy: "  #")[0].trimmingCharacters(in: .whitespaces)
        }

        func matches(_ difference: String) -> Bool {
            pattern.hasSuffix("*") ? difference.hasPrefix(pattern.dropLast()) : difference == pattern
        }
    }

    private static func lines(of name: String) throws -> [String] {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/schema/\(name)", withExtension: "txt"))
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
            .filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// The facts of the emulator's introspection and SDL, asked over HTTP.
    private static func servedFacts() async throws -> [String] {
        let options = EmulatorOptions(
            content: EmulatorContent(repository: WKND1Models.repository()), allowsAdHocQueries: true)
        let body = try JSONSerialization.data(withJSONObject: ["query": introspectionQuery])
        let (schema, sdl) = try await withEmulator(options) { emulator in
            let answer = try await HTTPTestClient.send(
                emulator.url("/content/_cq_graphql/wknd/endpoint.json"), method: .POST,
                body: String(decoding: body, as: UTF8.self))
            #expect(answer.status == 200)
            let sdl = try await emulator.get("/content/cq:graphql/wknd/endpoint.GQLschema")
            #expect(sdl.status == 200)
            return (try answer.json()["data"]["__schema"], sdl.text)
        }
        return facts(of: schema, inputDefaults: inputDefaults(in: sdl))
    }

    /// `Type.field` to its default value, for each input field the SDL gives one (`  _logOp: LogOp = AND`).
    private static func inputDefaults(in sdl: String) -> [String: String] {
        var defaults: [String: String] = [:]
        var input: String?
        for line in sdl.split(separator: "\n") {
            if line.hasPrefix("input "), let name = line.split(separator: " ").dropFirst().first {
                input = String(name)
            } else if line.hasPrefix("}") {
                input = nil
            } else if let input, let colon = line.firstIndex(of: ":"), let equals = line.range(of: " = ") {
                let field = line[..<colon].trimmingCharacters(in: .whitespaces)
                defaults["\(input).\(field)"] = String(line[equals.upperBound...])
            }
        }
        return defaults
    }

    /// One line per fact, in the fixture's format.
    private static func facts(of schema: JSONNode, inputDefaults: [String: String]) -> [String] {
        func type(_ node: JSONNode) -> String {
            switch node["kind"].string {
            case "NON_NULL": type(node["ofType"]) + "!"
            case "LIST": "[" + type(node["ofType"]) + "]"
            default: node["name"].string ?? "?"
            }
        }
        var facts = ["ROOT query \(schema["queryType"]["name"].string ?? "?")"]
        for described in schema["types"].array {
            let name = described["name"].string ?? "?"
            guard !name.hasPrefix("__") else { continue }
            facts.append("TYPE \(name) \(described["kind"].string ?? "?")")
            for field in described["fields"].array {
                let fieldName = field["name"].string ?? "?"
                facts.append("FIELD \(name).\(fieldName): \(type(field["type"]))")
                for argument in field["args"].array {
                    facts.append(
                        "ARG \(name).\(fieldName)(\(argument["name"].string ?? "?"): \(type(argument["type"])))")
                }
            }
            for input in described["inputFields"].array {
                let field = input["name"].string ?? "?"
                let value = (input["defaultValue"].string ?? inputDefaults["\(name).\(field)"]).map { " = \($0)" } ?? ""
                facts.append("INPUT \(name).\(field): \(type(input["type"]))\(value)")
            }
            for value in described["enumValues"].array { facts.append("VALUE \(name).\(value["name"].string ?? "?")") }
            for member in described["possibleTypes"].array {
                facts.append("MEMBER \(name).\(member["name"].string ?? "?")")
            }
        }
        for directive in schema["directives"].array {
            let name = directive["name"].string ?? "?"
            let locations = directive["locations"].array.compactMap(\.string).sorted().joined(separator: ",")
            facts.append("DIRECTIVE @\(name) on \(locations)")
            for argument in directive["args"].array {
                facts.append("DIRECTIVE-ARG @\(name)(\(argument["name"].string ?? "?"): \(type(argument["type"])))")
            }
        }
        return facts
    }

    private static let introspectionQuery = """
        query {
          __schema {
            queryType { name }
            types {
              kind name
              fields(includeDeprecated: true) { name args { name type { ...Ref } } type { ...Ref } }
              inputFields { name type { ...Ref } defaultValue }
              enumValues(includeDeprecated: true) { name }
              possibleTypes { name }
            }
            directives { name locations args { name type { ...Ref } } }
          }
        }
        fragment Ref on __Type { kind name ofType { kind name ofType { kind name ofType { kind name } } } }
        """
}

/// The models of the WKND 1.x site, as the recorded AEM schema has them: Adventure with its `adventure…` fields (an
/// image as a content reference, three rich texts) and Article with an author and a rich-text body, in the
/// configuration `wknd`.
enum WKND1Models {
    static let adventurePath = "/conf/wknd/settings/dam/cfm/models/adventure"
    static let articlePath = "/conf/wknd/settings/dam/cfm/models/article"

    static func repository() -> ContentRepository {
        let text = ["Title", "Type", "TripLength", "Activity", "GroupSize", "Difficulty", "Price"]
        let rich = ["Description", "Itinerary", "GearList"]
        var adventureFields = text.map { EngineFixtures.field("adventure" + $0, .text) }
        adventureFields += rich.map { EngineFixtures.field("adventure" + $0, .richText(allowedModels: [])) }
        adventureFields.append(EngineFixtures.field("adventurePrimaryImage", .contentReference))
        let adventure = FragmentModel(
            path: adventurePath, configuration: "wknd", title: "Adventure", fields: adventureFields)
        let article = FragmentModel(
            path: articlePath, configuration: "wknd", title: "Article",
            fields: [
                EngineFixtures.field("author", .text), EngineFixtures.field("main", .richText(allowedModels: [])),
            ])
        return ContentRepository(
            models: [adventurePath: adventure, articlePath: article], fragments: [:], assets: [:], queries: [:])
    }
}
