import Foundation

/// The records of the files downloaded to one folder, kept in a small JSON file in that folder so
/// that the next run can ask the server whether each file changed.
///
/// A missing or unreadable file starts an empty manifest (everything is downloaded again).
/// Changes are kept in memory until `save()` writes them, atomically: call it when a run ends,
/// however it ends, so that the next run knows what this one completed.
public actor DownloadManifest {
    /// The manifest's file name: hidden, beside the downloaded files.
    public static let defaultFileName = ".aem-downloads.json"

    /// The manifest file.
    public nonisolated let file: URL
    private var records: [String: DownloadRecord]
    private var hasChanges = false

    public init(directory: URL, fileName: String = defaultFileName) {
        file = directory.appendingPathComponent(fileName, isDirectory: false)
        records = (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode(Stored.self, from: $0) }?.files ?? [:]
    }

    /// The record of the file named `name`, if any.
    public func record(for name: SafeFileName) -> DownloadRecord? {
        records[name.rawValue]
    }

    /// Keeps `record` for `name`, to be written by `save()`.
    public func set(_ record: DownloadRecord, for name: SafeFileName) {
        guard records[name.rawValue] != record else { return }
        records[name.rawValue] = record
        hasChanges = true
    }

    /// Writes the manifest when anything changed since it was read or last saved.
    public func save() async throws {
        guard hasChanges else { return }
        hasChanges = false
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(Stored(files: records))
        } catch {
            hasChanges = true
            throw DownloadFileError(path: file.path, message: "Cannot encode \(file.path): \(error.localizedDescription)")
        }
        let partial: PartialFile
        do {
            partial = try PartialFile(in: file.deletingLastPathComponent(), for: file.lastPathComponent)
        } catch {
            hasChanges = true
            throw error
        }
        do {
            try partial.append(data)
            try await partial.commit(as: file)
        } catch {
            partial.remove()
            hasChanges = true
            throw error
        }
    }

    /// The file's layout, versioned for later changes.
    private struct Stored: Codable {
        var version = 1
        var files: [String: DownloadRecord]
    }
}
