import AEMEmulator
import AEMHeadless
import AEMHeadlessSync
import EmulatorTestSupport
import Foundation
import Testing
import WKNDSample

@Suite("QuerySyncSource: any paged query mirrored against the emulator", .serialized)
struct QuerySyncSourceTests {
    @Test(
        "a base sync stores each item as the query's pages return it, with its images' bytes",
        arguments: [("wknd-shared/adventures-all", PagingStyle.offset), ("wknd-shared/adventures-paginated", .cursor)])
    func baseSync(path: String, style: PagingStyle) async throws {
        let content = try EmulatorContent.sampleWithCopies(30)
        try await withSyncFolder { folder, _ in
            try await withService(content) { _, aem in
                let source = await QuerySyncSource.finding(aem: aem, path: path, pageSize: 7)
                #expect(source.style == style)
                let report = try await SyncEngine(aem: aem, directory: folder).sync(source)
                let items = try await aem.pages(of: PersistedQuery<UntypedJSON>(path), pageSize: 7).items.reduce(
                    into: [UntypedJSON]()
                ) {
                    $0.append($1)
                }
                #expect(items.count == content.adventures.count)
                #expect(report.added == items.count && report.changed == 0 && report.imagesFailed == 0)
                let locations = Set(items.flatMap { $0.referencedImages.compactMap(\.reference.location) })
                #expect(report.imagesFetched == locations.count)
                #expect(report.requests == (items.count + 6) / 7 + locations.count)

                let store = try ContentStore(directory: folder)
                let stored = Dictionary(uniqueKeysWithValues: try store.fragments().map { ($0.path, $0) })
                #expect(stored.count == items.count)
                for item in items {
                    let path = try #require(item["_path"]?.stringValue)
                    let fragment = try #require(stored[path])
                    #expect(fragment.json == Data(item.jsonBytes()), "\(path) is stored as the query returned it")
                    #expect(fragment.slug == item["slug"]?.stringValue)
                    for image in item.referencedImages {
                        let file = try #require(store.imageFile(for: image.reference))
                        let slug = try #require(item["slug"]?.stringValue)
                        let expected = try await content.primaryImageBytes(ofSlug: slug)
                        #expect(try Data(contentsOf: file) == expected)
                    }
                }
            }
        }
    }

    @Test("the items of a query mirror of adventures read back as adventures: all, matching, by slug")
    func queryItemsReadAsAdventures() async throws {
        try await withSyncFolder { folder, _ in
            let content = try EmulatorContent.sample()
            try await syncQuery(content, into: folder)
            let store = try ContentStore(directory: folder)
            let stored = try store.fragments()
            let adventures = try store.adventures()
            #expect(adventures.count == content.adventures.count)
            #expect(adventures.map(\.slug) == stored.map(\.slug))
            #expect(adventures.allSatisfy { $0.title != nil && $0.path != nil })
            let slug = try #require(stored.first?.slug)
            let title = try UntypedJSON(parsing: try #require(stored.first).json)["title"]?.stringValue
            let matching = try store.adventures(matching: FragmentQuery(where: .equal("slug", .string(slug))))
            #expect(matching.map(\.title) == [title])
            #expect(try store.adventure(slug: slug)?.adventure.title == title)
        }
    }

    @Test("a change, an addition, a removal and a move are each picked up by the next run of the query")
    func deltas() async throws {
        try await withSyncFolder { folder, _ in
            let base = try EmulatorContent.sampleWithCopies(30)
            let first = try await syncQuery(base, into: folder)
            #expect(first.added == base.adventures.count)

            let delta = try DeltaContent(base)
            let (next, changed, removed, moved) = (delta.next, delta.changed, delta.removed, delta.moved)
            let (movedFragment, removedCount) = (delta.movedFragment, delta.removedCount)
            let store = try ContentStore(directory: folder)
            let removedFile = try #require(
                try store.fragment(slug: removed).flatMap { try UntypedJSON(parsing: $0.json).referencedImages.first }
                    .flatMap { store.imageFile(for: $0.reference) })

            let report = try await syncQuery(next, into: folder)
            #expect(report.added == 1)
            #expect(report.changed == 2 && report.moved == 1)
            #expect(report.removed == removedCount)
            #expect(report.unchanged == next.adventures.count - 3)
            #expect(report.imagesFetched == 0, "the new adventure shares an image already on disk")
            #expect(report.imagesRemoved == 1)
            #expect(!FileManager.default.fileExists(atPath: removedFile.path))
            let title = try store.fragment(slug: changed).flatMap { try UntypedJSON(parsing: $0.json)["title"] }
            #expect(title == .string("A new title"))
            #expect(try store.fragment(slug: removed) == nil)
            #expect(try store.fragment(slug: moved)?.path == movedFragment.path)
            #expect(try store.fragment(slug: "brand-new-adventure") != nil)

            // The same content mirrored from scratch gives the same store.
            try await withSyncFolder { clean, _ in
                try await syncQuery(next, into: clean)
                #expect(try QueryStore(folder) == QueryStore(clean))
            }
        }
    }

