import Foundation
import GraphQL
import OrderedCollections

/// The types every configuration's schema shares (aem-platform.md §2): the `Calendar` and `Json` scalars,
/// `MultiFormatString`, the asset references (`ImageRef`, `DocumentRef`, `MultimediaRef`), `AssetTransform`, the
/// field filters and their operators, and `PageInfo`. One instance per schema: GraphQL wants each named type once.
struct CommonTypes {
    let calendar: GraphQLScalarType
    let json: GraphQLScalarType
    let multiFormatString: GraphQLObjectType
    let imageRef: GraphQLObjectType
    let documentRef: GraphQLObjectType
    let multimediaRef: GraphQLObjectType
    /// The union of the three asset references, the type of a content-reference field.
    let reference: GraphQLUnionType
    let assetTransform: GraphQLInputObjectType
    let modelInfo: GraphQLObjectType
    let metadata: GraphQLObjectType
    let pageInfo: GraphQLObjectType
    let logOp: GraphQLEnumType
    let stringFilter: GraphQLInputObjectType
    let intFilter: GraphQLInputObjectType
    let floatFilter: GraphQLInputObjectType
    let booleanFilter: GraphQLInputObjectType
    let calendarFilter: GraphQLInputObjectType

    init(index: ContentIndex, readers: FieldReaders) throws {
        calendar = try GraphQLScalarType(
            name: "Calendar", description: "A date, a time or both, in ISO 8601 (`2022-06-02T11:19:41.017-07:00`).",
            serialize: { value in
                if let map = value as? Map { return map }
                return .string(String(describing: value))
            })
        json = try GraphQLScalarType(
            name: "Json", description: "Any JSON value.",
            serialize: { value in
                if let map = value as? Map { return map }
                if let text = value as? String { return JSONMap.parse(text) ?? .string(text) }
                return .null
            })
        multiFormatString = try Self.multiFormatString(index: index, json: json, readers: readers)

        let settings = index.settings
        @Sendable func url(_ base: String, _ path: String) -> String {
            (base.hasSuffix("/") ? String(base.dropLast()) : base) + PathEncoding.path(path)
        }
        func assetFields(dynamicURL: Bool, dimensions: Bool) -> ReadableFieldMap {
            var fields: ReadableFieldMap = [
                "_path": Resolve.field(GraphQLID) { (node: AssetNode) in node.asset.path },
                "_authorUrl": Resolve.field(GraphQLString) { (node: AssetNode) in
                    url(settings.authorBaseURL, node.asset.path)
                },
                "_publishUrl": Resolve.field(GraphQLString) { (node: AssetNode) in
                    url(settings.publishBaseURL, node.asset.path)
                },
            ]
            if dynamicURL {
                fields["_dynamicUrl"] = Resolve.field(GraphQLString) { (node: AssetNode) in
                    guard settings.dynamicURLs else { return nil }
                    return AssetTransformation.dynamicURL(
                        for: node.asset, transform: node.transform, base: settings.dynamicURLBase)
                }
            }
            fields["mimeType"] = Resolve.field(GraphQLString) { (node: AssetNode) in node.asset.mimeType }
            if dimensions {
                fields["width"] = Resolve.field(GraphQLInt) { (node: AssetNode) in node.asset.width }
                fields["height"] = Resolve.field(GraphQLInt) { (node: AssetNode) in node.asset.height }
            }
            return fields
        }
        imageRef = try readers.objectType(name: "ImageRef", fields: assetFields(dynamicURL: true, dimensions: true))
        documentRef = try readers.objectType(
            name: "DocumentRef", fields: assetFields(dynamicURL: false, dimensions: false))
        multimediaRef = try readers.objectType(
            name: "MultimediaRef", fields: assetFields(dynamicURL: false, dimensions: false))
        reference = try GraphQLUnionType(
            name: "Reference", resolveType: Resolve.typeName, types: [imageRef, documentRef, multimediaRef])

        assetTransform = try Self.assetTransform()
        modelInfo = try readers.objectType(
            name: "ModelInfo",
            fields: [
                "_path": Resolve.field(GraphQLID) { (model: FragmentModel) in model.path },
                "title": Resolve.field(GraphQLString) { (model: FragmentModel) in model.title },
            ])
        metadata = try Self.metadata(readers: readers)
        pageInfo = try readers.objectType(
            name: "PageInfo",
            fields: [
                "endCursor": Resolve.field(GraphQLString) { (page: PageInfoSource) in page.endCursor },
                "hasNextPage": Resolve.field(GraphQLNonNull(GraphQLBoolean)) { (page: PageInfoSource) in
                    page.hasNextPage
                },
                "hasPreviousPage": Resolve.field(GraphQLNonNull(GraphQLBoolean)) { (page: PageInfoSource) in
                    page.hasPreviousPage
                },
                "startCursor": Resolve.field(GraphQLString) { (page: PageInfoSource) in page.startCursor },
            ])

        let logOperation = try Self.enumeration("LogOp", ["AND", "OR"])
        logOp = logOperation
        let arrayMode = try Self.enumeration("ArrayMode", ["ALL", "ALL_OR_EMPTY", "AT_LEAST_ONCE", "INSTANCES"])
        let stringOperator = try Self.enumeration(
            "StringOperator", ["EQUALS", "EQUALS_NOT", "CONTAINS", "CONTAINS_NOT", "STARTS_WITH", "ENDS_WITH"])
        let numberOperators = ["EQUALS", "EQUALS_NOT", "GREATER", "GREATER_EQUAL", "LOWER", "LOWER_EQUAL"]
        let intOperator = try Self.enumeration("IntOperator", numberOperators)
        let floatOperator = try Self.enumeration("FloatOperator", numberOperators)
        let booleanOperator = try Self.enumeration("BooleanOperator", ["EQUALS", "EQUALS_NOT"])
        let calendarOperator = try Self.enumeration(
            "CalendarOperator",
            ["EQUALS", "EQUALS_NOT", "AT", "NOT_AT", "BEFORE", "AT_OR_BEFORE", "AFTER", "AT_OR_AFTER"])
        func filter(_ name: String, value: GraphQLInputType, operation: GraphQLEnumType, ignoreCase: Bool) throws
            -> GraphQLInputObjectType
        {
            var expressionFields: InputObjectFieldMap = [
                "value": InputObjectField(type: value),
                "values": InputObjectField(type: GraphQLList(value)),
                "_operator": InputObjectField(type: operation, defaultValue: .string("EQUALS")),
                "_apply": InputObjectField(type: arrayMode),
                "_instances": InputObjectField(type: GraphQLInt),
            ]
            if ignoreCase { expressionFields["_ignoreCase"] = InputObjectField(type: GraphQLBoolean) }
            let expression = try GraphQLInputObjectType(name: name + "Expression", fields: expressionFields)
            return try GraphQLInputObjectType(
                name: name,
                fields: [
                    "_logOp": InputObjectField(type: logOperation),
                    "_expressions": InputObjectField(type: GraphQLList(expression)),
                ])
        }
        stringFilter = try filter("StringFilter", value: GraphQLString, operation: stringOperator, ignoreCase: true)
        intFilter = try filter("IntFilter", value: GraphQLInt, operation: intOperator, ignoreCase: false)
        floatFilter = try filter("FloatFilter", value: GraphQLFloat, operation: floatOperator, ignoreCase: false)
        booleanFilter = try filter(
            "BooleanFilter", value: GraphQLBoolean, operation: booleanOperator, ignoreCase: false)
        calendarFilter = try filter("CalendarFilter", value: calendar, operation: calendarOperator, ignoreCase: false)
    }

