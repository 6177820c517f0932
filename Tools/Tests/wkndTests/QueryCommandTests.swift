import AEMEmulator
import EmulatorTestSupport
import Foundation
import Testing

@testable import WKNDCore

@Suite("wknd query: any persisted query against the emulator", .serialized)
struct QueryCommandTests {
    @Test("the WKND list query: data as AEM sent it, member order and numbers kept")
    func listQuery() async throws {
        try await withEmulator { _, environment in
            let run = try await WkndRun.run(
                ["query", "wknd-shared/adventures-all", "--var", "limit=3", "--var", "sort=price DESC"],
                environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.isEmpty)
            #expect(run.stdout.split(separator: "\n").count == 1)
            let raw = try await WkndRun.run(
                ["query", "wknd-shared/adventures-all", "--var", "limit=3", "--var", "sort=price DESC", "--raw"],
                environment: environment)
            #expect(raw.status == 0)
            #expect(raw.stdout == #"{"data":"# + run.stdout.dropLast() + "}")
            let data = try #require(try run.json() as? [String: Any])
            let items = try #require((data["adventureList"] as? [String: Any])?["items"] as? [[String: Any]])
            #expect(items.count == 3)
            let first = try #require(run.stdout.range(of: #"{"_path":"#))
            let order = [
                "\"_path\"", "\"slug\"", "\"title\"", "\"activity\"", "\"price\"", "\"tripLength\"", "\"primaryImage\"",
            ]
            .compactMap { run.stdout.range(of: $0, range: first.lowerBound..<run.stdout.endIndex)?.lowerBound }
            #expect(order.count == 7)
            #expect(order == order.sorted())
            #expect(!run.stdout.contains(".0,"))
        }
    }

    @Test("a single answer goes through the response cache; --raw and --all always ask AEM")
    func responseCache() async throws {
        try await withTemporaryFolder("wknd-cache") { parent in
            let folder = parent.appendingPathComponent("wknd-cache")
            try await withEmulator { emulator, environment in
                let environment = environment.merging(["WKND_CACHE_DIR": folder.path]) { $1 }
                let queries = { emulator.requests.filter { $0.path.hasPrefix("/graphql/execute.json/") }.count }
                let arguments = ["query", "wknd-shared/adventures-all", "--var", "limit=2"]
                let first = try await WkndRun.run(arguments, environment: environment)
                #expect(first.status == 0, "\(first.stderr)")
                #expect(queries() == 1)
                let second = try await WkndRun.run(arguments, environment: environment)
                #expect(second.status == 0)
                #expect(second.stdout == first.stdout)
                #expect(queries() == 1)
                let offline = try await WkndRun.run(arguments + ["--offline"], environment: environment)
                #expect(offline.stdout == first.stdout)
                let raw = try await WkndRun.run(arguments + ["--raw"], environment: environment)
                #expect(raw.status == 0)
                #expect(queries() == 2)
                let refused = try await WkndRun.run(arguments + ["--raw", "--offline"], environment: environment)
                #expect(refused.status == 64)
                #expect(refused.stderr.contains("--offline and --cache-policy go with a single answer"))
            }
        }
    }

