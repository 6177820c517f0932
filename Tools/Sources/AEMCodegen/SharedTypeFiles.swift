/// The files of a configuration's shared types: `<Namespace>.swift` declaring the namespace enum, and one file a
/// type, `<Namespace>.<Type>.swift`, extending it with an enum, an input object or a fragment's struct. A type's
/// file depends on the schema (or the fragment's text) only, so generating some of the queries writes the same bytes
/// for the types they use and leaves the others' files alone.
enum SharedTypeFiles {
    static func files(of types: SchemaTypes) -> [GeneratedFile] {
        let access = types.options.accessLevel == .public ? "public " : ""
        let renderer = SwiftRenderer(access: access, previews: types.options.previews)
        var files = [namespaceFile(of: types, access: access)]
        for declaration in types.enums.values {
            files.append(
                file(declaration.name, source: "enum \(declaration.graphQLName)", types: types) { writer in
                    renderer.enumeration(declaration, into: &writer)
                })
        }
        for declaration in types.inputs.values {
            files.append(
                file(declaration.name, source: "input \(declaration.graphQLName)", types: types) { writer in
                    renderer.input(declaration, into: &writer)
                })
        }
        for (name, fragment) in types.fragments {
            let source = "fragment \(name) (text fnv1a64 \(Fingerprint.of(fragment.text)))"
            files.append(
                file(fragment.declaration.name, source: source, types: types) { writer in
                    writer.doc("The fragment `\(name)`:\n\n```graphql\n\(fragment.text)\n```")
                    renderer.structure(fragment.declaration, into: &writer)
                })
        }
        return files.sorted { $0.name < $1.name }
    }

    private static func namespaceFile(of types: SchemaTypes, access: String) -> GeneratedFile {
        var writer = SourceWriter()
        GeneratedHeader.write(source: "namespace of the shared types", types: types, into: &writer)
        let configuration = types.configuration.isEmpty ? "" : " `\(types.configuration)`"
        writer.doc(
            "The types the persisted queries of the configuration\(configuration) share: the GraphQL enums and input "
                + "objects they use, and a struct per named fragment.")
        writer.line("\(access)enum \(types.namespace) {}")
        return GeneratedFile(name: types.namespace + ".swift", contents: writer.text)
    }

    private static func file(
        _ typeName: String, source: String, types: SchemaTypes, body: (inout SourceWriter) -> Void
    ) -> GeneratedFile {
        var writer = SourceWriter()
        GeneratedHeader.write(source: "shared " + source, types: types, into: &writer)
        writer.block("extension \(types.namespace)") { writer in body(&writer) }
        return GeneratedFile(name: "\(types.namespace).\(typeName).swift", contents: writer.text)
    }
}
