import EmulatorTestSupport
import Foundation
import Testing

@testable import AEMEmulator

/// `wknd serve --watch`'s reloads: an edit of one fragment or asset reads its folder again, on the content already
/// loaded; a change outside such folders loads the whole package.
@Suite("PackageWatcher: reading again what changed")
struct PackageWatcherTests {
    /// A copy of the editorial package, removed after `body`.
    private func withPackageCopy(_ body: (URL) throws -> Void) throws {
        let fixture = try #require(Bundle.module.url(forResource: "Fixtures/editorial/jcr_root", withExtension: nil))
        try withTemporaryFolder("watch") { folder in
            let copy = folder.appendingPathComponent("jcr_root")
            try FileManager.default.copyItem(at: fixture, to: copy)
            try body(copy)
        }
    }

    private static let article = "/content/dam/editorial/articles/tea-houses"

    @Test func anEditedFragmentIsReadAloneAndGivesWhatAWholeLoadGives() throws {
        try withPackageCopy { root in
            let watcher = PackageWatcher(jcrRoot: root)
            let loaded = try EmulatorContent.load(jcrRoot: root)
            let before = watcher.fingerprint()
            let file = root.appendingPathComponent("content/dam/editorial/articles/tea-houses/.content.xml")
            let text = try String(contentsOf: file, encoding: .utf8)
            try text.replacingOccurrences(of: "title=\"Tea Houses\"", with: "title=\"Tea Rooms\"")
                .write(to: file, atomically: true, encoding: .utf8)
            let changed = PackageWatcher.changedFiles(before, watcher.fingerprint())
            #expect(changed == [file.standardizedFileURL.path])
            let reload = try #require(
                try AssetFolderReload.apply(changed, jcrRoot: root, to: loaded.repository))
            #expect(reload.paths == [Self.article])
            let patched = reload.repository
            let whole = try EmulatorContent.load(jcrRoot: root).repository
            #expect(patched.fragments[Self.article]?.master["title"] == .string("Tea Rooms"))
            #expect(
                patched.fragments[Self.article]?.hasSameContent(as: try #require(whole.fragments[Self.article])) == true
            )
            #expect(Set(patched.fragments.keys) == Set(whole.fragments.keys))
            #expect(Set(patched.assets.keys) == Set(whole.assets.keys))
        }
    }

    @Test func aRemovedFolderAndAChangedImageAreReadAlone() throws {
        try withPackageCopy { root in
            let watcher = PackageWatcher(jcrRoot: root)
            let loaded = try EmulatorContent.load(jcrRoot: root)
            let before = watcher.fingerprint()
            try FileManager.default.removeItem(
                at: root.appendingPathComponent("content/dam/editorial/articles/tea-houses"))
            let image = "content/dam/editorial/images/harbour.png/_jcr_content/renditions/original"
            let market = "content/dam/editorial/images/market.png/_jcr_content/renditions/original"
            try Data(contentsOf: root.appendingPathComponent(market)).write(to: root.appendingPathComponent(image))
            let changed = PackageWatcher.changedFiles(before, watcher.fingerprint())
            let reload = try #require(try AssetFolderReload.apply(changed, jcrRoot: root, to: loaded.repository))
            let patched = reload.repository
            #expect(patched.fragments[Self.article] == nil)
            let harbour = "/content/dam/editorial/images/harbour.png"
            #expect(reload.paths == [Self.article, harbour])
            #expect(
                patched.assets[harbour]?.hasSameOriginal(as: try #require(loaded.repository.assets[harbour])) == false)
            #expect(AssetChange.between(loaded.repository, patched).map(\.path) == [harbour])
            // Looking at the folders read again finds what looking at everything finds.
            #expect(AssetChange.between(loaded.repository, patched, paths: reload.paths).map(\.path) == [harbour])
            #expect(
                FragmentChange.between(loaded.repository, patched, paths: reload.paths)
                    == FragmentChange.between(loaded.repository, patched))
            #expect(FragmentChange.between(loaded.repository, patched).map(\.kind) == [.deleted])
        }
    }

    @Test func aChangedModelOrFolderDescriptionLoadsTheWholePackage() throws {
        try withPackageCopy { root in
            let watcher = PackageWatcher(jcrRoot: root)
            let loaded = try EmulatorContent.load(jcrRoot: root)
            let before = watcher.fingerprint()
            let folder = root.appendingPathComponent("content/dam/editorial/images/.content.xml")
            try (try String(contentsOf: folder, encoding: .utf8) + "\n").write(
                to: folder, atomically: true, encoding: .utf8)
            let changed = PackageWatcher.changedFiles(before, watcher.fingerprint())
            #expect(try AssetFolderReload.apply(changed, jcrRoot: root, to: loaded.repository) == nil)
            // The watcher then loads the whole package.
            let reloaded = try watcher.reload(changed, from: loaded)
            #expect(reloaded.changedPaths == nil)
            #expect(reloaded.content.repository.fragments.count == loaded.repository.fragments.count)
        }
    }

    /// A save is served and recorded, whether the system notifies it or the package is looked at every so often.
    @Test(.timeLimit(.minutes(10)), arguments: [true, false])
    func aSavedEditIsServedWithOrWithoutNotifications(_ notified: Bool) async throws {
        let fixture = try #require(Bundle.module.url(forResource: "Fixtures/editorial/jcr_root", withExtension: nil))
        try await withTemporaryFolder("watch") { parent in
            let root = parent.appendingPathComponent("watch")
            try FileManager.default.copyItem(at: fixture, to: root)
            let content = try EmulatorContent.load(jcrRoot: root)
            let live = EmulatorLiveContent()
            try await withEmulator(EmulatorOptions(content: content, live: live)) { emulator in
                var watcher = PackageWatcher(jcrRoot: root, interval: .milliseconds(100))
                watcher.usesNotifications = notified
                let (outcomes, reported) = AsyncStream<PackageWatcher.Outcome>.makeStream()
                let (started, watchingStarted) = AsyncStream<Never>.makeStream()
                let watching = Task {
                    await watcher.run(live, serving: content, watching: { watchingStarted.finish() }) {
                        reported.yield($0)
                    }
                }
                defer { watching.cancel() }
                for await _ in started {}
                let file = root.appendingPathComponent("content/dam/editorial/articles/tea-houses/.content.xml")
                try String(contentsOf: file, encoding: .utf8)
                    .replacingOccurrences(of: "title=\"Tea Houses\"", with: "title=\"Tea Rooms\"")
                    .write(to: file, atomically: true, encoding: .utf8)
                var first = outcomes.makeAsyncIterator()
                guard case .reloaded(let events) = await first.next() else {
                    Issue.record("the watcher did not serve the edit")
                    return
                }
                #expect(events.map(\.type) == ["aem.sites.contentFragment.modified"])
                let served = try await HTTPTestClient.get(
                    emulator.url("/adobe/contentFragments/byPath?path=\(Self.article)"))
                #expect(served.text.contains("Tea Rooms"))
            }
        }
    }
}

