import Foundation

/// The records of the files downloaded to one folder, kept in a small JSON file in that folder so
/// that the next run can ask the server whether each file changed.
///
/// A missing or unreadable file starts an empty manifest (everything is downloaded again). Each
/// change is saved at once, atomically, so an interrupted run keeps what it completed.
public actor DownloadManifest {
    /// The manifest's file name: hidden, beside the downloaded files.
    public static let defaultFileName = ".aem-downloads.json"

    /// The manifest file.
    public nonisolated let file: URL
    private var records: [String: DownloadRecord]

    public init(directory: URL, fileName: String = defaultFileName) {
        file = directory.appendingPathComponent(fileName, isDirectory: false)
        records = (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode(Stored.self, from: $0) }?.files ?? [:]
    }

    /// The record of the file named `name`, if any.
    public func record(for name: SafeFileName) -> DownloadRecord? {
        records[name.rawValue]
    }

    /// Keeps `record` for `name` and saves the manifest.
    public func set(_ record: DownloadRecord, for name: SafeFileName) throws {
        guard records[name.rawValue] != record else { return }
        records[name.rawValue] = record
        try save()
    }

    private func save() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(Stored(files: records))
        } catch {
            throw DownloadFileError(path: file.path, message: "Cannot encode \(file.path): \(error.localizedDescription)")
        }
        let partial = try PartialFile(in: file.deletingLastPathComponent(), for: file.lastPathComponent)
        do {
            try partial.append(data)
            try partial.commit(as: file)
        } catch {
            partial.remove()
            throw error
        }
    }

    /// The file's layout, versioned for later changes.
    private struct Stored: Codable {
        var version = 1
        var files: [String: DownloadRecord]
    }
}
