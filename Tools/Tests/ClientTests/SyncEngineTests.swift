import AEMEmulator
import AEMHeadless
import AEMHeadlessSync
import EmulatorTestSupport
import Foundation
import Testing
import WKNDSample

@Suite("SyncEngine and ContentStore against the emulator", .serialized)
struct SyncEngineTests {
    let sample: EmulatorContent

    init() throws {
        sample = try EmulatorContent.sample()
    }

    @Test("a base sync holds what the queries return: every adventure in full and the images' bytes")
    func baseSync() async throws {
        try await withSyncFolder { folder, _ in
            try await withService(sample) { _, aem in
                let report = try await SyncEngine(aem: aem, directory: folder).sync(AdventureSyncSource(aem: aem))
                #expect(report.added == sample.adventures.count)
                #expect(report.changed == 0 && report.removed == 0 && report.imagesFailed == 0)
                let withImages = Set(sample.adventures.compactMap(\.primaryImagePath))
                #expect(report.imagesFetched == withImages.count)

                let store = try ContentStore(directory: folder)
                #expect(try store.adventures().count == sample.adventures.count)
                for fragment in sample.adventures {
                    // The stored JSON is what adventure-by-path answers, value for value.
                    let query = PersistedQuery<UntypedJSON>(
                        AdventureSyncSource.byPathPath, variables: ["path": .string(fragment.path)])
                    let answer = try #require(try await aem.execute(query).data?["adventureByPath"])
                    let stored = try #require(try store.fragment(slug: fragment.slug))
                    #expect(try UntypedJSON(parsing: stored.json) == answer)
                    #expect(stored.path == fragment.path)
                    // The typed adventure is the network's.
                    let network = try await aem.execute(WKNDQueries.adventureBySlug(fragment.slug)).map {
                        try $0.adventureDetail()
                    }.data
                    #expect(try store.adventure(slug: fragment.slug) == network)
                    // The image file holds the served bytes.
                    if let image = network?.adventure.primaryImage,
                        let expected = try await sample.primaryImageBytes(ofSlug: fragment.slug)
                    {
                        let file = try #require(store.imageFile(for: image))
                        #expect(file.deletingLastPathComponent().lastPathComponent == "images")
                        #expect(try Data(contentsOf: file) == expected)
                    }
                }
                #expect(try store.lastSynced() != nil)
            }
        }
    }

