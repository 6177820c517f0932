import AEMEmulator
import AEMHeadless
import AEMHeadlessSync
import EmulatorTestSupport
import Foundation
import Testing

/// The delivery API's fragment list, as request records and fault scripts name it.
private let listPath = "/adobe/contentFragments"
/// The folder of the editorial package: articles that reference an author and other articles,
/// authors with a portrait.
private let editorialFolder = "/content/dam/editorial"

/// The editorial content package of the emulator's tests, served over HTTP.
private func editorial() throws -> EmulatorContent {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    return try EmulatorContent.load(
        jcrRoot: tests.appendingPathComponent("AEMEmulatorTests/Fixtures/editorial/jcr_root"))
}

/// What one sync of a folder's fragments did: its report and the emulator's requests.
private struct FragmentRun {
    let report: SyncReport
    let requests: [EmulatorRequestRecord]

    /// The requests for the list's pages.
    var pages: [EmulatorRequestRecord] { requests.filter { $0.path == listPath } }
    /// The ids of the fragments read one by one.
    var fragmentsRead: [String] {
        requests.compactMap { record in
            record.path.hasPrefix(listPath + "/") ? String(record.path.dropFirst(listPath.count + 1)) : nil
        }
    }
    /// The requests for anything else: images.
    var images: [EmulatorRequestRecord] { requests.filter { !$0.path.hasPrefix(listPath) } }
}

/// Syncs the fragments below `folder` of `content`, served by a new emulator, into `directory`.
@discardableResult
private func syncFragments(
    _ content: EmulatorContent, folder: String = editorialFolder, into directory: URL, pageSize: Int = 5,
    faults: (RunningEmulator) -> Void = { _ in }
) async throws -> FragmentRun {
    try await withService(content) { emulator, aem in
        faults(emulator)
        let report = try await SyncEngine(aem: aem, directory: directory, concurrency: 4)
            .sync(FragmentSyncSource(aem: aem, folder: folder, pageSize: pageSize))
        return FragmentRun(report: report, requests: emulator.requests)
    }
}

/// The paths of the fragments of `content` below `folder`, sorted.
private func fragmentPaths(_ content: EmulatorContent, below folder: String) -> [String] {
    content.fragmentPaths.filter { $0.hasPrefix(folder + "/") }
}

/// The ids of the stored fragments whose references hold the fragment `id`.
private func referrers(of id: String, in store: ContentStore) throws -> Set<String> {
    Set(try store.deliveredFragments().filter { $0.references[id] != nil }.map(\.id))
}

