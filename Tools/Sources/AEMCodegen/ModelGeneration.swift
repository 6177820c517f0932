/// One run of the generator over persisted queries of one or more configurations: a file per query, and the files
/// of the types each configuration's queries share (enums, input objects, named fragments), generated once.
///
/// ```swift
/// var generation = ModelGeneration(options: CodegenOptions(previews: true))
/// for input in inputs { try generation.file(for: input).write(into: folder) }
/// for file in generation.sharedFiles() { try file.write(into: folder) }
/// ```
public struct ModelGeneration {
    public let options: CodegenOptions
    /// Each configuration's shared types, by configuration.
    private var configurations: [String: SchemaTypes] = [:]

    public init(options: CodegenOptions = CodegenOptions()) {
        self.options = options
    }

    /// The file of `input`'s query; the types it uses are kept for `sharedFiles()`.
    ///
    /// - Throws: `CodegenError` when the schema or the query does not parse, the query does not validate against the
    ///   schema, holds more than one operation or is not a query, the configuration came with another schema before,
    ///   or a fragment of the query is defined differently by an earlier query of the configuration.
    public mutating func file(for input: CodegenInput) throws(CodegenError) -> GeneratedFile {
        let types = try schemaTypes(for: input)
        return GeneratedFile(
            name: ModelGenerator.namespaceName(input.queryName) + ".swift",
            contents: try ModelGenerator.swiftSource(for: input, types: types))
    }

    /// The files of the types the queries given so far share: per configuration, its namespace's file and a file a
    /// type, sorted by name.
    public func sharedFiles() -> [GeneratedFile] {
        configurations.sorted { $0.key < $1.key }.flatMap { SharedTypeFiles.files(of: $0.value) }
    }

    /// Every file of `inputs`: each query's, then the shared ones.
    public static func files(for inputs: [CodegenInput], options: CodegenOptions = CodegenOptions())
        throws(CodegenError) -> [GeneratedFile]
    {
        var generation = ModelGeneration(options: options)
        var files: [GeneratedFile] = []
        for input in inputs { files.append(try generation.file(for: input)) }
        return files + generation.sharedFiles()
    }

    private mutating func schemaTypes(for input: CodegenInput) throws(CodegenError) -> SchemaTypes {
        let fingerprint = Fingerprint.of(input.schema)
        if let known = configurations[input.configuration] {
            guard known.schemaFingerprint == fingerprint else {
                throw CodegenError(
                    subject: .schema, sourceName: ModelGenerator.schemaName(input),
                    problems: [
                        .init(message: "Another schema came for this configuration earlier in the same run.")
                    ])
            }
            return known
        }
        let types = SchemaTypes(
            configuration: input.configuration, schema: try ModelGenerator.buildSchema(input), sdl: input.schema,
            options: options)
        configurations[input.configuration] = types
        return types
    }
}
