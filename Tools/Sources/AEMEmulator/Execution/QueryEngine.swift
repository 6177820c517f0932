import Foundation
import GraphQL

/// Validates and executes GraphQL over a ``ContentRepository`` with the schema AEM generates for each configuration
/// (``SchemaBuilder``), as an AEM publish service does for persisted queries. Each query text is parsed and validated
/// once; the parsed document is kept for the next execution.
final class QueryEngine: @unchecked Sendable {
    let index: ContentIndex
    private let schemas: [String: ConfigurationSchema]
    /// Why the schema of a configuration could not be built, for those whose models give none.
    let schemaProblems: [String: String]

    private let lock = NSLock()
    private var prepared: [PreparedKey: Prepared] = [:]
    /// The most query texts kept parsed; the cache starts afresh when it is full (ad-hoc queries are unbounded).
    private static let maximumPrepared = 512

    /// A problem found in a query text: a syntax or validation error, where it is.
    struct Problem: Sendable, Equatable {
        let message: String
        let line: Int?
        let column: Int?
        /// graphql-java's kind of error, its `extensions.classification`: `InvalidSyntax` or `ValidationError`.
        var classification = "ValidationError"
    }

    /// The answer to a persisted query.
    enum Outcome: Sendable {
        /// A GraphQL response (`data`, `errors` or both), answered with 200.
        case response(OrderedJSON)
        /// The stored text no longer validates against the schema: AEM answers 500 with this body
        /// (`{"errors":[{"errorType":"QueryValidationError","message":"Persisted Query Validation Error","details":…}]}`).
        case invalidQuery(OrderedJSON)
        /// The configuration has no GraphQL schema (no models).
        case unknownConfiguration
    }

    private struct PreparedKey: Hashable {
        let configuration: String
        let text: String
    }

    private enum Prepared: @unchecked Sendable {
        case document(Document, OperationDefinition?)
        case invalid([Problem])
    }

    /// An engine over `repository`; a configuration whose schema cannot be built has none (its queries answer
    /// ``Outcome/unknownConfiguration``).
    /// - Parameters:
    ///   - previous: an engine over an earlier state of the content, whose orders are kept where they hold.
    ///   - changedPaths: the only fragments that can differ from `previous`'s; nil: any.
    init(
        repository: ContentRepository, settings: EngineSettings = EngineSettings(),
        reusing previous: QueryEngine? = nil,
        changedPaths: Set<String>? = nil
    ) {
        index = ContentIndex(
            repository: repository, settings: settings, reusing: previous?.index, changedPaths: changedPaths)
        var schemas: [String: ConfigurationSchema] = [:]
        var problems: [String: String] = [:]
        for configuration in repository.configurations {
            do {
                schemas[configuration] = try SchemaBuilder.build(configuration: configuration, index: index)
            } catch {
                problems[configuration] = String(describing: error)
            }
        }
        self.schemas = schemas
        schemaProblems = problems
    }

    /// The configurations with a schema, sorted.
    var configurations: [String] { schemas.keys.sorted() }

    /// The schema of `configuration` as SDL, for `GET /content/cq:graphql/<conf>/endpoint.GQLschema`.
    func sdl(configuration: String) -> String? {
        schemas[configuration].map { printSchema(schema: $0.schema) }
    }

    /// The problems of `text` against `configuration`'s schema (empty when it is valid), for persisting queries.
    func validate(_ text: String, configuration: String) -> [Problem] {
        guard schemas[configuration] != nil else {
            return [Problem(message: "No schema for configuration '\(configuration)'", line: nil, column: nil)]
        }
        if case .invalid(let problems) = prepare(text, configuration: configuration) { return problems }
        return []
    }

    /// Runs the persisted `query` with the variables of its URL, as text (`;limit=5;` gives `["limit": "5"]`).
    func execute(_ query: StoredQuery, rawVariables: [String: String]) async -> Outcome {
        guard let schema = schemas[query.configuration] else { return .unknownConfiguration }
        switch prepare(query.text, configuration: query.configuration) {
        case .invalid(let problems):
            return .invalidQuery(Self.validationErrorBody(problems))
        case .document(let document, let operation):
            guard let operation else {
                return .response(.object([("errors", .array([Self.requestError("Must provide an operation.")]))]))
            }
            switch VariableCoercion.coerce(rawVariables, operation: operation, schema: schema.schema) {
            case .failure(let failure):
                return .response(.object([("errors", .array([failure.json]))]))
            case .success(let variables):
                return .response(await run(document, schema: schema, variables: variables))
            }
        }
    }

    /// Runs `text` (an ad-hoc query, `POST …/endpoint.json`) with variables already in GraphQL form.
    func execute(_ text: String, configuration: String, variables: [String: Map] = [:], operationName: String? = nil)
        async -> OrderedJSON
    {
        guard let schema = schemas[configuration] else {
            return .object([("errors", .array([Self.requestError("No schema for configuration '\(configuration)'")]))])
        }
        switch prepare(text, configuration: configuration) {
        case .invalid(let problems):
            return .object([("errors", .array(problems.map(Self.json)))])
        case .document(let document, _):
            return await run(document, schema: schema, variables: variables, operationName: operationName)
        }
    }

