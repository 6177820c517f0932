import Foundation
import GraphQL
import OrderedCollections

/// Builds the GraphQL schema AEM generates for one configuration from its models (aem-platform.md §2): per model
/// `<Title>Model` with its system and content fields, `<Title>ModelResult`, `<Title>ModelResults`,
/// `<Title>ModelConnection`, `<Title>ModelFilter`, and the query fields `<title>ByPath`, `<title>List` and
/// `<title>Paginated`, each resolved over a ``ContentIndex``.
final class SchemaBuilder {
    private let configuration: String
    private let index: ContentIndex
    private let common: CommonTypes
    private let readers = FieldReaders()
    /// The models of the configuration with a distinct type name, sorted by path.
    private let models: [ModelIndex]
    private var objectTypes: [String: GraphQLObjectType] = [:]
    private var fieldMaps: [String: GraphQLFieldMap] = [:]
    private var filterTypes: [String: GraphQLInputObjectType] = [:]
    private var filterFieldMaps: [String: InputObjectFieldMap] = [:]
    private var unions: [String: GraphQLUnionType] = [:]

    /// The schema of `configuration`'s models in `index`.
    static func build(configuration: String, index: ContentIndex) throws -> ConfigurationSchema {
        try SchemaBuilder(configuration: configuration, index: index).build()
    }

    private init(configuration: String, index: ContentIndex) throws {
        self.configuration = configuration
        self.index = index
        common = try CommonTypes(index: index, readers: readers)
        var seen: Set<String> = []
        models = index.models.values
            .filter { $0.model.configuration == configuration }
            .sorted { $0.model.path < $1.model.path }
            .filter { seen.insert($0.naming.typeName).inserted }
    }

    private func build() throws -> ConfigurationSchema {
        let modelPaths = Set(models.map(\.model.path))
        for model in models {
            let path = model.model.path
            objectTypes[path] = try GraphQLObjectType(
                name: model.naming.typeName, fields: { [unowned self] in self.fieldMaps[path] ?? [:] })
            filterTypes[path] = try GraphQLInputObjectType(
                name: model.naming.typeName + "Filter", fields: { [unowned self] in self.filterFieldMaps[path] ?? [:] })
        }
        let modelTypes = models.compactMap { objectTypes[$0.model.path] }
        let allModels = try GraphQLUnionType(
            name: "AllFragmentModels", resolveType: Resolve.typeName, types: modelTypes)
        let allReferences = try GraphQLUnionType(
            name: "AllReferences", resolveType: Resolve.typeName, types: modelTypes + common.assetTypes)
        for model in models {
            let fields = try modelFields(model, allModels: allModels, modelPaths: modelPaths)
            readers.register(fields, on: model.naming.typeName)
            fieldMaps[model.model.path] = fields.mapValues(\.field)
            filterFieldMaps[model.model.path] = filterFields(model)
        }

        var queryFields: GraphQLFieldMap = [:]
        for model in models {
            guard let type = objectTypes[model.model.path], let filter = filterTypes[model.model.path] else { continue }
            let queries = ModelQueries(model: model, index: index, modelPaths: modelPaths)
            let typeName = model.naming.typeName
            let references = Resolve.field(GraphQLList(allReferences)) { (result: ResultSource) in
                Resolve.list(queries.references(of: result))
            }
            let result = try readers.objectType(
                name: typeName + "Result",
                fields: [
                    "item": Resolve.field(type) { (result: ResultSource) in result.items.first },
                    "_references": references,
                ])
            let results = try readers.objectType(
                name: typeName + "Results",
                fields: [
                    "items": Resolve.field(GraphQLList(type)) { (result: ResultSource) in Resolve.list(result.items) },
                    "_references": references,
                ])
            let edge = try readers.objectType(
                name: typeName + "Edge",
                fields: [
                    "cursor": Resolve.field(GraphQLNonNull(GraphQLString)) { (edge: EdgeSource) in edge.cursor },
                    "node": Resolve.field(GraphQLNonNull(type)) { (edge: EdgeSource) in edge.node },
                ])
            let connection = try readers.objectType(
                name: typeName + "Connection",
                fields: [
                    "edges": Resolve.field(GraphQLNonNull(GraphQLList(GraphQLNonNull(edge)))) {
                        (page: ConnectionSource) in
                        Resolve.list(page.edges)
                    },
                    "pageInfo": Resolve.field(GraphQLNonNull(common.pageInfo)) { (page: ConnectionSource) in
                        page.pageInfo
                    },
                ])
            let prefix = model.naming.queryPrefix
            let byPath: GraphQLFieldResolveInput = { _, arguments, context, info in
                try RootValues.deliver(queries.byPath(arguments, info: info), context: context, info: info)
            }
            queryFields[prefix + "ByPath"] = GraphQLField(
                type: result,
                args: [
                    "_path": GraphQLArgument(type: GraphQLNonNull(GraphQLString)),
                    "variation": GraphQLArgument(type: GraphQLString),
                    "_assetTransform": GraphQLArgument(type: common.assetTransform),
                ],
                resolve: byPath)
            let list: GraphQLFieldResolveInput = { _, arguments, context, info in
                try RootValues.deliver(queries.list(arguments, info: info), context: context, info: info)
            }
            queryFields[prefix + "List"] = GraphQLField(
                type: results,
                args: [
                    "filter": GraphQLArgument(type: filter),
                    "sort": GraphQLArgument(type: GraphQLString),
                    "offset": GraphQLArgument(type: GraphQLInt),
                    "limit": GraphQLArgument(type: GraphQLInt),
                    "variation": GraphQLArgument(type: GraphQLString),
                    "_assetTransform": GraphQLArgument(type: common.assetTransform),
                    "includeVariations": GraphQLArgument(type: GraphQLBoolean),
                    "_locale": GraphQLArgument(type: GraphQLString),
                ],
                resolve: list)
            let paginated: GraphQLFieldResolveInput = { _, arguments, context, info in
                try RootValues.deliver(queries.paginated(arguments, info: info), context: context, info: info)
            }
            queryFields[prefix + "Paginated"] = GraphQLField(
                type: connection,
                args: [
                    "first": GraphQLArgument(type: GraphQLInt),
                    "after": GraphQLArgument(type: GraphQLString),
                    "sort": GraphQLArgument(type: GraphQLString),
                    "filter": GraphQLArgument(type: filter),
                    "variation": GraphQLArgument(type: GraphQLString),
                    "_assetTransform": GraphQLArgument(type: common.assetTransform),
                    "_locale": GraphQLArgument(type: GraphQLString),
                ],
                resolve: paginated)
        }
        readers.registerRoot(queryFields, on: "Query")
        let query = try GraphQLObjectType(name: "Query", fields: queryFields)
        let schema = try GraphQLSchema(query: query, types: [allModels, allReferences] + common.assetTypes)
        let problems = validateSchema(schema: schema)
        guard problems.isEmpty else { throw SchemaBuildError(messages: problems.map(\.message)) }
        return ConfigurationSchema(configuration: configuration, schema: schema, readers: readers, builder: self)
    }

