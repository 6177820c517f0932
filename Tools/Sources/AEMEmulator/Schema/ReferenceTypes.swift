import GraphQL

/// The object types a content reference resolves to, as AEM declares them (``SchemaRules/referenceTypeNames``): each
/// has `type`, `_path`, `_authorUrl` and `_publishUrl`; `ImageRef` adds `_dynamicUrl`, `width`, `height` and
/// `mimeType`, `DocumentRef` `size`, `author` and `format`, `MultimediaRef` and `ArchiveRef` `size` and `format`.
enum ReferenceTypes {
    /// The five types, in the order of ``SchemaRules/referenceTypeNames``.
    static func make(index: ContentIndex, readers: FieldReaders) throws -> [GraphQLObjectType] {
        let settings = index.settings
        @Sendable func url(_ base: String, _ path: String) -> String {
            (base.hasSuffix("/") ? String(base.dropLast()) : base) + PathEncoding.path(path)
        }
        func common(_ typeName: String) -> ReadableFieldMap {
            let kind = SchemaRules.referenceKind(typeName: typeName)
            return [
                "type": Resolve.field(GraphQLString) { (_: any ReferenceNode) in kind },
                "_path": Resolve.field(GraphQLID) { (node: any ReferenceNode) in node.path },
                "_authorUrl": Resolve.field(GraphQLString) { (node: any ReferenceNode) in
                    url(settings.authorBaseURL, node.path)
                },
                "_publishUrl": Resolve.field(GraphQLString) { (node: any ReferenceNode) in
                    url(settings.publishBaseURL, node.path)
                },
            ]
        }
        let size = Resolve.field(GraphQLInt) { (node: AssetNode) in node.asset.size }
        let format = Resolve.field(GraphQLString) { (node: AssetNode) in node.asset.mimeType }
        var types: [GraphQLObjectType] = []
        for name in SchemaRules.referenceTypeNames {
            var fields = common(name)
            if name == SchemaRules.dynamicURLTypeName {
                fields["_dynamicUrl"] = Resolve.field(GraphQLString) { (node: AssetNode) in
                    guard settings.dynamicURLs else { return nil }
                    return AssetTransformation.dynamicURL(
                        for: node.asset, transform: node.transform, base: settings.dynamicURLBase)
                }
            }
            switch name {
            case "ImageRef":
                fields["width"] = Resolve.field(GraphQLInt) { (node: AssetNode) in node.asset.width }
                fields["height"] = Resolve.field(GraphQLInt) { (node: AssetNode) in node.asset.height }
                fields["mimeType"] = Resolve.field(GraphQLString) { (node: AssetNode) in node.asset.mimeType }
            case "DocumentRef":
                fields["size"] = size
                fields["author"] = Resolve.field(GraphQLString) { (node: AssetNode) in node.asset.author }
                fields["format"] = format
            case "MultimediaRef", "ArchiveRef":
                fields["size"] = size
                fields["format"] = format
            default:
                break
            }
            types.append(try readers.objectType(name: name, fields: fields))
        }
        return types
    }
}