    @Test("the WKND by-slug query, with variables holding ; = / ? # % + & space and non-ASCII")
    func hostileVariables() async throws {
        let slug = "a;b=c/d?e#f%g+h&i j-é🏄"
        var content = try EmulatorContent.sample()
        content[slug: slug] = content.makeAdventure(
            slug: slug, title: "Odd Slug", path: EmulatorContent.adventuresFolder + "/odd/odd")
        try await withEmulator(EmulatorOptions(content: content)) { _, environment in
            let run = try await WkndRun.run(
                ["query", "wknd-shared/adventure-by-slug", "--var", "slug=\(slug)", "--verbose"],
                environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            let data = try #require(try run.json() as? [String: Any])
            let items = try #require((data["adventureList"] as? [String: Any])?["items"] as? [[String: Any]])
            #expect(items.map { $0["slug"] as? String } == [slug])
            #expect(run.stderr.contains("slug=a%3Bb%3Dc%2Fd%3Fe%23f%25g%2Bh%26i%20j-%C3%A9%F0%9F%8F%84;"))
        }
    }

    @Test("--var-json sends an input object")
    func jsonVariable() async throws {
        try await withEmulator { _, environment in
            let text =
                "query ($filter: AdventureModelFilter) { adventureList(filter: $filter, sort: \"slug\") { items { slug } } }"
            #expect(try await persist(text, as: "wknd-shared/filtered", environment: environment) == 0)
            let run = try await WkndRun.run(
                [
                    "query", "wknd-shared/filtered", "--var-json",
                    #"filter={"slug": {"_expressions": [{"value": "lofoten-winter-surf"}]}}"#,
                ],
                environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout == #"{"adventureList":{"items":[{"slug":"lofoten-winter-surf"}]}}"# + "\n")
            let bad = try await WkndRun.run(
                ["query", "wknd-shared/filtered", "--var-json", "filter={nope"], environment: environment)
            #expect(bad.status == 64)
        }
    }

    @Test("errors beside partial data: data on stdout, the error on stderr, exit 76")
    func partialData() async throws {
        try await withEmulator { emulator, environment in
            emulator.faults.script(QueryPath.list, .partialData(message: "Asset is not accessible"))
            let run = try await WkndRun.run(
                ["query", "wknd-shared/adventures-all", "--var", "limit=2"], environment: environment)
            #expect(run.status == 76)
            let data = try #require(try run.json() as? [String: Any])
            #expect(((data["adventureList"] as? [String: Any])?["items"] as? [Any])?.count == 2)
            #expect(run.stderr.contains("AEM reported: Asset is not accessible"))
        }
    }

    @Test("errors without data: nothing on stdout, exit 76")
    func errorsWithoutData() async throws {
        try await withEmulator { emulator, environment in
            emulator.faults.script(
                QueryPath.list,
                .respond(
                    status: 200, headers: ["Content-Type": "application/json"],
                    body:
                        #"{"errors":[{"message":"Validation error","locations":[{"line":3,"column":5}],"path":["adventureList",0]}]}"#
                ))
            let run = try await WkndRun.run(["query", "wknd-shared/adventures-all"], environment: environment)
            #expect(run.status == 76)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.contains("Validation error at adventureList.0 (query line 3, column 5)"))
        }
    }

    @Test(
        "GraphQL errors sent with 400 or 500 (GraphQL over HTTP, a broken stored query): each on stderr, exit 76",
        arguments: [
            FaultAction.respond(
                status: 400, headers: ["Content-Type": "application/graphql-response+json"],
                body:
                    #"{"errors":[{"message":"Variable 'limit' has an invalid value"},{"message":"Unknown argument"}]}"#
            ),
            FaultAction.persistedQueryValidationError(details: "Field 'nope' in type 'AdventureModel' is undefined"),
        ])
    func errorsWithAFailureStatus(fault: FaultAction) async throws {
        try await withEmulator { emulator, environment in
            emulator.faults.script(QueryPath.list, fault)
            let run = try await WkndRun.run(["query", "wknd-shared/adventures-all"], environment: environment)
            #expect(run.status == 76)
            #expect(run.stdout.isEmpty)
            #expect(run.stderrLines.first?.contains("to wknd-shared/adventures-all, with these GraphQL errors") == true)
            if run.stderr.contains("answered 400") {
                #expect(run.stderr.contains("AEM reported: Variable 'limit' has an invalid value"))
                #expect(run.stderr.contains("AEM reported: Unknown argument"))
            } else {
                #expect(run.stderr.contains("answered 500"))
                #expect(run.stderr.contains("Field 'nope' in type 'AdventureModel' is undefined"))
            }
        }
    }

    @Test("a query that does not exist: exit 69, one line naming it")
    func unknownQuery() async throws {
        try await withEmulator { _, environment in
            let run = try await WkndRun.run(["query", "wknd-shared/no-such-query"], environment: environment)
            #expect(run.status == 69)
            #expect(run.stdout.isEmpty)
            #expect(run.stderrLines.count == 1)
            #expect(run.stderr.contains("wknd-shared/no-such-query"))
            #expect(run.stderr.contains("wknd queries list"))
            let malformed = try await WkndRun.run(["query", "no-slash"], environment: environment)
            #expect(malformed.status == 64)
        }
    }

    @Test(
        "--all over both paging styles, as one array and as JSON Lines",
        arguments: [
            ("wknd-shared/adventures-paginated", "5"), ("wknd-shared/adventures-all", "5"),
            ("wknd-shared/adventures-paginated", "20"), ("wknd-shared/adventures-all", "20"),
            ("wknd-shared/adventures-all", "100"), ("wknd-shared/adventures-paginated", "7"),
        ])
    func all(query: String, pageSize: String) async throws {
        try await withEmulator { _, environment in
            let lines = try await WkndRun.run(
                ["query", query, "--all", "--jsonl", "--page-size", pageSize], environment: environment)
            #expect(lines.status == 0, "\(lines.stderr)")
            let items = lines.stdout.split(separator: "\n")
            #expect(items.count == 20)
            let slugs = try items.map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["slug"] as? String
            }
            #expect(Set(slugs).count == 20)

            let array = try await WkndRun.run(
                ["query", query, "--all", "--page-size", pageSize], environment: environment)
            #expect(array.status == 0)
            let elements = try #require(try array.json() as? [[String: Any]])
            #expect(elements.map { $0["slug"] as? String } == slugs)
        }
    }

    @Test("--all over an empty result prints an empty array or nothing")
    func allEmpty() async throws {
        try await withEmulator { _, environment in
            let filter = #"filter: {slug: {_expressions: [{value: "none"}]}}"#
            #expect(
                try await persist(
                    "query ($first: Int, $after: String) { adventurePaginated(first: $first, after: $after, \(filter)) { edges { node { slug } } pageInfo { endCursor hasNextPage } } }",
                    as: "wknd-shared/nothing-paginated", environment: environment) == 0)
            let array = try await WkndRun.run(
                ["query", "wknd-shared/nothing-paginated", "--all"], environment: environment)
            #expect(array.status == 0)
            #expect(array.stdout == "[]\n")
            let lines = try await WkndRun.run(
                ["query", "wknd-shared/nothing-paginated", "--all", "--jsonl"], environment: environment)
            #expect(lines.status == 0)
            #expect(lines.stdout.isEmpty)
        }
    }
}

/// Stores a query with `wknd queries persist … -`, as a test's own setup; returns the exit status.
func persist(_ text: String, as path: String, environment: [String: String]) async throws -> Int32 {
    let run = try await WkndRun.run(["queries", "persist", path, "-"], environment: environment, stdin: text)
    return run.status
}