    private func modelFields(_ model: ModelIndex, allModels: GraphQLUnionType, modelPaths: Set<String>) throws
        -> ReadableFieldMap
    {
        let index = index
        var fields: ReadableFieldMap = [
            "_path": Resolve.field(GraphQLID) { (node: FragmentNode) in node.fragment.path },
            "_id": Resolve.field(GraphQLString) { (node: FragmentNode) in node.fragment.uuid },
            "_variation": Resolve.field(GraphQLString) { (node: FragmentNode) in node.variationName },
            "_model": Resolve.field(common.modelInfo) { (node: FragmentNode) in
                index.models[node.fragment.modelPath]?.model
            },
            "_metadata": Resolve.field(common.metadata) { (node: FragmentNode) in node.fragment },
            "_tags": Resolve.field(GraphQLList(GraphQLString)) { (node: FragmentNode) in
                Resolve.list(node.fragment.tags)
            },
            "_variations": Resolve.field(GraphQLList(GraphQLString)) { (node: FragmentNode) in
                Resolve.list(node.fragment.variations.map(\.name))
            },
            "_locale": Resolve.field(GraphQLString) { (node: FragmentNode) in
                LocaleArgument.folderName(of: node.fragment)
            },
        ]
        for field in model.model.fields where ModelNaming.isValidFieldName(field.name) && fields[field.name] == nil {
            let (type, value) = try output(of: field, in: model, allModels: allModels, modelPaths: modelPaths)
            let name = field.name
            let isMultiple = field.isMultiple || field.kind == .tags
            fields[name] = Resolve.field(isMultiple ? GraphQLList(type) : type) { (node: FragmentNode) in
                guard let stored = node.value(of: name) else { return nil }
                if isMultiple { return Resolve.list(stored.elements.compactMap { value(node, $0) }) }
                return value(node, stored)
            }
        }
        return fields
    }