    @Test("revalidating everything asks about each image once per run, however many pages show it")
    func imagesOncePerRun() async throws {
        let content = try EmulatorContent.sampleWithCopies(30) // copies show their original's image
        try await withSyncFolder { folder, _ in
            try await withService(content) { emulator, aem in
                let source = QuerySyncSource(aem: aem, path: "wknd-shared/adventures-all", style: .offset, pageSize: 7)
                _ = try await SyncEngine(aem: aem, directory: folder).sync(source)
                let images = Set(content.adventures.compactMap(\.primaryImagePath)).count
                let pages = (content.adventures.count + 6) / 7
                let before = emulator.requests.count
                let report = try await SyncEngine(aem: aem, directory: folder, revalidateAll: true).sync(source)
                #expect(report.imagesReused == images && report.imagesFetched == 0)
                #expect(report.requests == pages + images)
                #expect(emulator.requests.count - before == report.requests)
            }
        }
    }

    @Test("an item without _path fails the run with a message naming the query, and stores nothing")
    func itemWithoutPath() async throws {
        var content = try EmulatorContent.sample()
        content[query: "/wknd-shared/titles"] = StoredQuery(
            configuration: "wknd-shared", name: "titles",
            text:
                "query ($offset: Int, $limit: Int) { adventureList(offset: $offset, limit: $limit) { items { slug title } } }"
        )
        try await withSyncFolder { folder, _ in
            try await withService(content) { _, aem in
                let source = QuerySyncSource(aem: aem, path: "wknd-shared/titles", style: .offset)
                let error = await #expect(throws: AemError.self) {
                    try await SyncEngine(aem: aem, directory: folder).sync(source)
                }
                #expect(error?.message.contains("wknd-shared/titles") == true)
                #expect(error?.message.contains("must select _path") == true)
                let fragments = try ContentStore(directory: folder).fragments()
                #expect(fragments.isEmpty)
            }
        }
    }

    @Test(
        "a folder mirrors one query with one set of variables: another query, other variables or the adventures are refused"
    )
    func oneSourcePerFolder() async throws {
        let content = try EmulatorContent.sample()
        try await withSyncFolder { folder, parent in
            try await withService(content) { _, aem in
                let engine = SyncEngine(aem: aem, directory: folder)
                _ = try await engine.sync(
                    QuerySyncSource(
                        aem: aem, path: "wknd-shared/adventures-all", variables: ["sort": "slug"], style: .offset))
                let others: [any SyncSource] = [
                    QuerySyncSource(aem: aem, path: "wknd-shared/adventures-all", style: .offset),
                    QuerySyncSource(aem: aem, path: "wknd-shared/adventures-paginated", style: .cursor),
                    AdventureSyncSource(aem: aem),
                ]
                for other in others {
                    let error = await #expect(throws: SyncError.self) { try await engine.sync(other) }
                    #expect(error?.kind == .differentSource)
                }
                // The same query paged otherwise is the same source.
                let again = try await engine.sync(
                    QuerySyncSource(
                        aem: aem, path: "wknd-shared/adventures-all", variables: ["sort": "slug"], style: .offset,
                        pageSize: 3))
                #expect(again.unchanged == content.adventures.count)

                // …and a folder of adventures refuses the list query that pages them.
                let adventures = parent.appendingPathComponent("adventures", isDirectory: true)
                _ = try await SyncEngine(aem: aem, directory: adventures).sync(AdventureSyncSource(aem: aem))
                let error = await #expect(throws: SyncError.self) {
                    try await SyncEngine(aem: aem, directory: adventures).sync(
                        QuerySyncSource(aem: aem, path: AdventureSyncSource.paginatedPath, style: .cursor))
                }
                #expect(error?.kind == .differentSource)
            }
        }
    }
}

/// Mirrors `wknd-shared/adventures-all` (offset pages of 8) of `content`, served by a new emulator, into `folder`.
@discardableResult
private func syncQuery(_ content: EmulatorContent, into folder: URL) async throws -> SyncReport {
    try await withService(content) { _, aem in
        try await SyncEngine(aem: aem, directory: folder, concurrency: 4)
            .sync(QuerySyncSource(aem: aem, path: "wknd-shared/adventures-all", style: .offset, pageSize: 8))
    }
}

/// What a store of query items holds: the JSON by path, and the bytes of each image file by name.
private struct QueryStore: Equatable {
    var fragments: [String: Data] = [:]
    var images: [String: Data] = [:]

    init(_ folder: URL) throws {
        for fragment in try ContentStore(directory: folder).fragments() { fragments[fragment.path] = fragment.json }
        let directory = folder.appendingPathComponent("images")
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            images[name] = try Data(contentsOf: directory.appendingPathComponent(name))
        }
    }
}