    /// Runs `document`: GraphQLSwift runs the root fields, and ``SelectionExecutor`` completes what is below them
    /// (GraphQLSwift alone runs a query that asks for the schema itself).
    private func run(
        _ document: Document, schema: ConfigurationSchema, variables: [String: Map], operationName: String? = nil
    ) async -> OrderedJSON {
        var completion: (SelectionExecutor, OperationDefinition, GraphQLObjectType)?
        if let operation = Self.operation(in: document, named: operationName), let queryType = schema.schema.queryType {
            let executor = SelectionExecutor(
                schema: schema, document: document, operation: operation, variables: variables)
            if executor.completesRoot(of: operation, queryType: queryType) {
                completion = (executor, operation, queryType)
            }
        }
        let roots = RootValues()
        do {
            let result = try await GraphQL.execute(
                schema: completion == nil ? schema.schema : schema.rootsSchema, documentAST: document, rootValue: (),
                context: completion == nil ? () : roots, variableValues: variables, operationName: operationName)
            guard let (executor, operation, queryType) = completion, result.data != nil else {
                return ResultEncoding.json(result)
            }
            let data = executor.data(of: operation, queryType: queryType, roots: roots)
            let errors = result.errors + executor.errors
            return .object(
                (errors.isEmpty ? [] : [("errors", .array(errors.map(ResultEncoding.json)))]) + [("data", data)])
        } catch {
            return .object([("errors", .array([Self.requestError(String(describing: error))]))])
        }
    }

    /// The operation `name` of `document`, or its only one when no name is given.
    private static func operation(in document: Document, named name: String?) -> OperationDefinition? {
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        guard let name else { return operations.count == 1 ? operations[0] : nil }
        return operations.first { $0.name?.value == name }
    }

    /// The parsed and validated `text`, from the cache when it was seen before.
    private func prepare(_ text: String, configuration: String) -> Prepared {
        let key = PreparedKey(configuration: configuration, text: text)
        lock.lock()
        if let cached = prepared[key] {
            lock.unlock()
            return cached
        }
        lock.unlock()
        let result: Prepared
        if let schema = schemas[configuration] {
            do {
                let document = try parse(source: Source(body: text, name: "GraphQL request"))
                let errors = GraphQL.validate(schema: schema.schema, ast: document)
                if errors.isEmpty {
                    let operations = document.definitions.compactMap { $0 as? OperationDefinition }
                    result = .document(document, operations.count == 1 ? operations[0] : nil)
                } else {
                    result = .invalid(errors.map(Self.problem))
                }
            } catch let error as GraphQL.GraphQLError {
                result = .invalid([Self.syntaxProblem(error, in: text)])
            } catch {
                result = .invalid([Problem(message: String(describing: error), line: nil, column: nil)])
            }
        } else {
            result = .invalid([
                Problem(message: "No schema for configuration '\(configuration)'", line: nil, column: nil)
            ])
        }
        lock.lock()
        if prepared.count >= Self.maximumPrepared { prepared.removeAll() }
        prepared[key] = result
        lock.unlock()
        return result
    }

    private static func problem(_ error: GraphQL.GraphQLError) -> Problem {
        Problem(message: error.message, line: error.locations.first?.line, column: error.locations.first?.column)
    }

    /// A text that does not parse, as graphql-java says it.
    private static func syntaxProblem(_ error: GraphQL.GraphQLError, in text: String) -> Problem {
        guard let location = error.locations.first else { return problem(error) }
        return Problem(
            message: AEMErrorBodies.invalidSyntaxMessage(in: text, line: location.line, column: location.column),
            line: location.line, column: location.column, classification: "InvalidSyntax")
    }

    private static func json(_ problem: Problem) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = [("message", .string(problem.message))]
        if let line = problem.line, let column = problem.column {
            members.append(("locations", .array([.object([("line", .int(line)), ("column", .int(column))])])))
        }
        members.append(("extensions", .object([("classification", .string(problem.classification))])))
        return .object(members)
    }

    private static func requestError(_ message: String) -> OrderedJSON {
        .object([
            ("message", .string(message)), ("extensions", .object([("classification", .string("ValidationError"))])),
        ])
    }

    /// AEM's answer to a stored query that does not validate.
    static func validationErrorBody(_ problems: [Problem]) -> OrderedJSON {
        let details = problems.map { problem in
            var text = "Error: type=\(problem.classification); message=\(problem.message);"
            if let line = problem.line, let column = problem.column { text += " location=\(line),\(column);" }
            return text
        }.joined(separator: " ")
        return .object([
            (
                "errors",
                .array([
                    .object([
                        ("errorType", .string("QueryValidationError")),
                        ("message", .string("Persisted Query Validation Error")),
                        ("details", .string(details)),
                    ])
                ])
            )
        ])
    }
}
