import AEMHeadless
import Foundation

/// One generated Swift file: its name (`AdventuresAllQuery.swift`) and its text.
public struct GeneratedFile: Sendable, Hashable {
    public var name: String
    public var contents: String

    /// The file for `input`, generated.
    ///
    /// - Throws: `CodegenError` as `ModelGenerator.swiftSource(for:)` does.
    public init(for input: CodegenInput) throws(CodegenError) {
        name = ModelGenerator.namespaceName(input.queryName) + ".swift"
        contents = try ModelGenerator.swiftSource(for: input)
    }

    /// Writes the file into `directory` (created when missing) unless it already holds the same
    /// bytes, so that unchanged files keep their dates and do not make builds start again. The
    /// file is replaced atomically and durably (`PartialFile.write`).
    ///
    /// - Returns: whether the file was written.
    @discardableResult
    public func write(into directory: URL) throws -> Bool {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        let bytes = Data(contents.utf8)
        if let existing = try? Data(contentsOf: url), existing == bytes { return false }
        // Readable by all, less the umask, as `Data.write(to:options: .atomic)` makes files.
        try PartialFile.write(bytes, to: url, permissions: 0o666)
        return true
    }
}