@Suite("Sync through the Content Fragment Delivery API", .serialized)
struct FragmentSyncSourceTests {
    @Test("a first sync stores every fragment below the folder, with its references hydrated and their images on disk")
    func firstSync() async throws {
        let content = try editorial()
        let expected = fragmentPaths(content, below: editorialFolder)
        try await withSyncFolder { folder, _ in
            let run = try await syncFragments(content, into: folder)
            #expect(run.report.added == expected.count)
            #expect(run.report.imagesFailed == 0, "\(run.report.failures)")
            #expect(run.pages.count == (expected.count + 4) / 5)
            #expect(run.fragmentsRead.count == expected.count)

            let store = try ContentStore(directory: folder)
            let stored = try store.deliveredFragments()
            #expect(stored.map(\.path) == expected)
            var imagesSeen = 0
            for fragment in stored {
                for reference in fragment.references.values {
                    if case .fragment(let referenced) = reference {
                        // Hydrated: every referenced fragment comes with its fields.
                        #expect(referenced.fields.members?.isEmpty == false, "\(fragment.path) → \(referenced.path)")
                    }
                }
                for asset in fragment.referencedAssetList {
                    let file = try #require(store.imageFile(for: asset), "\(fragment.path): no file for \(asset.path)")
                    #expect(try Data(contentsOf: file) == content.bytes(ofAssetAt: asset.path))
                    imagesSeen += 1
                }
            }
            #expect(imagesSeen > 0)
            // An author's portrait is among the images of each article that names the author.
            let article = try #require(
                stored.first { $0.referencedFragments(in: "author").first?.identifiers(in: "avatar").isEmpty == false })
            let author = try #require(article.referencedFragments(in: "author").first)
            let portrait = try #require(author.identifiers(in: "avatar").first)
            guard case .asset(let asset)? = article.references[portrait] else {
                Issue.record("\(article.path) does not hold the portrait of \(author.path)")
                return
            }
            #expect(store.imageFile(for: asset) != nil)
            #expect(try store.deliveredFragment(path: article.path) == article)
            #expect(try store.deliveredFragment(id: article.id) == article)
            #expect(try store.deliveredFragment(path: editorialFolder + "/none") == nil)
        }
    }

    @Test("a second sync with nothing changed sends each page with If-None-Match, gets 304s and fetches nothing else")
    func nothingChanged() async throws {
        let content = try editorial()
        try await withSyncFolder { folder, _ in
            let first = try await syncFragments(content, into: folder)
            let before = try ContentStore(directory: folder).fragments()
            let again = try await syncFragments(content, into: folder)
            #expect(again.pages.count == first.pages.count)
            for page in again.pages {
                #expect(page.headers["if-none-match"]?.isEmpty == false, "\(page.target)")
                #expect(page.status == 304, "\(page.target)")
            }
            #expect(again.fragmentsRead.isEmpty)
            #expect(again.images.isEmpty)
            #expect(again.report.pagesNotModified == first.pages.count)
            #expect(again.report.requests == first.pages.count)
            #expect(again.report.unchanged == first.report.added)
            #expect(again.report.added + again.report.changed + again.report.removed == 0)
            #expect(try ContentStore(directory: folder).fragments().map(\.json) == before.map(\.json))
        }
    }

    @Test("a changed fragment that nothing references is the only one read again")
    func changedFragment() async throws {
        var content = try editorial()
        try await withSyncFolder { folder, _ in
            try await syncFragments(content, into: folder)
            let store = try ContentStore(directory: folder)
            let unreferenced = try store.deliveredFragments().filter {
                try $0.field("title") != nil && referrers(of: $0.id, in: store).isEmpty
            }
            let changed = try #require(unreferenced.first)
            content[fragment: changed.path]?.master["title"] = .string("A new title")

            let run = try await syncFragments(content, into: folder)
            #expect(run.fragmentsRead == [changed.id])
            #expect(run.report.changed == 1)
            #expect(run.report.unchanged == fragmentPaths(content, below: editorialFolder).count - 1)
            #expect(try store.deliveredFragment(path: changed.path)?.field("title")?.stringValue == "A new title")
        }
    }

    @Test("a changed author is read again, and so is every fragment whose references hold it")
    func childChangeRereadsParents() async throws {
        var content = try editorial()
        try await withSyncFolder { folder, _ in
            try await syncFragments(content, into: folder)
            let store = try ContentStore(directory: folder)
            let author = try #require(
                try store.deliveredFragments().first {
                    try $0.model.name == "author" && !referrers(of: $0.id, in: store).isEmpty
                })
            let parents = try referrers(of: author.id, in: store)
            content[fragment: author.path]?.master["firstName"] = .string("Renamed")

            let run = try await syncFragments(content, into: folder)
            #expect(Set(run.fragmentsRead) == parents.union([author.id]))
            #expect(run.fragmentsRead.count == parents.count + 1, "each read once: \(run.fragmentsRead)")
            #expect(run.report.changed == parents.count + 1)
            for parent in parents {
                let stored = try #require(try store.deliveredFragment(id: parent))
                guard case .fragment(let copy)? = stored.references[author.id] else {
                    Issue.record("\(stored.path) no longer references \(author.path)")
                    continue
                }
                #expect(copy.field("firstName")?.stringValue == "Renamed", "\(stored.path)")
            }
        }
    }

    @Test("a removed fragment goes with the images nothing else shows, a moved one keeps its id, a new one is added")
    func removedMovedAdded() async throws {
        let base = try EmulatorContent.sampleWithCopies(4)
        let folder = EmulatorContent.adventuresFolder
        let delta = try DeltaContent(base)
        try await withSyncFolder { directory, _ in
            try await syncFragments(base, folder: folder, into: directory, pageSize: 7)
            let store = try ContentStore(directory: directory)
            let removedPath = try #require(base[slug: delta.removed]?.path)
            let removed = try #require(try store.deliveredFragment(path: removedPath))
            let removedImage = try #require(removed.referencedAssetList.first)
            let removedFile = try #require(store.imageFile(for: removedImage))
            let movedFrom = try #require(base[slug: delta.moved]?.path)
            let moved = try #require(try store.deliveredFragment(path: movedFrom))

            let run = try await syncFragments(delta.next, folder: folder, into: directory, pageSize: 7)
            #expect(run.report.added == 1)
            #expect(run.report.removed == delta.removedCount)
            #expect(run.report.moved == 1)
            #expect(run.report.imagesRemoved >= 1)
            #expect(try store.deliveredFragment(path: removedPath) == nil)
            #expect(store.imageFile(for: removedImage) == nil)
            #expect(!FileManager.default.fileExists(atPath: removedFile.path))
            #expect(try store.deliveredFragment(path: movedFrom) == nil)
            #expect(try store.deliveredFragment(id: moved.id)?.path == delta.movedFragment.path)
            #expect(try store.fragments().map(\.path) == fragmentPaths(delta.next, below: folder))
            // The images the store keeps are exactly those its fragments show.
            let shown = Set(
                try store.deliveredFragments().flatMap(\.referencedAssetList).compactMap(store.imageFile(for:)))
            let files = try FileManager.default.contentsOfDirectory(
                at: directory.appendingPathComponent("images"), includingPropertiesForKeys: nil)
            #expect(Set(files.map(\.lastPathComponent)) == Set(shown.map(\.lastPathComponent)))
        }
    }

    @Test(
        "a folder that is not a DAM folder, or a page size over 50, is refused before anything is sent",
        arguments: ["/content/wknd-shared/en", "/content/dam/wknd-shared/en/", "content/dam/wknd-shared", ""])
    func badFolder(folder: String) async throws {
        try await withService(try EmulatorContent.sample()) { emulator, aem in
            let error = #expect(throws: AemError.self) { try FragmentSyncSource(aem: aem, folder: folder) }
            #expect(error?.kind == .invalidRequest)
            #expect(error?.message.contains("/content/dam/") == true, "\(String(describing: error))")
            let size = #expect(throws: AemError.self) {
                try FragmentSyncSource(aem: aem, folder: "/content/dam/wknd-shared", pageSize: 51)
            }
            #expect(size?.kind == .invalidRequest)
            #expect(emulator.requests.isEmpty)
        }
    }

    @Test(
        "a page answered with an HTML page, a 5xx or a cut body fails naming the page; the store keeps the pages before, and the next run resumes",
        arguments: ["HTML", "5xx", "cut"])
    func pageFaults(fault: String) async throws {
        let content = try EmulatorContent.sample()
        let folder = EmulatorContent.adventuresFolder
        let (action, kind): (FaultAction, AemError.Kind) =
            switch fault {
            case "HTML": (.htmlLoginPage, .htmlResponse)
            case "5xx":
                (
                    .respond(
                        status: 502, headers: ["Content-Type": "text/html"],
                        body: "<html><body>Bad gateway</body></html>"),
                    .httpStatus
                )
            default: (.dropConnection(afterBodyBytes: 40), .network)
            }
        try await withSyncFolder { directory, _ in
            let error = await #expect(throws: AemError.self) {
                // The first page is answered; the second is not.
                try await syncFragments(content, folder: folder, into: directory) {
                    $0.faults.script(listPath, .delay(.zero), action)
                }
            }
            #expect(error?.kind == kind, "\(String(describing: error))")
            #expect(error?.message.hasPrefix("Reading the list page at ") == true, "\(String(describing: error))")
            let store = try ContentStore(directory: directory)
            #expect(
                try store.deliveredFragments().map(\.path) == Array(fragmentPaths(content, below: folder).prefix(5)))

            let resumed = try await syncFragments(content, folder: folder, into: directory)
            #expect(resumed.report.resumed)
            #expect(resumed.report.added == fragmentPaths(content, below: folder).count - 5)
            #expect(try store.deliveredFragments().map(\.path) == fragmentPaths(content, below: folder))
        }
    }
}