    @Test(
        "a change, an addition, a removal and a move are each picked up by the next run; no change costs one request a page"
    )
    func deltas() async throws {
        try await withSyncFolder { folder, _ in
            let base = try EmulatorContent.sampleWithCopies(30) // 50 adventures: pages of 20 below
            try await sync(base, into: folder, pageSize: 20)

            let delta = try DeltaContent(base)
            let (next, changed, removed, moved) = (delta.next, delta.changed, delta.removed, delta.moved)
            let (movedFragment, removedCount) = (delta.movedFragment, delta.removedCount)

            let store = try ContentStore(directory: folder)
            let removedImageFile = try #require(
                try store.adventure(slug: removed)?.adventure.primaryImage.flatMap(store.imageFile(for:)))
            #expect(FileManager.default.fileExists(atPath: removedImageFile.path))

            let before = try StoreSnapshot(folder)
            let report = try await sync(next, into: folder, pageSize: 20)
            let after = try StoreSnapshot(folder)
            // Changed: the two, and those whose _references show them (read again, as their JSON holds the new title and path).
            let changedSlugs = after.fragments.keys.filter {
                before.fragments[$0] != nil && before.fragments[$0] != after.fragments[$0]
            }
            #expect(Set([changed, moved]).isSubset(of: changedSlugs))
            #expect(report.changed == changedSlugs.count)
            #expect(report.added == 1)
            #expect(report.moved == 1)
            #expect(report.removed == removedCount)
            #expect(report.unchanged == next.adventures.count - 1 - changedSlugs.count)
            #expect(report.imagesFetched == 0, "the new adventure shares an image already on disk")
            #expect(report.imagesRemoved == 1)
            #expect(!FileManager.default.fileExists(atPath: removedImageFile.path))

            #expect(try store.adventure(slug: changed)?.adventure.title == "A new title")
            #expect(try store.adventure(slug: removed) == nil)
            #expect(try store.fragment(slug: moved)?.path == movedFragment.path)
            #expect(try store.adventure(slug: "brand-new-adventure")?.adventure.title == "Brand new")
            #expect(try store.adventures().count == next.adventures.count)

            // Nothing changed: every page answers 304, nothing else is asked.
            let quiet = try await sync(next, into: folder, pageSize: 20)
            let pages = (next.adventures.count + 19) / 20
            #expect(quiet.requests == pages)
            #expect(quiet.pagesNotModified == pages)
            #expect(quiet.unchanged == next.adventures.count)
            #expect(quiet.added + quiet.changed + quiet.removed + quiet.imagesFetched == 0)

            // The same content synced from scratch gives the same store.
            try await withSyncFolder { clean, _ in
                try await sync(next, into: clean, pageSize: 20)
                let (synced, fresh) = (try StoreSnapshot(folder), try StoreSnapshot(clean))
                #expect(synced == fresh, "\(synced.difference(from: fresh))")
            }
        }
    }

    @Test("a server fault in the middle fails the run, the store keeps what it had, and the next run completes it")
    func faultInTheMiddle() async throws {
        try await withSyncFolder { folder, _ in
            let base = try EmulatorContent.sampleWithCopies(30)
            try await sync(base, into: folder, pageSize: 10)
            let before = try StoreSnapshot(folder)

            var next = base
            for adventure in next.adventures { next[slug: adventure.slug]?.master["price"] = .double(1) }
            let failure = await #expect(throws: AemError.self) {
                try await sync(next, into: folder, pageSize: 10) { emulator in
                    // The third page fails: two pages are applied, the rest is as before.
                    emulator.faults.script(
                        "/graphql/execute.json/wknd-shared/adventures-paginated",
                        .delay(.zero), .delay(.zero), .respond(status: 500, body: "Internal Server Error"))
                }
            }
            #expect(failure?.status == 500)
            let during = try StoreSnapshot(folder)
            #expect(during.fragments.count == before.fragments.count, "a failed run removes nothing")
            #expect(during.imageFiles == before.imageFiles)
            let store = try ContentStore(directory: folder)
            #expect(try store.adventures().count == base.adventures.count)
            #expect(
                try store.adventures().filter { $0.price == 1 }.count == 20,
                "the two pages before the fault are applied")

            let resumed = try await sync(next, into: folder, pageSize: 10)
            #expect(resumed.resumed)
            try await withSyncFolder { clean, _ in
                try await sync(next, into: clean, pageSize: 10)
                let (synced, fresh) = (try StoreSnapshot(folder), try StoreSnapshot(clean))
                #expect(synced == fresh, "\(synced.difference(from: fresh))")
            }
        }
    }

    @Test(
        "cancelled at seeded points of its requests, then resumed: the same store as a clean run",
        arguments: [1, 2, 3] as [UInt64])
    func interruptedAndResumed(seed: UInt64) async throws {
        var random = SeededRandom(seed: seed)
        let content = try EmulatorContent.sampleWithCopies(40)
        let canceller = RequestTrigger<Task<SyncReport, any Error>> { $0.cancel() }
        try await withSyncFolder { folder, _ in
            try await withService(content, requestLog: canceller.requestAnswered) { _, aem in
                for _ in 0..<3 {
                    // Cancelled as the emulator answers its 1st to 12th request of the run: a first
                    // run makes many more (9 pages of 7, each adventure in full, the images).
                    canceller.arm(after: 1 + random.below(12))
                    let task = Task {
                        try await SyncEngine(aem: aem, directory: folder, concurrency: 3)
                            .sync(AdventureSyncSource(aem: aem, pageSize: 7))
                    }
                    canceller.aim(at: task)
                    _ = await task.result
                    canceller.disarm()
                }
                _ = try await SyncEngine(aem: aem, directory: folder).sync(AdventureSyncSource(aem: aem, pageSize: 7))
            }
            try await withSyncFolder { clean, _ in
                try await sync(content, into: clean, pageSize: 7)
                let (synced, fresh) = (try StoreSnapshot(folder), try StoreSnapshot(clean))
                #expect(synced == fresh, "\(synced.difference(from: fresh))")
            }
        }
    }

    @Test("a change that shows only in the full adventure, or only in an image, is picked up by --revalidate-all")
    func revalidateAll() async throws {
        try await withSyncFolder { folder, _ in
            try await sync(sample, into: folder)
            var next = sample
            let withImages = sample.adventures.filter { $0.primaryImagePath != nil }
            let (textSlug, imageSlug) = (withImages[0].slug, withImages[1].slug)
            next[slug: textSlug]?.master["description"] = .string("<p>Only the full adventure shows this.</p>")
            let imagePath = try #require(withImages[1].primaryImagePath)
            // Another photo at the same path.
            let otherPath = try #require(withImages.compactMap(\.primaryImagePath).first { $0 != imagePath })
            let otherPhoto = try #require(try sample.bytes(ofAssetAt: otherPath))
            next[asset: imagePath]?.bytes = .data(otherPhoto)

            // The list entries did not change: a plain sync asks for the page only (and counts what it sent).
            try await withService(next) { emulator, aem in
                let report = try await SyncEngine(aem: aem, directory: folder).sync(AdventureSyncSource(aem: aem))
                #expect(report.changed == 0 && report.imagesFetched == 0)
                #expect(report.requests == 1)
                #expect(emulator.requests.count == report.requests)
            }
            let report = try await sync(next, into: folder, revalidateAll: true)
            #expect(report.changed == 1)
            #expect(report.imagesFetched == 1)
            #expect(report.imagesReused == Set(sample.adventures.compactMap(\.primaryImagePath)).count - 1)
            let store = try ContentStore(directory: folder)
            #expect(
                try store.adventure(slug: textSlug)?.adventure.description?.plaintext
                    == "Only the full adventure shows this.")
            let file = try #require(
                try store.adventure(slug: imageSlug)?.adventure.primaryImage.flatMap(store.imageFile(for:)))
            let expectedImage = try await next.primaryImageBytes(ofSlug: imageSlug)
            #expect(try Data(contentsOf: file) == expectedImage)
        }
    }

    @Test(
        "a ContentStore read while a sync writes sees whole pages: every fragment decodes, every image it records is on disk"
    )
    func readingWhileSyncing() async throws {
        let content = try EmulatorContent.sampleWithCopies(40)
        try await withSyncFolder { folder, _ in
            try await withService(content) { emulator, aem in
                emulator.faults.latency = .milliseconds(5)
                // The 3rd and 6th pages (of 6) are held until the reader has seen the pages before
                // them applied, so that it sees the store at 12 and 30 fragments, then whole.
                let holds = [(gate: EmulatorGate(), before: 12), (gate: EmulatorGate(), before: 30)]
                defer { for hold in holds { hold.gate.open() } }
                let next = FaultAction.combining()
                emulator.faults.script(
                    "/graphql/execute.json/" + AdventureSyncSource.paginatedPath,
                    [next, next, .hold(holds[0].gate), next, next, .hold(holds[1].gate)])
                let sync = Task {
                    try await SyncEngine(aem: aem, directory: folder, concurrency: 2).sync(
                        AdventureSyncSource(aem: aem, pageSize: 6))
                }
                var counts: [Int] = []
                var waiting = holds[...]
                let clock = ContinuousClock()
                let deadline = clock.now + .seconds(300)
                while clock.now < deadline {
                    if let store = try? ContentStore(directory: folder) {
                        // Each call reads its own snapshot, and the sync may apply a page between
                        // two calls: the adventures decoded must lie between the fragments counted
                        // before and after, and equal them when no page came in between.
                        let fragments = try store.fragments()
                        let adventures = try store.adventures()
                        let fragmentsAfter = try store.fragments().count
                        #expect(fragments.count <= adventures.count && adventures.count <= fragmentsAfter)
                        #expect(
                            fragments.count % 6 == 0 || fragments.count == content.adventures.count,
                            "a page is applied whole")
                        for image in adventures.compactMap(\.primaryImage) {
                            if let file = store.imageFile(for: image) {
                                #expect(FileManager.default.fileExists(atPath: file.path))
                            }
                        }
                        counts.append(fragments.count)
                        if fragments.count == content.adventures.count { break }
                        if let hold = waiting.first, hold.gate.arrivals > 0, fragments.count == hold.before {
                            hold.gate.open()
                            waiting = waiting.dropFirst()
                        }
                    }
                    // Only a pause between reads: what the reader must see is held for it.
                    try await Task.sleep(for: .milliseconds(5))
                }
                for hold in holds { hold.gate.open() }
                _ = try await sync.value
                #expect(counts.last == content.adventures.count, "the reader saw the whole store in time")
                #expect(Set(counts).isSuperset(of: [12, 30, content.adventures.count]), "\(Set(counts).sorted())")
            }
        }
    }

    @Test("hostile slugs and paths stay inside the folder, and are found by slug")
    func hostileNames() async throws {
        var content = sample
        let image = try #require(sample.adventures.compactMap(\.primaryImagePath).first)
        let slugs = [
            "../../escape", "/etc/passwd", "a/b/c", ".hidden", "..", "ünïcødé 🏄", String(repeating: "x", count: 300),
        ]
        for (index, slug) in slugs.enumerated() {
            content[fragment: "/content/dam/wknd-shared/en/adventures/../../../hostile-\(index)"] =
                content.makeAdventure(slug: slug, title: "Hostile \(index)", primaryImage: image)
        }
        try await withSyncFolder { folder, parent in
            let report = try await sync(content, into: folder)
            #expect(report.added == content.adventures.count)
            #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["mirror"])
            let images = try FileManager.default.contentsOfDirectory(
                atPath: folder.appendingPathComponent("images").path)
            #expect(images.allSatisfy { $0.range(of: #"^[0-9a-f]{32}\.[a-z]+$"#, options: .regularExpression) != nil })
            let store = try ContentStore(directory: folder)
            for slug in slugs {
                let detail = try #require(try store.adventure(slug: slug))
                let file = try #require(detail.adventure.primaryImage.flatMap(store.imageFile(for:)))
                #expect(
                    file.deletingLastPathComponent().standardizedFileURL
                        == folder.appendingPathComponent("images").standardizedFileURL)
            }
        }
    }

    @Test("a second sync of the same folder says so while the first runs; a store is refused for another source")
    func oneAtATime() async throws {
        try await withSyncFolder { folder, _ in
            try await withService(sample) { emulator, aem in
                // The first sync's first page is held until the second has been refused: the first
                // holds the folder's lock (taken before any request) for as long as it takes.
                let gate = EmulatorGate()
                defer { gate.open() }
                emulator.faults.script("/graphql/execute.json/wknd-shared/adventures-paginated", .hold(gate))
                let first = Task {
                    try await SyncEngine(aem: aem, directory: folder).sync(AdventureSyncSource(aem: aem))
                }
                let held = await gate.waitForArrivals(1, timeout: .seconds(120))
                try #require(held, "the first sync never asked for its first page")
                let error = await #expect(throws: SyncError.self) {
                    try await SyncEngine(aem: aem, directory: folder).sync(AdventureSyncSource(aem: aem))
                }
                #expect(error?.kind == .busy)
                gate.open()
                #expect(try await first.value.added == sample.adventures.count)
                let other = AdventureSyncSource(aem: aem, image: try ImageTransform(width: 300))
                let refused = await #expect(throws: SyncError.self) {
                    try await SyncEngine(aem: aem, directory: folder).sync(other)
                }
                #expect(refused?.kind == .differentSource)
            }
        }
    }

    @Test("a folder with no store, or a damaged database, is reported; a sync replaces a damaged one")
    func damagedStore() async throws {
        try await withSyncFolder { folder, _ in
            #expect(throws: SyncError.self) { try ContentStore(directory: folder) }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(repeating: 0x41, count: 4096).write(to: folder.appendingPathComponent("content.sqlite"))
            #expect(throws: SyncError.self) { try ContentStore(directory: folder) }
            let report = try await sync(sample, into: folder)
            #expect(report.added == sample.adventures.count)
            #expect(try ContentStore(directory: folder).adventures().count == sample.adventures.count)
        }
    }
}