    /// The asset types, for the unions that list them.
    var assetTypes: [GraphQLObjectType] { [imageRef, documentRef, multimediaRef] }

    static func enumeration(_ name: String, _ values: [String]) throws -> GraphQLEnumType {
        var map: GraphQLEnumValueMap = [:]
        for value in values { map[value] = GraphQLEnumValue(value: .string(value)) }
        return try GraphQLEnumType(name: name, values: map)
    }

    private static func multiFormatString(index: ContentIndex, json: GraphQLScalarType, readers: FieldReaders) throws
        -> GraphQLObjectType
    {
        try readers.objectType(
            name: "MultiFormatString",
            fields: [
                "html": Resolve.field(GraphQLString) { (value: RichTextValue) in value.html },
                "plaintext": Resolve.field(GraphQLString) { (value: RichTextValue) in
                    value.isHTML ? RichTextRenditions.plaintext(index.richText(html: value.text).nodes) : value.text
                },
                "markdown": Resolve.field(GraphQLString) { (value: RichTextValue) in
                    value.isHTML ? RichTextRenditions.markdown(index.richText(html: value.text).nodes) : value.text
                },
                "json": Resolve.field(json) { (value: RichTextValue) in
                    Map.array(index.richText(html: value.html).nodes.map(\.map))
                },
            ])
    }

