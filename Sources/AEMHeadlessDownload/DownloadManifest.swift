import AEMHeadless
import Foundation

/// The records of the files downloaded to one folder, kept in a small JSON file in that folder so
/// that the next run can ask the server whether each file changed.
///
/// A missing or unreadable file starts an empty manifest (everything is downloaded again).
/// Changes are kept in memory until `save()` writes them, atomically: call it when a run ends,
/// however it ends, so that the next run knows what this one completed.
///
/// Records of files on the AEM origin hold the path only (see `DownloadRecord.url`); the
/// manifest keeps the name of the service they came from, and drops them when it is read for
/// another service.
public actor DownloadManifest {
    /// The manifest's file name: hidden, beside the downloaded files.
    public static let defaultFileName = ".aem-downloads.json"

    /// The manifest file.
    public nonisolated let file: URL
    /// The service the records' paths belong to.
    public nonisolated let origin: String
    private var records: [String: DownloadRecord]
    private var hasChanges = false

    /// Reads the manifest in `directory`, keeping the records that apply to `origin`; empty when missing or unreadable.
    ///
    /// - Parameters:
    ///   - directory: the folder whose files the manifest records.
    ///   - origin: names the AEM service whose files are recorded by path: its origin
    ///     (`https://publish-p1-e2.adobeaemcloud.com`), or a stable name for a service whose origin
    ///     changes from run to run with the same content (a local emulator on a free port).
    ///   - fileName: the manifest's file name in `directory`.
    public init(directory: URL, origin: String, fileName: String = defaultFileName) {
        file = directory.appendingPathComponent(fileName, isDirectory: false)
        self.origin = origin
        let stored = (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode(Stored.self, from: $0) }
        if let stored, stored.origin == origin {
            records = stored.files
        } else {
            // Another service's paths mean nothing here; absolute URLs still do.
            records = (stored?.files ?? [:]).filter { !$0.value.url.hasPrefix("/") }
        }
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
    ///
    /// The folder is flushed to disk first, so that after a crash the manifest never records a
    /// file whose rename was lost, and again after the manifest's own rename.
    public func save() async throws {
        guard hasChanges else { return }
        hasChanges = false
        let directory = file.deletingLastPathComponent()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(Stored(origin: origin, files: records))
        } catch {
            hasChanges = true
            throw DownloadFileError(
                path: file.path, message: "Cannot encode \(file.path): \(error.localizedDescription)")
        }
        let partial: PartialFile
        do {
            try DiskFlush.directory(directory)
            partial = try PartialFile(in: directory, for: file.lastPathComponent)
        } catch {
            hasChanges = true
            throw error
        }
        do {
            try partial.append(data)
            try await partial.commit(as: file)
            try DiskFlush.directory(directory)
        } catch {
            partial.remove()
            hasChanges = true
            throw error
        }
    }

    /// The file's layout, versioned for later changes.
    private struct Stored: Codable {
        var version = 2
        /// The service that paths in `files` belong to; nil in the first version.
        var origin: String?
        var files: [String: DownloadRecord]
    }
}
