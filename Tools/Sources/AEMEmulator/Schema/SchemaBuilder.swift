import Foundation
import GraphQL
import OrderedCollections

/// Builds the GraphQL schema AEM generates for one configuration from its models (aem-platform.md §2): per model
/// `<Title>Model` with its system and content fields, `<Title>ModelResult`, `<Title>ModelResults`,
/// `<Title>ModelConnection`, `<Title>ModelFilter`, `<Title>ModelArrayFilter`, and the fields `<title>ByPath`,
/// `<title>List` and `<title>Paginated` of the root type `QueryType`, each resolved over a ``ContentIndex``; the
/// `Reference` union of the reference types and every model type. Where AEM's sources differ, ``SchemaRules``.
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
    private var arrayFilterTypes: [String: GraphQLInputObjectType] = [:]
    /// `Reference`: what a content reference or an entry of `_references` can be.
    private var reference: GraphQLUnionType?

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
            let filter = try GraphQLInputObjectType(
                name: model.naming.typeName + "Filter", fields: { [unowned self] in self.filterFieldMaps[path] ?? [:] })
            filterTypes[path] = filter
            arrayFilterTypes[path] = try FilterTypes.arrayFilter(
                model.naming.typeName + "ArrayFilter", match: filter, arrayMode: common.filters.arrayMode)
        }
        let modelTypes = models.compactMap { objectTypes[$0.model.path] }
        let allModels = try GraphQLUnionType(
            name: "AllFragmentModels", resolveType: Resolve.typeName, types: modelTypes)
        let allReferences = try GraphQLUnionType(
            name: "Reference", resolveType: Resolve.typeName, types: common.referenceTypes + modelTypes)
        reference = allReferences
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
                    "item": Resolve.field(GraphQLNonNull(type)) { (result: ResultSource) in result.items.first },
                    "_references": references,
                ])
            let results = try readers.objectType(
                name: typeName + "Results",
                fields: [
                    "items": Resolve.field(GraphQLNonNull(GraphQLList(type))) { (result: ResultSource) in
                        Resolve.list(result.items)
                    },
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
                type: GraphQLNonNull(result),
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
                type: GraphQLNonNull(results),
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
                type: GraphQLNonNull(connection),
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
        readers.registerRoot(queryFields, on: SchemaRules.rootTypeName)
        let query = try GraphQLObjectType(name: SchemaRules.rootTypeName, fields: queryFields)
        let declared: [GraphQLNamedType] =
            [allModels, allReferences, common.date, common.time] + common.referenceTypes + common.filters.allTypes
            + models.compactMap { arrayFilterTypes[$0.model.path] }
        let schema = try GraphQLSchema(
            query: query, types: declared, directives: try SchemaRules.directives())
        let problems = validateSchema(schema: schema)
        guard problems.isEmpty else { throw SchemaBuildError(messages: problems.map { $0.message }) }
        // The root fields as GraphQLSwift runs them when ``SelectionExecutor`` completes the answer: nullable, as
        // their resolvers give GraphQLSwift null and keep the value for the executor (``RootValues``).
        let nullableRoot = try GraphQLObjectType(
            name: SchemaRules.rootTypeName,
            fields: queryFields.mapValues { field in
                GraphQLField(
                    type: (field.type as? GraphQLNonNull)?.ofType as? GraphQLOutputType ?? field.type,
                    args: field.args, resolve: field.resolve)
            })
        let rootsSchema = try GraphQLSchema(
            query: nullableRoot, types: declared, directives: try SchemaRules.directives())
        return ConfigurationSchema(
            configuration: configuration, schema: schema, rootsSchema: rootsSchema, readers: readers, builder: self)
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
            guard let reference else { throw SchemaBuildError(messages: ["Reference is built after the models"]) }
            return (
                reference,
                { node, value in
                    value.text.flatMap { index.referenceNode(at: $0, transform: node.transform) }
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

    /// The fields of `<Model>Filter`: `_logOp`, `_path`, `_variation`, the newer system fields
    /// (``SchemaRules/filteredNewerSystemFields``), each filterable field, and `_variations`.
    private func filterFields(_ model: ModelIndex) -> InputObjectFieldMap {
        let filters = common.filters
        var fields: InputObjectFieldMap = [
            "_logOp": InputObjectField(type: filters.logOp, defaultValue: .string("AND")),
            "_path": InputObjectField(type: filters.id),
            "_variation": InputObjectField(type: filters.string),
        ]
        for name in SchemaRules.filteredNewerSystemFields {
            fields[name] = InputObjectField(type: name == "_tags" ? filters.stringArray : filters.id)
        }
        for field in model.model.fields
        where ModelNaming.isValidFieldName(field.name) && fields[field.name] == nil
            && SchemaRules.isFilterable(field.kind)
        {
            if let type = filterType(of: field) { fields[field.name] = InputObjectField(type: type) }
        }
        fields["_variations"] = InputObjectField(type: filters.stringArray)
        return fields
    }

    /// The filter of a model field: its scalar's filter, or its array filter when it is multi-valued.
    private func filterType(of field: ModelField) -> GraphQLInputObjectType? {
        let filters = common.filters
        let isMultiple = field.isMultiple
        func scalar(_ name: String) -> GraphQLInputObjectType? {
            isMultiple ? filters.array[name] : filters.single[name]
        }
        switch field.kind {
        case .text, .enumeration: return scalar("String")
        case .tags: return filters.stringArray
        case .richText: return isMultiple ? filters.multiFormatStringArray : filters.multiFormatString
        case .integer: return scalar("Int")
        case .float: return scalar("Float")
        case .boolean: return scalar("Boolean")
        case .date: return scalar("Calendar")
        case .contentReference, .json: return nil
        case .fragmentReference(let allowed):
            guard allowed.count == 1 else { return nil }
            return isMultiple ? arrayFilterTypes[allowed[0]] : filterTypes[allowed[0]]
        }
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
    /// The same schema with nullable root fields, which GraphQLSwift runs when ``SelectionExecutor`` completes the
    /// answer (its resolvers give GraphQLSwift null; a non-null root field that fails still nulls the data there).
    let rootsSchema: GraphQLSchema
    /// The readers of its object fields, for ``SelectionExecutor``.
    let readers: FieldReaders
    /// Keeps the type builder, whose field maps the model types read lazily, alive with the schema.
    private let builder: SchemaBuilder

    fileprivate init(
        configuration: String, schema: GraphQLSchema, rootsSchema: GraphQLSchema, readers: FieldReaders,
        builder: SchemaBuilder
    ) {
        self.configuration = configuration
        self.schema = schema
        self.rootsSchema = rootsSchema
        self.readers = readers
        self.builder = builder
    }
}
