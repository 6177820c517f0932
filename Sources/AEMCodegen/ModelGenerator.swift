import GraphQL

/// Generates typed Swift for one AEM persisted query from the configuration's schema and the
/// query's text: a namespace enum with the query's path, a `request(…)` factory returning a
/// `PersistedQuery<Data>` with a typed parameter per declared variable, and `Decodable` structs
/// for exactly the selected fields. Pure: the same input always gives the same bytes.
///
/// ```swift
/// let source = try ModelGenerator.swiftSource(for: CodegenInput(schema: sdl, query: text, queryPath: "wknd-shared/adventures-all"))
/// ```
public enum ModelGenerator {
    /// The Swift source for `input`.
    ///
    /// - Throws: `CodegenError` when the schema or the query does not parse, or the query does not
    ///   validate against the schema, holds more than one operation, or is not a query.
    public static func swiftSource(for input: CodegenInput) throws(CodegenError) -> String {
        let schema = try buildSchema(input)
        let document = try parseQuery(input)
        let operation = try queryOperation(of: document, input: input, schema: schema)
        guard let queryType = schema.queryType else {
            throw CodegenError(
                subject: .schema, sourceName: schemaName(input),
                problems: [.init(message: "The schema has no Query type.")])
        }
        var fragments: [String: FragmentDefinition] = [:]
        for case let fragment as FragmentDefinition in document.definitions {
            fragments[fragment.name.value] = fragment
        }

        let namespace = namespaceName(input.queryName)
        let shapes = ShapeBuilder(schema: schema, fragments: fragments, namespace: namespace)
        let data: StructDeclaration
        do {
            data = try shapes.structure(named: "Data", for: queryType, selections: operation.selectionSet.selections)
        } catch {
            throw CodegenError(
                subject: .schema, sourceName: schemaName(input), problems: [.init(message: String(describing: error))])
        }
        let inputs = InputTypes(schema: schema, shapes: shapes, namespace: namespace)
        let parameters = VariableParameters.parameters(of: operation, schema: schema, shapes: shapes, inputs: inputs)
        let enums = shapes.enums.sorted { $0.value < $1.value }.compactMap {
            graphQLName, swiftName -> EnumDeclaration? in
            guard let type = schema.getType(name: graphQLName) as? GraphQLEnumType else { return nil }
            var used: Set<String> = []
            return EnumDeclaration(
                name: swiftName, graphQLName: graphQLName,
                values: type.values.map {
                    (SwiftNaming.uniqueMember(SwiftNaming.caseName($0.name), in: &used), $0.name)
                })
        }
        return FileLayout(
            input: input, namespace: namespace, data: data, parameters: parameters, enums: enums,
            inputs: inputs.declarations.values.sorted { $0.name < $1.name }
        ).text
    }

    /// The name of the namespace enum: the query's name in upper camel case, ending in `Query`
    /// (`adventures-all` → `AdventuresAllQuery`).
    public static func namespaceName(_ queryName: String) -> String {
        let base = SwiftNaming.typeName(queryName, prefix: "Query")
        return base.hasSuffix("Query") ? base : base + "Query"
    }

    private static func schemaName(_ input: CodegenInput) -> String {
        "schema of \(input.configuration.isEmpty ? input.queryPath : input.configuration)"
    }

    private static func buildSchema(_ input: CodegenInput) throws(CodegenError) -> GraphQLSchema {
        do {
            return try GraphQL.buildSchema(source: Source(body: input.schema, name: schemaName(input)))
        } catch let error as GraphQLError {
            throw CodegenError(subject: .schema, sourceName: schemaName(input), problems: [problem(error)])
        } catch {
            throw CodegenError(
                subject: .schema, sourceName: schemaName(input), problems: [.init(message: String(describing: error))])
        }
    }

    private static func parseQuery(_ input: CodegenInput) throws(CodegenError) -> Document {
        do {
            return try parse(source: Source(body: input.query, name: input.queryPath))
        } catch let error as GraphQLError {
            throw CodegenError(subject: .query, sourceName: input.queryPath, problems: [problem(error)])
        } catch {
            throw CodegenError(
                subject: .query, sourceName: input.queryPath, problems: [.init(message: String(describing: error))])
        }
    }

    /// The one query operation of a valid document.
    private static func queryOperation(of document: Document, input: CodegenInput, schema: GraphQLSchema)
        throws(CodegenError)
        -> OperationDefinition
    {
        let errors = GraphQL.validate(schema: schema, ast: document)
        guard errors.isEmpty else {
            throw CodegenError(subject: .query, sourceName: input.queryPath, problems: errors.map(problem))
        }
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        guard operations.count == 1, let operation = operations.first else {
            throw CodegenError(
                subject: .query, sourceName: input.queryPath,
                problems: [
                    .init(message: "A persisted query holds exactly one operation; this text has \(operations.count).")
                ])
        }
        guard operation.operation == .query else {
            let (line, column) = position(of: operation.loc)
            throw CodegenError(
                subject: .query, sourceName: input.queryPath,
                problems: [
                    .init(
                        message: "Only queries can be generated, not a \(operation.operation.rawValue).", line: line,
                        column: column)
                ])
        }
        return operation
    }

    private static func problem(_ error: GraphQLError) -> CodegenError.Problem {
        .init(message: error.message, line: error.locations.first?.line, column: error.locations.first?.column)
    }

    /// Line and column (1-based) of a node in its text.
    private static func position(of location: Location?) -> (Int?, Int?) {
        guard let location else { return (nil, nil) }
        return (location.startToken.line, location.startToken.column)
    }
}
