import AEMHeadless
import Foundation
import WKNDCore

extension MCPTools {
    /// `list_persisted_queries`: the stored queries, with their text and declared variables.
    func listPersistedQueries(_ arguments: MCPArguments) async throws -> UntypedJSON {
        let configuration = try arguments.string("configuration")
        guard case .service(let aem, _) = source else {
            throw source.serviceOnly(arguments.tool, "the persisted queries")
        }
        let entries = try await aem.persistedQueries(configuration: configuration)
        let queries = entries.map { entry in
            UntypedJSON.members([
                "name": .string(entry.path), "configuration": .string(entry.configuration),
                "variables": entry.text.map { _ in
                    UntypedJSON.array(entry.variableNames.sorted().map(UntypedJSON.string))
                },
                "text": entry.text.map(UntypedJSON.string),
            ])
        }
        return .members(["queries": .array(queries)])
    }

    /// `run_persisted_query`: one answer's data and errors, or with `all` the items of every page up to `maxItems`.
    func runPersistedQuery(_ arguments: MCPArguments, progress: Progress) async throws -> UntypedJSON {
        let name = try arguments.requiredString("name")
        guard QueryPath.isValid(name) else {
            throw Failure(
                .usage, "run_persisted_query \"name\" must be configuration/name, such as wknd-shared/adventures-all.")
        }
        let variables = try Self.variables(arguments.object("variables"))
        let all = try arguments.bool("all")
        let pageSize = try arguments.integer("pageSize", in: 1...1000, default: 100)
        let maxItems = try arguments.integer("maxItems", in: 1...100_000, default: 1000)
        guard case .service(let aem, let cache) = source else {
            throw source.serviceOnly(arguments.tool, "a persisted query's answer")
        }
        do {
            guard all else {
                let query = PersistedQuery<UntypedJSON>(name, variables: variables)
                let result = try await cache.value {
                    try await aem.execute(query)
                }
                return .members(["data": result.data ?? .null, "errors": Self.errorsJSON(result.errors)])
            }
            var items: [UntypedJSON] = []
            var errors: [GraphQLError] = []
            var pages = 0
            var complete = true
            // Stopping at maxItems leaves it unknown whether more follow: such an answer is not complete.
            let query = PersistedQuery<UntypedJSON>(name, variables: variables)
            for try await page in aem.pages(of: query, pageSize: min(pageSize, maxItems)) {
                pages += 1
                errors += page.result.errors
                items += page.items.prefix(maxItems - items.count)
                progress(.init(done: items.count, message: "page \(pages): \(items.count) items"))
                if items.count >= maxItems {
                    complete = false
                    break
                }
            }
            return .members([
                "items": .array(items), "pages": .integer(pages), "complete": .bool(complete),
                "errors": Self.errorsJSON(errors),
            ])
        } catch let error as AemError where error.kind == .queryNotFound {
            throw Failure(.unavailable, error.message + " list_persisted_queries shows the queries that exist.")
        }
    }

    /// `get_schema`: a configuration's schema as SDL.
    func getSchema(_ arguments: MCPArguments) async throws -> UntypedJSON {
        let configuration = try arguments.requiredString("configuration")
        guard case .service(let aem, _) = source else { throw source.serviceOnly(arguments.tool, "the schema") }
        let sdl = try await CodegenSources(aem: aem).schema(of: configuration, otherwise: Self.schemaHint)
        return .members(["configuration": .string(configuration), "sdl": .string(sdl)])
    }

    /// What to do when a configuration's schema is not there, for the failure's message.
    static let schemaHint = "check the configuration's name: list_persisted_queries names those that have queries"

    /// The variables of a call: strings, numbers and booleans as they are, objects and arrays as their JSON text
    /// (as `--var-json` sends them), null as no value.
    static func variables(_ members: [UntypedJSON.Member]) -> [String: QueryVariable?] {
        var variables: [String: QueryVariable?] = [:]
        for member in members {
            switch member.value {
            case .null: variables[member.key] = .some(nil)
            case .bool(let flag): variables[member.key] = QueryVariable.bool(flag)
            case .number(let text), .string(let text): variables[member.key] = QueryVariable.string(text)
            case .array, .object: variables[member.key] = QueryVariable.string(member.value.jsonText())
            }
        }
        return variables
    }

    /// GraphQL errors as the JSON objects AEM sent.
    static func errorsJSON(_ errors: [GraphQLError]) -> UntypedJSON {
        .array(
            errors.compactMap { error in
                (try? JSONEncoder().encode(error)).flatMap { try? UntypedJSON(parsing: $0) }
            })
    }
}