#if canImport(Glibc)
/// The system's notifications of changed files, which the watcher follows instead of looking at every file.
@Suite("FolderNotifications: what the system says changed")
struct FolderNotificationsTests {
    private func withFolder(_ body: (String, FolderNotifications) throws -> Void) throws {
        try withTemporaryFolder("notify") { folder in
            let root = folder.path
            try FileManager.default.createDirectory(atPath: root + "/a/b", withIntermediateDirectories: true)
            try Data("one".utf8).write(to: URL(fileURLWithPath: root + "/a/b/file"))
            let notifications = try #require(FolderNotifications(root: root))
            #expect(notifications.changes(within: .milliseconds(10)) == .none)
            try body(root, notifications)
        }
    }

    @Test func aWrittenFileInADeepFolderIsNamed() throws {
        try withFolder { root, notifications in
            try Data("two".utf8).write(to: URL(fileURLWithPath: root + "/a/b/file"))
            #expect(notifications.changes(within: .seconds(2)) == .files([root + "/a/b/file"]))
        }
    }

    @Test func aFolderMadeWithFilesNamesThemAndIsWatchedFromThen() throws {
        try withFolder { root, notifications in
            try FileManager.default.createDirectory(atPath: root + "/a/new/deeper", withIntermediateDirectories: true)
            try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/a/new/deeper/file"))
            guard case .files(let made) = notifications.changes(within: .seconds(2)) else {
                Issue.record("no change notified")
                return
            }
            #expect(made.contains(root + "/a/new"))
            #expect(made.contains(root + "/a/new/deeper/file"))
            try Data("y".utf8).write(to: URL(fileURLWithPath: root + "/a/new/deeper/file"))
            #expect(notifications.changes(within: .seconds(2)) == .files([root + "/a/new/deeper/file"]))
        }
    }

    @Test func aRemovedFolderNamesItsFilesAndAMovedOneLosesTrack() throws {
        try withFolder { root, notifications in
            try FileManager.default.removeItem(atPath: root + "/a/b")
            guard case .files(let removed) = notifications.changes(within: .seconds(2)) else {
                Issue.record("no change notified")
                return
            }
            #expect(removed.contains(root + "/a/b/file"))
            try FileManager.default.moveItem(atPath: root + "/a", toPath: root + "/moved")
            #expect(notifications.changes(within: .seconds(2)) == .unknown)
        }
    }
}
#endif
