import Foundation
import GraphQL
import OrderedCollections

/// The types every configuration's schema shares (aem-platform.md §2): the `Calendar`, `Date`, `Time` and `Json`
/// scalars, `MultiFormatString`, the reference types (``ReferenceTypes``), `AssetTransform`, `ModelInfo`,
/// `TypedMetaData` (``MetadataType``), the filters (``FilterTypes``), and `PageInfo`. One instance per schema:
/// GraphQL wants each named type once.
struct CommonTypes {
    let calendar: GraphQLScalarType
    let date: GraphQLScalarType
    let time: GraphQLScalarType
    let json: GraphQLScalarType
    let multiFormatString: GraphQLObjectType
    /// `PageRef`, `ImageRef`, `MultimediaRef`, `ArchiveRef`, `DocumentRef`: the first members of `Reference`.
    let referenceTypes: [GraphQLObjectType]
    let assetTransform: GraphQLInputObjectType
    let modelInfo: GraphQLObjectType
    let metadata: GraphQLObjectType
    let pageInfo: GraphQLObjectType
    let filters: FilterTypes

    init(index: ContentIndex, readers: FieldReaders) throws {
        @Sendable func text(_ value: Any) -> Map {
            if let map = value as? Map { return map }
            return .string(String(describing: value))
        }
        calendar = try GraphQLScalarType(
            name: "Calendar", description: "A date, a time or both, in ISO 8601 (`2022-06-02T11:19:41.017-07:00`).",
            serialize: text)
        date = try GraphQLScalarType(name: "Date", description: "A date in ISO 8601 (`2022-06-02`).", serialize: text)
        time = try GraphQLScalarType(name: "Time", description: "A time in ISO 8601 (`11:19:41`).", serialize: text)
        json = try GraphQLScalarType(
            name: "Json", description: "Any JSON value.",
            serialize: { value in
                if let map = value as? Map { return map }
                if let text = value as? String { return JSONMap.parse(text) ?? .string(text) }
                return .null
            })
        multiFormatString = try Self.multiFormatString(index: index, json: json, readers: readers)
        referenceTypes = try ReferenceTypes.make(index: index, readers: readers)
        assetTransform = try Self.assetTransform()
        modelInfo = try readers.objectType(
            name: "ModelInfo",
            fields: [
                "_path": Resolve.field(GraphQLID) { (model: FragmentModel) in model.path },
                "title": Resolve.field(GraphQLString) { (model: FragmentModel) in model.title },
            ])
        metadata = try MetadataType.make(calendar: calendar, readers: readers)
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
        filters = try FilterTypes(scalars: [
            "String": GraphQLString, "ID": GraphQLID, "Int": GraphQLInt, "Float": GraphQLFloat,
            "Boolean": GraphQLBoolean, "Calendar": calendar, "Date": date, "Time": time,
        ])
    }

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
}

/// The source of `PageInfo`.
struct PageInfoSource: Sendable {
    let startCursor: String?
    let endCursor: String?
    let hasNextPage: Bool
    let hasPreviousPage: Bool
}
