import Foundation

/// Watches a content package on disk and serves each saved change (`wknd serve --watch`): it looks at the names,
/// sizes and modification times of the package's files; when any differs, it reads again only the folders of the
/// fragments and assets whose files changed (``AssetFolderReload``), or the whole package when a model, a stored query
/// or a folder's description changed, and replaces the live content, which records the changes in the journal. A
/// package that no longer loads keeps the last good content served, and says why.
///
/// Where the system notifies changes to files (inotify on Linux, within its limit of watched folders), a save is seen
/// as it happens. Elsewhere it looks every `interval`, or less often on a package so large that looking takes longer:
/// the pause is at least twice the time the last look took, so that watching never takes more than a third of a core.
public struct PackageWatcher: Sendable {
    /// What one look found.
    public enum Outcome: Sendable {
        /// The package was read again and served; the events recorded.
        case reloaded([JournalEntry])
        /// The package changed but does not load: the last good content is still served.
        case failed(any Error)
    }

    public let jcrRoot: URL
    public let interval: Duration
    /// Whether the system's notifications are used where there are any; false always looks every `interval`.
    var usesNotifications = true

    public init(jcrRoot: URL, interval: Duration = .milliseconds(300)) {
        self.jcrRoot = jcrRoot
        self.interval = interval
    }

    /// Watches until the task is cancelled, replacing `live`'s content on each change and telling `report`.
    /// - Parameters:
    ///   - content: what `live` serves now, when it was loaded from this package: the base that changes are applied to
    ///     one folder at a time; nil loads the whole package at the first change.
    ///   - watching: called once, when the watcher knows the package as it is now: every save after it is served.
    public func run(
        _ live: EmulatorLiveContent, serving content: EmulatorContent? = nil, watching: () -> Void = {},
        report: @Sendable (Outcome) -> Void
    ) async {
        if usesNotifications, let notifications = FolderNotifications(root: jcrRoot.standardizedFileURL.path) {
            watching()
            await follow(notifications, live, serving: content, report: report)
        } else {
            await poll(live, serving: content, watching: watching, report: report)
        }
    }

    /// Applies the changes the system notifies.
    private func follow(
        _ notifications: FolderNotifications, _ live: EmulatorLiveContent, serving content: EmulatorContent?,
        report: @Sendable (Outcome) -> Void
    ) async {
        var notifications = notifications
        var current = content
        // Notifications are awaited off the concurrency pool's few threads.
        let queue = DispatchQueue(label: "PackageWatcher")
        while !Task.isCancelled {
            let waiting = notifications
            let changes = await withCheckedContinuation { continuation in
                queue.async { continuation.resume(returning: waiting.changes(within: interval)) }
            }
            let changed: Set<String>
            switch changes {
            case .none:
                continue
            case .files(let files):
                changed = files
            case .unknown:
                // Watch the folders as they are now, and read the whole package.
                guard let renewed = FolderNotifications(root: jcrRoot.standardizedFileURL.path) else {
                    return await poll(live, serving: nil, report: report)
                }
                notifications = renewed
                current = nil
                changed = []
            }
            serve(changed, on: &current, live, report: report)
        }
    }

    /// Looks at the package's files every so often.
    private func poll(
        _ live: EmulatorLiveContent, serving content: EmulatorContent?, watching: () -> Void = {},
        report: @Sendable (Outcome) -> Void
    ) async {
        let clock = ContinuousClock()
        var started = clock.now
        var seen = fingerprint()
        watching()
        var current = content
        while !Task.isCancelled {
            let pause = max(interval, (clock.now - started) * 2)
            do {
                try await Task.sleep(for: pause)
            } catch {
                return
            }
            started = clock.now
            let now = fingerprint()
            guard now != seen else { continue }
            let changed = Self.changedFiles(seen, now)
            seen = now
            serve(changed, on: &current, live, report: report)
        }
    }

    /// Serves the content after `changed` files and reports it. When it does not load, nothing is left to build on:
    /// the next change reads the whole package again.
    private func serve(
        _ changed: Set<String>, on current: inout EmulatorContent?, _ live: EmulatorLiveContent,
        report: @Sendable (Outcome) -> Void
    ) {
        do {
            let (next, paths) = try reload(changed, from: current)
            current = next
            report(.reloaded(live.replace(with: next, changedPaths: paths)))
        } catch {
            current = nil
            report(.failed(error))
        }
    }

    /// The content after `changed` files: `current` with their folders read again where that is possible (with the
    /// repository paths of those folders), else the whole package (with nil paths).
    func reload(_ changed: Set<String>, from current: EmulatorContent?) throws -> (
        content: EmulatorContent, changedPaths: Set<String>?
    ) {
        if let current, let patched = try AssetFolderReload.apply(changed, jcrRoot: jcrRoot, to: current.repository) {
            return (EmulatorContent(repository: patched.repository), patched.paths)
        }
        return (try EmulatorContent.load(jcrRoot: jcrRoot), nil)
    }

    /// The files whose stamp differs between two looks, or that only one of them saw.
    static func changedFiles(_ before: [String: FileStamp], _ after: [String: FileStamp]) -> Set<String> {
        var changed = Set<String>()
        for (file, stamp) in after where before[file] != stamp { changed.insert(file) }
        for file in before.keys where after[file] == nil { changed.insert(file) }
        return changed
    }

    /// The package's files with their sizes and modification times (`readdir` and `lstat`; links are not followed).
    func fingerprint() -> [String: FileStamp] {
        var files: [String: FileStamp] = [:]
        var folders = [jcrRoot.standardizedFileURL.path]
        while let folder = folders.popLast() {
            guard let entries = try? DirectoryEntry.list(folder) else { continue }
            for entry in entries {
                let path = folder + "/" + entry.name
                switch entry.kind {
                case .directory: folders.append(path)
                case .file: if let stamp = FileStamp(atPath: path) { files[path] = stamp }
                case .other: continue
                }
            }
        }
        return files
    }
}
