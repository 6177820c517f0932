import AEMEmulator
import AEMHeadless
import AEMHeadlessSync
import EmulatorTestSupport
import Foundation
import Testing

@testable import WKNDCore
@testable import wknd_mcp

/// The tools of `wknd mcp`, called as its server calls them: against the emulator on a free port, and against a
/// mirror a sync of the built-in sample's fragments filled.
@Suite("wknd mcp: the tools", .serialized)
struct MCPToolsTests {
    private static let adventures = "/content/dam/wknd-shared/en/adventures"

    /// Runs `body` with the tools reading the emulator, with no response cache.
    private static func withService(_ body: (MCPTools) async throws -> Void) async throws {
        try await withEmulator { emulator, _ in
            try await LazyTransport.withTransport { transport in
                let aem = Aem(try AemConfiguration(scheme: .http, host: emulator.hostAndPort), transport: transport)
                let cache = CommandCache.disabled(console: Console(verbose: false))
                try await body(MCPTools(source: .service(aem, cache), locales: nil))
            }
        }
    }

    /// Runs `body` with the tools reading a mirror of the sample's fragments, synced by `wknd sync --fragments`.
    private static func withMirror(_ body: (MCPTools) async throws -> Void) async throws {
        try await withTemporaryFolder("wknd-mcp") { parent in
            let folder = parent.appendingPathComponent("wknd-mcp")
            try await withEmulator { _, environment in
                let sync = try await WkndRun.run(
                    ["sync", folder.path, "--fragments", "/content/dam/wknd-shared"], environment: environment)
                #expect(sync.status == 0, "\(sync.stderr)")
            }
            let store = try ContentStore(directory: folder)
            try await body(MCPTools(source: .mirror(store, folder: folder.path), locales: nil))
        }
    }

    /// The failure line a call ends with; nil when it succeeds.
    private static func failure(_ tools: MCPTools, _ name: String, _ arguments: UntypedJSON) async -> String? {
        do {
            _ = try await tools.call(name, arguments: arguments)
            return nil
        } catch {
            return Failure(error).line
        }
    }

    /// The failure line of a call whose arguments are the JSON `text`.
    private static func failure(_ tools: MCPTools, _ name: String, _ text: String) async -> String? {
        await failure(tools, name, (try? UntypedJSON(parsing: text)) ?? .null)
    }

    private static func args(_ text: String) throws -> UntypedJSON { try UntypedJSON(parsing: text) }