    /// The GraphQL type of one value of `field`, and how a stored value becomes it.
    private func output(
        of field: ModelField, in model: ModelIndex, allModels: GraphQLUnionType, modelPaths: Set<String>
    )
        throws -> (GraphQLOutputType, @Sendable (FragmentNode, JCRValue) -> (any Sendable)?)
    {
        let index = index
        switch field.kind {
        case .text, .enumeration, .tags:
            return (GraphQLString, { _, value in value.text })
        case .integer:
            return (GraphQLInt, { _, value in Self.number(value).map { Int(exactly: $0.rounded(.towardZero)) ?? 0 } })
        case .float:
            return (GraphQLFloat, { _, value in Self.number(value) })
        case .boolean:
            return (
                GraphQLBoolean,
                { _, value in
                    if case .boolean(let flag) = value { return flag }
                    return value.text.flatMap { Bool($0.lowercased()) }
                }
            )
        case .date:
            return (common.calendar, { _, value in value.text })
        case .json:
            return (common.json, { _, value in value.text.map { JSONMap.parse($0) ?? .string($0) } })
        case .richText:
            let typeKey = field.name + "@ContentType"
            return (
                common.multiFormatString,
                { node, value in
                    value.text.map {
                        RichTextValue(text: $0, contentType: node.value(of: typeKey)?.text ?? "text/html")
                    }
                }
            )
        case .contentReference:
            return (
                common.reference,
                { node, value in
                    value.text.flatMap { index.assetNode(at: $0, transform: node.transform) }
                }
            )
        case .fragmentReference(let allowed):
            let allowedPaths = Set(allowed).intersection(modelPaths)
            let type: GraphQLOutputType
            if allowedPaths.count == 1, let only = allowedPaths.first, let objectType = objectTypes[only] {
                type = objectType
            } else if allowedPaths.count > 1 {
                let name = model.naming.typeName + field.name.prefix(1).uppercased() + field.name.dropFirst() + "Union"
                type = try GraphQLUnionType(
                    name: name, resolveType: Resolve.typeName,
                    types: models.filter { allowedPaths.contains($0.model.path) }.compactMap {
                        objectTypes[$0.model.path]
                    })
            } else {
                type = allModels
            }
            let accepted = allowedPaths.isEmpty ? modelPaths : allowedPaths
            return (
                type,
                { node, value in
                    guard let path = value.text,
                        let target = index.fragmentNode(at: path, variation: node.variation, transform: node.transform),
                        accepted.contains(target.fragment.modelPath)
                    else { return nil }
                    return target
                }
            )
        }
    }

    private static func number(_ value: JCRValue) -> Double? {
        switch value {
        case .long(let number): Double(number)
        case .double(let number): number
        default: value.text.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        }
    }

    private func filterFields(_ model: ModelIndex) -> InputObjectFieldMap {
        var fields: InputObjectFieldMap = [
            "_logOp": InputObjectField(type: common.logOp),
            "_path": InputObjectField(type: common.stringFilter),
            "_id": InputObjectField(type: common.stringFilter),
            "_variation": InputObjectField(type: common.stringFilter),
            "_tags": InputObjectField(type: common.stringFilter),
        ]
        for field in model.model.fields where ModelNaming.isValidFieldName(field.name) && fields[field.name] == nil {
            switch field.kind {
            case .text, .enumeration, .tags, .richText, .contentReference, .json:
                fields[field.name] = InputObjectField(type: common.stringFilter)
            case .integer: fields[field.name] = InputObjectField(type: common.intFilter)
            case .float: fields[field.name] = InputObjectField(type: common.floatFilter)
            case .boolean: fields[field.name] = InputObjectField(type: common.booleanFilter)
            case .date: fields[field.name] = InputObjectField(type: common.calendarFilter)
            case .fragmentReference(let allowed):
                if allowed.count == 1, let filter = filterTypes[allowed[0]] {
                    fields[field.name] = InputObjectField(type: filter)
                }
            }
        }
        return fields
    }
}

/// Why a configuration's models give no valid schema.
struct SchemaBuildError: Error, CustomStringConvertible {
    let messages: [String]

    var description: String { messages.joined(separator: "; ") }
}

/// The schema of one configuration, ready to validate and execute queries.
final class ConfigurationSchema: @unchecked Sendable {
    let configuration: String
    let schema: GraphQLSchema
    /// The readers of its object fields, for ``SelectionExecutor``.
    let readers: FieldReaders
    /// Keeps the type builder, whose field maps the model types read lazily, alive with the schema.
    private let builder: SchemaBuilder

    fileprivate init(configuration: String, schema: GraphQLSchema, readers: FieldReaders, builder: SchemaBuilder) {
        self.configuration = configuration
        self.schema = schema
        self.readers = readers
        self.builder = builder
    }
}
