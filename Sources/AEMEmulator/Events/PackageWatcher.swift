import Foundation

/// Watches a content package on disk and serves each saved change (`wknd serve --watch`): every `interval` it looks
/// at the names, sizes and modification times of the package's files; when any differs, it loads the package again
/// and replaces the live content with it, which records the changes in the journal. A package that no longer loads
/// keeps the last good content served, and says why.
public struct PackageWatcher: Sendable {
    /// What one look found.
    public enum Outcome: Sendable {
        /// The package was loaded again and served; the events recorded.
        case reloaded([JournalEntry])
        /// The package changed but does not load: the last good content is still served.
        case failed(any Error)
    }

    public let jcrRoot: URL
    public let interval: Duration

    public init(jcrRoot: URL, interval: Duration = .milliseconds(300)) {
        self.jcrRoot = jcrRoot
        self.interval = interval
    }

    /// Watches until the task is cancelled, replacing `live`'s content on each change and telling `report`.
    public func run(_ live: EmulatorLiveContent, report: @Sendable (Outcome) -> Void) async {
        var seen = fingerprint()
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: interval)
            } catch {
                return
            }
            let now = fingerprint()
            guard now != seen else { continue }
            seen = now
            do {
                let content = try EmulatorContent.load(jcrRoot: jcrRoot)
                report(.reloaded(live.replace(with: content)))
            } catch {
                report(.failed(error))
            }
        }
    }

    /// The package's files with their sizes and modification times.
    func fingerprint() -> [String: [Double]] {
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey, .isRegularFileKey]
        var files: [String: [Double]] = [:]
        guard let walk = FileManager.default.enumerator(at: jcrRoot, includingPropertiesForKeys: keys) else {
            return files
        }
        for case let url as URL in walk {
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else {
                continue
            }
            files[url.path] = [
                values.contentModificationDate?.timeIntervalSince1970 ?? 0, Double(values.fileSize ?? 0),
            ]
        }
        return files
    }
}
