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
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: fixture, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        try body(copy)
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
            let patched = try #require(
                try AssetFolderReload.apply(changed, jcrRoot: root, to: loaded.repository))
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
            let patched = try #require(try AssetFolderReload.apply(changed, jcrRoot: root, to: loaded.repository))
            #expect(patched.fragments[Self.article] == nil)
            let harbour = "/content/dam/editorial/images/harbour.png"
            #expect(
                patched.assets[harbour]?.hasSameOriginal(as: try #require(loaded.repository.assets[harbour])) == false)
            #expect(AssetChange.between(loaded.repository, patched).map(\.path) == [harbour])
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
            #expect(reloaded.repository.fragments.count == loaded.repository.fragments.count)
        }
    }
}
