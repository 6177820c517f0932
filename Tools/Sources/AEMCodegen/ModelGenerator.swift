import GraphQL

/// Generates typed Swift for one AEM persisted query from the configuration's schema and the
/// query's text: a namespace enum with the query's path, a `request(…)` factory returning a
/// `PersistedQuery<Data>` with a typed parameter per declared variable, and `Decodable` structs
/// for exactly the selected fields; the enums, inputs and fragments it uses go to the
/// configuration's `SchemaTypes`. Pure: the same input always gives the same bytes.
enum ModelGenerator {
    /// The Swift source of `input`'s file.
    ///
    /// - Throws: `CodegenError` when the query does not parse, does not validate against the
    ///   schema, holds more than one operation, is not a query, or reuses a fragment name.
    static func swiftSource(for input: CodegenInput, types: SchemaTypes) throws(CodegenError) -> String {
        let schema = types.schema
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

        let shapes = ShapeBuilder(types: types, fragments: fragments, queryPath: input.queryPath)
        let data: StructDeclaration
        do {
            data = try shapes.structure(named: "Data", for: queryType, selections: operation.selectionSet.selections)
        } catch let conflict as FragmentConflict {
            let (line, column) = position(of: fragments[conflict.name]?.loc)
            throw CodegenError(
                subject: .query, sourceName: input.queryPath,
                problems: [.init(message: conflict.description, line: line, column: column)])
        } catch {
            throw CodegenError(
                subject: .schema, sourceName: schemaName(input), problems: [.init(message: String(describing: error))])
        }
        let parameters = VariableParameters.parameters(of: operation, types: types)
        return FileLayout(
            input: input, types: types, namespace: namespaceName(input.queryName), data: data, parameters: parameters
        ).text
    }

    /// The name of the namespace enum: the query's name in upper camel case, ending in `Query`
    /// (`adventures-all` → `AdventuresAllQuery`).
    static func namespaceName(_ queryName: String) -> String {
        let base = SwiftNaming.typeName(queryName, prefix: "Query")
        return base.hasSuffix("Query") ? base : base + "Query"
    }

    static func schemaName(_ input: CodegenInput) -> String {
        "schema of \(input.configuration.isEmpty ? input.queryPath : input.configuration)"
    }

    static func buildSchema(_ input: CodegenInput) throws(CodegenError) -> GraphQLSchema {
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