    @Test("from the service: models, fragments page by page, one by path and id, queries, answers and the schema")
    func service() async throws {
        try await Self.withService { tools in
            let models = try await tools.call("list_models", arguments: .object([]))
            let adventure = try #require(
                models["models"]?.arrayValue?.first { $0["type"]?.stringValue == "AdventureModel" })
            #expect(adventure["configuration"]?.stringValue == "wknd-shared")
            let fields = adventure["fields"]?.arrayValue ?? []
            #expect(fields.contains { $0["name"]?.stringValue == "title" && $0["type"]?.stringValue == "String" })

            let first = try await tools.call(
                "list_fragments", arguments: try Self.args(#"{"folder": "\#(Self.adventures)", "limit": 7}"#))
            let firstItems = try #require(first["items"]?.arrayValue)
            #expect(firstItems.count == 7)
            let cursor = try #require(first["cursor"]?.stringValue)
            let second = try await tools.call(
                "list_fragments",
                arguments: .members([
                    "folder": .string(Self.adventures), "limit": .integer(7), "cursor": .string(cursor),
                ]))
            let secondPaths = Set((second["items"]?.arrayValue ?? []).compactMap { $0["path"]?.stringValue })
            #expect(secondPaths.count == 7)
            #expect(secondPaths.isDisjoint(with: firstItems.compactMap { $0["path"]?.stringValue }))

            let path = try #require(firstItems[0]["path"]?.stringValue)
            let id = try #require(firstItems[0]["id"]?.stringValue)
            let byPath = try await tools.call("get_fragment", arguments: .members(["path": .string(path)]))
            let byID = try await tools.call(
                "get_fragment", arguments: .members(["id": .string(id), "references": .string("none")]))
            #expect(byPath["fragment"]?["id"]?.stringValue == id)
            #expect(byID["fragment"]?["path"]?.stringValue == path)
            let german = try await tools.call(
                "get_fragment", arguments: .members(["path": .string(path), "locale": .string("de,en")]))
            #expect(german["locale"] != nil && german["fragment"]?["path"] != nil)

            let queries = try await tools.call("list_persisted_queries", arguments: .object([]))
            let all = try #require(
                queries["queries"]?.arrayValue?.first { $0["name"]?.stringValue == "wknd-shared/adventures-all" })
            #expect(all["text"]?.stringValue?.contains("adventureList") == true)
            let paginated = try #require(
                queries["queries"]?.arrayValue?.first { $0["name"]?.stringValue == "wknd-shared/adventures-paginated" })
            #expect(paginated["variables"]?.arrayValue?.contains(.string("after")) == true)

            let answer = try await tools.call(
                "run_persisted_query", arguments: try Self.args(#"{"name": "wknd-shared/adventures-all"}"#))
            #expect(answer["data"]?["adventureList"]?["items"]?.arrayValue?.count == 20)
            #expect(answer["errors"]?.arrayValue?.isEmpty == true)

            let reports = EmulatorTestSupport.LockedValue<[MCPProgress]>([])
            let paged = try await tools.call(
                "run_persisted_query",
                arguments: try Self.args(#"{"name": "wknd-shared/adventures-paginated", "all": true, "pageSize": 6}"#)
            ) { progress in reports.withLock { $0.append(progress) } }
            #expect(paged["items"]?.arrayValue?.count == 20)
            #expect(paged["pages"]?.intValue == 4)
            #expect(paged["complete"] == .bool(true))
            #expect(reports.value.map(\.done) == [6, 12, 18, 20])
            let capped = try await tools.call(
                "run_persisted_query",
                arguments: try Self.args(#"{"name": "wknd-shared/adventures-paginated", "all": true, "maxItems": 5}"#))
            #expect(capped["items"]?.arrayValue?.count == 5)
            #expect(capped["complete"] == .bool(false))

            let schema = try await tools.call(
                "get_schema", arguments: try Self.args(#"{"configuration": "wknd-shared"}"#))
            #expect(schema["sdl"]?.stringValue?.contains("type AdventureModel") == true)

            let resources = try await tools.listResources()
            let uris = (resources["resources"]?.arrayValue ?? []).compactMap { $0["uri"]?.stringValue }
            #expect(uris.contains("aem://query/wknd-shared/adventures-all"))
            #expect(uris.contains("aem://schema/wknd-shared"))
            let text = try await tools.readResource("aem://query/wknd-shared/adventures-all")
            #expect(text["contents"]?[0]?["text"] == all["text"])
            let fragment = try await tools.readResource("aem://fragment" + path)
            let json = try UntypedJSON(parsing: fragment["contents"]?[0]?["text"]?.stringValue ?? "")
            #expect(json["id"]?.stringValue == id)
        }
    }

    @Test("from the service: a wrong argument, a missing fragment or query, and a mirror's search are one clear line")
    func serviceFailures() async throws {
        try await Self.withService { tools in
            #expect(
                await Self.failure(tools, "get_fragment", #"{"path": "/content/dam/nowhere/x"}"#)?
                    .contains("/content/dam/nowhere/x") == true)
            #expect(
                await Self.failure(tools, "run_persisted_query", #"{"name": "wknd-shared/nope"}"#)?
                    .contains("list_persisted_queries shows the queries that exist") == true)
            #expect(
                await Self.failure(tools, "run_persisted_query", #"{"name": "nope"}"#)
                    == "run_persisted_query \"name\" must be configuration/name, such as wknd-shared/adventures-all.")
            #expect(
                await Self.failure(tools, "list_fragments", #"{"limit": 500}"#)
                    == "list_fragments \"limit\" must be a whole number from 1 to 50.")
            #expect(
                await Self.failure(tools, "list_fragments", #"{"folder": "/etc"}"#)?
                    .hasPrefix("list_fragments \"folder\": ") == true)
            #expect(
                await Self.failure(tools, "get_fragment", #"{"id": "a", "path": "/content/dam/a"}"#)
                    == "get_fragment takes the fragment's \"id\" or its \"path\": one of the two.")
            #expect(
                await Self.failure(tools, "get_fragment", "{}")
                    == "get_fragment takes the fragment's \"id\" or its \"path\": one of the two.")
            #expect(
                await Self.failure(
                    tools, "get_fragment", #"{"path": "/content/dam/a", "reference": "all"}"#)?
                    .hasPrefix("get_fragment takes no argument \"reference\"; its arguments are ") == true)
            #expect(
                await Self.failure(tools, "list_models", .array([]))
                    == "list_models: the arguments must be an object.")
            #expect(await Self.failure(tools, "delete_everything", .object([]))?.hasPrefix("There is no tool") == true)
            #expect(
                await Self.failure(tools, "get_schema", #"{"configuration": "nope"}"#)?
                    .hasSuffix("list_persisted_queries names those that have queries.") == true)
            #expect(
                await Self.failure(tools, "search_fragments", #"{"text": "surf"}"#)?
                    .contains("wknd mcp --store DIR") == true)
        }
    }

    @Test("from a mirror: models seen in the fragments, pages by offset, by path and id, ranked search, resources")
    func mirror() async throws {
        try await Self.withMirror { tools in
            let models = try await tools.call("list_models", arguments: .object([]))
            #expect(models["source"] == .string("mirror"))
            let adventure = try #require(models["models"]?.arrayValue?.first { $0["name"]?.stringValue == "adventure" })
            #expect((adventure["fragments"]?.intValue ?? 0) >= 20)
            #expect(
                adventure["fields"]?.arrayValue?.contains {
                    $0["name"]?.stringValue == "title" && $0["type"]?.stringValue == "string"
                } == true)

            let first = try await tools.call(
                "list_fragments", arguments: try Self.args(#"{"folder": "\#(Self.adventures)", "limit": 15}"#))
            #expect(first["total"]?.intValue == 20)
            #expect(first["cursor"] == .string("15"))
            let rest = try await tools.call(
                "list_fragments", arguments: try Self.args(#"{"folder": "\#(Self.adventures)", "cursor": "15"}"#))
            #expect(rest["items"]?.arrayValue?.count == 5)
            #expect(rest["cursor"] == .null)
            let german = try await tools.call(
                "list_fragments",
                arguments: try Self.args(#"{"folder": "/content/dam/wknd-shared/en/adventures", "locale": "de"}"#))
            #expect(german["folder"] == .string("/content/dam/wknd-shared/de/adventures"))
            #expect(
                german["items"]?.arrayValue?.allSatisfy {
                    $0["path"]?.stringValue?.hasPrefix("/content/dam/wknd-shared/de/") == true
                } == true)

            // AEM_LOCALE narrows a folder given, and leaves a listing of everything alone.
            let configured = MCPTools(source: tools.source, locales: try LocaleChain(parsing: "de"))
            let configuredGerman = try await configured.call(
                "list_fragments", arguments: try Self.args(#"{"folder": "\#(Self.adventures)"}"#))
            #expect(configuredGerman["folder"] == .string("/content/dam/wknd-shared/de/adventures"))
            let everything = try await configured.call("list_fragments", arguments: .object([]))
            #expect(everything["total"]?.intValue == 28)
            #expect(
                await Self.failure(tools, "list_fragments", #"{"locale": "de"}"#)?
                    .hasPrefix("list_fragments \"locale\" narrows a folder to its language copy") == true)

            let item = try #require(first["items"]?[0])
            let path = try #require(item["path"]?.stringValue)
            let id = try #require(item["id"]?.stringValue)
            let byPath = try await tools.call("get_fragment", arguments: .members(["path": .string(path)]))
            let byID = try await tools.call("get_fragment", arguments: .members(["id": .string(id)]))
            #expect(byPath["fragment"]?["id"]?.stringValue == id)
            #expect(byID["fragment"] == byPath["fragment"])
            #expect(
                await Self.failure(tools, "get_fragment", .members(["id": .string("nope")]))?
                    .hasPrefix("No fragment with the id nope in the mirror ") == true)

            let found = try await tools.call("search_fragments", arguments: try Self.args(#"{"text": "surf"}"#))
            let items = try #require(found["items"]?.arrayValue)
            #expect(!items.isEmpty)
            #expect(items.map { $0["rank"]?.intValue } == Array(1...items.count))
            #expect(items.allSatisfy { $0["fragment"]?.jsonText().lowercased().contains("surf") == true })
            let narrowed = try await tools.call(
                "search_fragments", arguments: try Self.args(#"{"text": "surf", "locale": "de", "limit": 1}"#))
            #expect(narrowed["items"]?.arrayValue?.count ?? 0 <= 1)

            for tool in ["list_persisted_queries", "get_schema", "run_persisted_query"] {
                let line = await Self.failure(
                    tools, tool, .members(["configuration": .string("wknd-shared")]).withName(tool))
                #expect(line?.contains("start `wknd mcp` without --store") == true, "\(tool): \(line ?? "")")
            }

            let resources = try await tools.listResources()
            let uris = (resources["resources"]?.arrayValue ?? []).compactMap { $0["uri"]?.stringValue }
            #expect(uris.contains("aem://fragment" + path))
            let read = try await tools.readResource("aem://fragment" + path)
            let json = try UntypedJSON(parsing: read["contents"]?[0]?["text"]?.stringValue ?? "")
            #expect(json["id"]?.stringValue == id)
        }
    }

    @Test("each tool declares its input and its output as JSON Schema objects, and a wrong call says why")
    func schemas() async throws {
        try await Self.withMirror { tools in
            for tool in MCPTool.allCases {
                for schema in [tool.inputSchema, tool.outputSchema] {
                    #expect((try? UntypedJSON(parsing: schema))?["type"]?.stringValue == "object", "\(tool)")
                }
                #expect(!tool.argumentNames.isEmpty, "\(tool)")
            }
            let wrong = await Self.failure(tools, "list_fragments", #"{"limit": "many"}"#)
            #expect(wrong == "list_fragments \"limit\" must be a whole number from 1 to 50.")
            let unknown = await Self.failure(tools, "list_everything", "{}")
            #expect(unknown?.hasPrefix("There is no tool list_everything") == true)
            let right = try await tools.call("list_fragments", arguments: try Self.args(#"{"limit": 1}"#))
            #expect(right["cursor"]?.stringValue == "1")
        }
    }

    @Test("wknd mcp answers requests written all at once and closed, a wrong one as a tool error, then exits 0")
    func program() async throws {
        try await withTemporaryFolder("wknd-mcp") { parent in
            let folder = parent.appendingPathComponent("wknd-mcp")
            try await withEmulator { _, environment in
                let sync = try await WkndRun.run(
                    ["sync", folder.path, "--fragments", Self.adventures], environment: environment)
                #expect(sync.status == 0, "\(sync.stderr)")
            }
            let requests = [
                #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#,
                #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
                #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
                #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search_fragments","arguments":{"text":"surf"}}}"#,
                #"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"list_fragments","arguments":{"limit":0}}}"#,
                #"{"jsonrpc":"2.0","id":5,"method":"resources/list"}"#,
            ]
            let run = try await WkndRun.run(
                ["mcp", "--store", folder.path], stdin: requests.joined(separator: "\n") + "\n")
            #expect(run.status == 0, "\(run.stderr)")
            var answers: [Int: UntypedJSON] = [:]
            for line in run.stdout.split(separator: "\n") {
                let message = try UntypedJSON(parsing: String(line))
                if let id = message["id"]?.intValue { answers[id] = message["result"] }
            }
            #expect(answers.keys.sorted() == [1, 2, 3, 4, 5], "\(run.stdout)")
            #expect(answers[1]?["serverInfo"]?["name"] == .string("wknd"))
            let listed = Set(answers[2]?["tools"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? [])
            #expect(listed.count == 7 && listed.contains("get_fragment"), "read-only by default: \(listed)")
            #expect(!listed.contains("patch_fragment") && !listed.contains("get_authored_fragment"))
            #expect(answers[3]?["isError"] == .bool(false))
            #expect(answers[3]?["structuredContent"]?["items"]?.arrayValue?.isEmpty == false)
            #expect(answers[4]?["isError"] == .bool(true))
            #expect(
                answers[4]?["content"]?[0]?["text"]
                    == .string("list_fragments \"limit\" must be a whole number from 1 to 50."))
            #expect(answers[5]?["resources"]?.arrayValue?.count == 20)
        }
    }

    @Test("the models of a schema's SDL: each …Model type with a _path, past descriptions and long arguments")
    func schemaModels() {
        let sdl = """
            \"\"\"
            type NotAModel {
            \"\"\"
            type AdventureModel {
              _path: ID
              "The title"
              title: String
              description(
                format: String
              ): MultiFormatString
              tags: [String]!
            }
            type AdventureModelResult {
              item: AdventureModel
            }
            type HelperModel {
              name: String
            }
            """
        let models = SchemaModels.models(in: sdl)
        #expect(models.map(\.type) == ["AdventureModel"])
        #expect(models.first?.fields.map(\.name) == ["_path", "title", "description", "tags"])
        #expect(models.first?.fields.map(\.type) == ["ID", "String", "MultiFormatString", "[String]!"])
    }
}

extension UntypedJSON {
    /// These arguments as `tool` needs them: run_persisted_query a name, the others a configuration.
    fileprivate func withName(_ tool: String) -> UntypedJSON {
        tool == "run_persisted_query" ? .members(["name": .string("wknd-shared/adventures-all")]) : self
    }
}
