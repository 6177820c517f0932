import Foundation

/// The generated files of queries and shared types that are no longer generated: files in an output folder that carry
/// the generator's header, for a configuration generated again, under a name not written this time. Nothing else is
/// touched: not sub-folders, not files without the header, not other configurations'.
public enum StaleFiles {
    /// Removes the stale files of `configurations` from `directory`, keeping `generated` (file names).
    /// - Returns: the names of the files removed, sorted.
    public static func remove(
        from directory: URL, keeping generated: Set<String>, configurations: Set<String>
    ) throws -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var removed: [String] = []
        for name in names.sorted() where name.hasSuffix(".swift") && !generated.contains(name) {
            let url = directory.appendingPathComponent(name)
            guard let configuration = configuration(ofGeneratedFile: url), configurations.contains(configuration)
            else { continue }
            try FileManager.default.removeItem(at: url)
            removed.append(name)
        }
        return removed
    }

    /// The configuration whose schema a generated file follows; nil for any other file.
    static func configuration(ofGeneratedFile url: URL) -> String? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 1024) else { return nil }
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\n", maxSplits: 4)
        guard lines.first?.hasPrefix(GeneratedHeader.marker) == true,
            let schemaLine = lines.first(where: { $0.hasPrefix(GeneratedHeader.schemaLinePrefix) })
        else { return nil }
        let configuration = schemaLine.dropFirst(GeneratedHeader.schemaLinePrefix.count).prefix { $0 != " " }
        return configuration.isEmpty ? nil : String(configuration)
    }
}