    private static func assetTransform() throws -> GraphQLInputObjectType {
        let format = try enumeration(
            "AssetTransformFormat", ["GIF", "PNG", "PNG8", "JPG", "PJPG", "BJPG", "WEBP", "WEBPLL", "WEBPLY"])
        let rotation = try enumeration("AssetTransformRotation", ["R90", "R180", "R270"])
        let flip = try enumeration("AssetTransformFlip", ["HORIZONTAL", "VERTICAL", "HORIZONTAL_AND_VERTICAL"])
        let crop = try GraphQLInputObjectType(
            name: "AssetTransformCrop",
            fields: [
                "xOrigin": InputObjectField(type: GraphQLInt), "yOrigin": InputObjectField(type: GraphQLInt),
                "width": InputObjectField(type: GraphQLInt), "height": InputObjectField(type: GraphQLInt),
            ])
        let size = try GraphQLInputObjectType(
            name: "AssetTransformSize",
            fields: ["width": InputObjectField(type: GraphQLInt), "height": InputObjectField(type: GraphQLInt)])
        return try GraphQLInputObjectType(
            name: "AssetTransform",
            fields: [
                "format": InputObjectField(type: format),
                "seoName": InputObjectField(type: GraphQLString),
                "crop": InputObjectField(type: crop),
                "size": InputObjectField(type: size),
                "rotation": InputObjectField(type: rotation),
                "flip": InputObjectField(type: flip),
                "quality": InputObjectField(type: GraphQLInt),
                "width": InputObjectField(type: GraphQLInt),
                "preferWebp": InputObjectField(type: GraphQLBoolean),
            ])
    }

    /// `_metadata`: the fragment's title and description as `stringMetadata`, its tags as `stringArrayMetadata`.
    private static func metadata(readers: FieldReaders) throws -> GraphQLObjectType {
        func entry(_ name: String, _ value: GraphQLOutputType) throws -> GraphQLObjectType {
            try readers.objectType(
                name: name,
                fields: [
                    "name": Resolve.field(GraphQLString) { (entry: MetadataEntry) in entry.name },
                    "value": Resolve.field(value) { (entry: MetadataEntry) in entry.value },
                ])
        }
        let string = try entry("StringMetadata", GraphQLString)
        let stringArray = try entry("StringArrayMetadata", GraphQLList(GraphQLString))
        let int = try entry("IntMetadata", GraphQLInt)
        let float = try entry("FloatMetadata", GraphQLFloat)
        let boolean = try entry("BooleanMetadata", GraphQLBoolean)
        let calendar = try entry("CalendarMetadata", GraphQLString)
        func list(_ type: GraphQLObjectType, _ entries: @escaping @Sendable (ContentFragment) -> [MetadataEntry])
            -> ReadableField
        {
            Resolve.field(GraphQLList(type)) { (fragment: ContentFragment) in Resolve.list(entries(fragment)) }
        }
        return try readers.objectType(
            name: "MetadataMap",
            fields: [
                "stringMetadata": list(string) { fragment in
                    fragment.title.map { [MetadataEntry(name: "title", value: $0)] } ?? []
                },
                "stringArrayMetadata": list(stringArray) { fragment in
                    [MetadataEntry(name: "cq:tags", value: Resolve.list(fragment.tags))]
                },
                "intMetadata": list(int) { _ in [] },
                "floatMetadata": list(float) { _ in [] },
                "booleanMetadata": list(boolean) { _ in [] },
                "calendarMetadata": list(calendar) { fragment in
                    fragment.lastModified.map {
                        [MetadataEntry(name: "cq:lastModified", value: ISO8601DateFormatter().string(from: $0))]
                    } ?? []
                },
            ])
    }
}

/// One entry of `_metadata`.
struct MetadataEntry: Sendable {
    let name: String
    let value: (any Sendable)?
}

/// The source of `PageInfo`.
struct PageInfoSource: Sendable {
    let startCursor: String?
    let endCursor: String?
    let hasNextPage: Bool
    let hasPreviousPage: Bool
}
