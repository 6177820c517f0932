import Foundation

/// One generated Swift file: its name (`AdventuresAllQuery.swift`, `WkndSharedSchema.SortOrder.swift`) and its text.
public struct GeneratedFile: Sendable, Hashable {
    public var name: String
    public var contents: String

    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }

    /// Writes the file into `directory` (created when missing) unless it already holds the same
    /// bytes, so that unchanged files keep their dates and do not make builds start again. The
    /// file is replaced atomically: a reader sees the old text or the new, never part of one.
    ///
    /// - Returns: whether the file was written.
    @discardableResult
    public func write(into directory: URL) throws -> Bool {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        let bytes = Data(contents.utf8)
        if let existing = try? Data(contentsOf: url), existing == bytes { return false }
        try bytes.write(to: url, options: .atomic)
        return true
    }
}
