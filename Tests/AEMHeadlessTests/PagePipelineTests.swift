import AEMHeadless
import AEMHeadlessSync
import Foundation
import GRDB
import Synchronization
import Testing

/// A sync reads the next page while the one before it is committed. These tests hold the
/// store's write lock from another connection while the first page is read, so that its commit
/// waits until the second page has been read: what the second page finds must not depend on
/// whether the first one is in the store yet.
@Suite("SyncEngine: a page read while the one before it is committed")
struct PagePipelineTests {
    @Test("an item listed again on the next page (offset paging while content moves) is stored once")
    func repeatedItem() async throws {
        try await withTemporaryFolder("sync-test") { parent in
            let folder = parent.appendingPathComponent("mirror", isDirectory: true)
            let source = LockingSource(
                folder: folder,
                pages: [
                    [item("a"), item("b"), item("c")],
                    [item("c"), item("d")],
                ],
                releaseAt: path("d"))
            let report = try await SyncEngine(aem: try offlineAem(), directory: folder).sync(source)
            #expect(source.released, "the first page's commit waited for the second page")
            #expect(report.added == 4)
            let paths = try ContentStore(directory: folder).fragments().map(\.path)
            #expect(paths.sorted() == ["a", "b", "c", "d"].map(path))
        }
    }

    @Test("a fragment that moved on one page is not taken by an item at its old path on the next page")
    func movedFragment() async throws {
        try await withTemporaryFolder("sync-test") { parent in
            let folder = parent.appendingPathComponent("mirror", isDirectory: true)
            let engine = SyncEngine(aem: try offlineAem(), directory: folder)
            _ = try await engine.sync(LockingSource(folder: folder, pages: [[item("a"), item("b")]], releaseAt: nil))
            let movedID = try #require(try storedID(at: path("a"), in: folder))

            // `a` moved to `a2` (same slug) on the first page; a new item at `a`'s old path, with
            // the same slug, on the second.
            let source = LockingSource(
                folder: folder,
                pages: [
                    [item("a2", slug: "a"), item("b")],
                    [item("a", slug: "a", title: "new"), item("e")],
                ],
                releaseAt: path("e"))
            let report = try await engine.sync(source)
            #expect(source.released)
            #expect(report.moved == 1 && report.added == 2 && report.removed == 0)
            #expect(try storedID(at: path("a2"), in: folder) == movedID, "the moved fragment keeps its identity")
            let newID = try #require(try storedID(at: path("a"), in: folder))
            #expect(newID != movedID)
            let store = try ContentStore(directory: folder)
            #expect(
                try store.fragment(path: path("a")).map { String(decoding: $0.json, as: UTF8.self) }?.contains("new")
                    == true)
            #expect(try store.fragments().count == 4)
        }
    }

    @Test("an item of a page the server answered 304 is not stored again when the next page lists it")
    func repeatedAfterNotModified() async throws {
        try await withTemporaryFolder("sync-test") { parent in
            let folder = parent.appendingPathComponent("mirror", isDirectory: true)
            let engine = SyncEngine(aem: try offlineAem(), directory: folder)
            let first = [item("a"), item("b")]
            _ = try await engine.sync(LockingSource(folder: folder, pages: [first, [item("c")]], releaseAt: nil))

            let source = LockingSource(
                folder: folder, pages: [first, [item("b"), item("d")]], releaseAt: path("d"),
                firstPageNotModified: true)
            let report = try await engine.sync(source)
            #expect(source.released)
            #expect(report.pagesNotModified == 1 && report.added == 1 && report.removed == 1)
            let paths = try ContentStore(directory: folder).fragments().map(\.path)
            #expect(paths.sorted() == ["a", "b", "d"].map(path))
        }
    }
}

private func path(_ name: String) -> String { "/content/dam/pipeline/\(name)" }

private func item(_ name: String, slug: String? = nil, title: String = "") -> SyncListItem {
    let slug = slug ?? name
    let json = Data(#"{"_path":"\#(path(name))","slug":"\#(slug)","title":"\#(title)"}"#.utf8)
    return SyncListItem(path: path(name), slug: slug, model: "Pipeline", json: json)
}

/// The store's row id of the fragment at `path`: what stays the same when a fragment moves.
private func storedID(at path: String, in folder: URL) throws -> Int64? {
    try DatabaseQueue(path: folder.appendingPathComponent("content.sqlite").path).read {
        try Int64.fetchOne($0, sql: "SELECT id FROM fragment WHERE path = ?", arguments: [path])
    }
}

/// A client that is never asked anything: the source below answers from memory and its items show no image.
private func offlineAem() throws -> Aem {
    Aem(try AemConfiguration(scheme: .http, host: "127.0.0.1:9"), transport: UnusedTransport())
}

private struct UnusedTransport: AemHTTPTransport {
    func send(_ request: AemHTTPRequest) async throws -> AemHTTPResponse {
        Issue.record("no request was expected: \(request.url)")
        throw AemError(.network, "no request was expected")
    }
}

/// Pages from memory. Asked for the first page, it takes the store's write lock from a connection
/// of its own; it gives it back when asked to read the item at `releaseAt` in full (an item of the
/// second page), so that the first page's commit can only end after the second page was read.
private final class LockingSource: SyncSource, Sendable {
    let folder: URL
    let pages: [[SyncListItem]]
    let releaseAt: String?
    /// Whether the first page answers 304 when asked with the validator every page carries.
    let firstPageNotModified: Bool
    private let blocker = Mutex<DatabaseQueue?>(nil)
    private let releasedFlag = Mutex(false)

    init(folder: URL, pages: [[SyncListItem]], releaseAt: String?, firstPageNotModified: Bool = false) {
        self.folder = folder
        self.pages = pages
        self.releaseAt = releaseAt
        self.firstPageNotModified = firstPageNotModified
    }

    var identity: String { "pipeline test pages" }
    var released: Bool { releasedFlag.withLock { $0 } }

    func page(after cursor: String?, validator: PageValidator?) async throws -> PageAnswer {
        let index = cursor.flatMap(Int.init) ?? 0
        if index == 0, releaseAt != nil {
            var configuration = Configuration()
            configuration.allowsUnsafeTransactions = true // the transaction stays open until `detail(of:)`
            let queue = try DatabaseQueue(
                path: folder.appendingPathComponent("content.sqlite").path, configuration: configuration)
            try await queue.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }
            blocker.withLock { $0 = queue }
        }
        if index == 0, firstPageNotModified, validator != nil { return .notModified }
        return .page(
            SyncPage(
                items: pages[index], nextCursor: index + 1 < pages.count ? String(index + 1) : nil,
                validator: PageValidator(etag: "\"\(index)\"", lastModified: nil)))
    }

    func detail(of item: SyncListItem) async throws -> SyncItemDetail? {
        if item.path == releaseAt, let queue = blocker.withLock({ $0.take() }) {
            try await queue.writeWithoutTransaction { try $0.execute(sql: "COMMIT") }
            releasedFlag.withLock { $0 = true }
        }
        return SyncItemDetail(json: item.json, imageLocations: [])
    }
}
