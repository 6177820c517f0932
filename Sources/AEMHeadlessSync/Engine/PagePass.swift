import AEMHeadless
import Foundation

/// One page of a sync: read it (conditionally), read in full the items that are new or whose
/// list entry changed, fetch their images, and apply it all in one transaction.
struct PagePass<Source: SyncSource>: Sendable {
    let source: Source
    let database: StoreDatabase
    let images: ImageFetcher
    let report: ReportBox
    let run: Int64
    let concurrency: Int
    let revalidateAll: Bool

    /// A page as the source answered it, not applied yet.
    struct Fetched: Sendable {
        /// The cursor it was asked with ('' for the first page).
        let cursor: String
        let stored: StoredPage?
        let answer: PageAnswer

        /// The cursor of the page after it; nil after the last.
        var next: String? {
            switch answer {
            case .notModified: stored?.nextCursor
            case .page(let page): page.nextCursor
            }
        }
    }

    /// Asks for the page after `cursor`, conditionally when it was read before.
    func fetch(after cursor: String?) async throws -> Fetched {
        let key = cursor ?? ""
        let stored = revalidateAll ? nil : try database.storedPage(cursor: key)
        report.update { $0.requests += 1 }
        do {
            return Fetched(
                cursor: key, stored: stored, answer: try await source.page(after: cursor, validator: stored?.validator))
        } catch let error as AemError {
            throw error.inContext(cursor.map { "Reading the list page at \($0): " } ?? "Reading the first list page: ")
        }
    }

    /// A fetched page whose items are read and whose images are on disk, to be committed.
    struct Prepared: Sendable {
        enum Outcome: Sendable {
            /// The server answered 304: the page holds what it held, with the images that were missing.
            case notModified(StoredPage, images: [ImageRow])
            /// The page as read, with what it adds to the report.
            case read(PageChanges, Counts, items: Int)
        }

        let cursor: String
        let outcome: Outcome
        /// The image locations asked while reading it: their downloads are shared until it is committed.
        let askedImages: [String]
        /// What it takes from the store once committed, which a page prepared meanwhile must not take too.
        let claim: Claim
    }

    /// The paths a page lists and the stored fragments it found: a page prepared while an earlier one
    /// is being committed treats them as found in this run already.
    struct Claim: Sendable {
        var paths: Set<String> = []
        var ids: Set<Int64> = []
    }

    /// What a page adds to the report once it is committed.
    struct Counts: Sendable {
        var added = 0, changed = 0, moved = 0, unchanged = 0
    }

    /// Reads in full what changed on a fetched page and fetches its images, without writing the
    /// store. `claimed` is what the page being committed meanwhile takes.
    func prepare(_ fetched: Fetched, claimed: Claim) async throws -> Prepared {
        switch fetched.answer {
        case .notModified:
            guard let stored = fetched.stored else {
                throw AemError(
                    .invalidResponse, "The server answered 304 Not Modified to a request that was not conditional.")
            }
            let missing = try database.missingImages(of: stored.fragmentIDs)
            let rows = try await fetchImages(missing, revalidate: false)
            return Prepared(
                cursor: fetched.cursor, outcome: .notModified(stored, images: rows), askedImages: missing,
                claim: Claim(
                    paths: try database.paths(ofFragments: stored.fragmentIDs), ids: Set(stored.fragmentIDs)))
        case .page(let listed):
            let page = try withoutRepeats(listed, claimed: claimed.paths)
            return try await read(page, cursor: fetched.cursor, claimed: claimed.ids)
        }
    }

    /// Commits a prepared page in one transaction, once its images are flushed to disk. Returns
    /// the page's item count and whether the server answered 304.
    func commit(_ prepared: Prepared) async throws -> (items: Int, notModified: Bool) {
        // An unstructured task does not inherit cancellation: a page whose images are on disk is stored even when the
        // sync fails or is cancelled meanwhile (a later page's error cancels this one's task), and the next run
        // resumes after it.
        try await Task { try await store(prepared) }.value
    }

    private func store(_ prepared: Prepared) async throws -> (items: Int, notModified: Bool) {
        try await images.flushWrittenFiles()
        switch prepared.outcome {
        case .notModified(let stored, let rows):
            try await database.applyNotModified(stored, cursor: prepared.cursor, run: run, images: rows, now: Date())
            await images.forget(prepared.askedImages)
            report.update {
                $0.unchanged += stored.fragmentIDs.count
                $0.pagesNotModified += 1
            }
            return (stored.fragmentIDs.count, true)
        case .read(let changes, let counts, let items):
            try await database.apply(changes)
            await images.forget(prepared.askedImages)
            report.update {
                $0.pagesRead += 1
                $0.added += counts.added
                $0.changed += counts.changed
                $0.moved += counts.moved
                $0.unchanged += counts.unchanged
            }
            return (items, false)
        }
    }

    /// The page without the items this run found already, on an earlier page or earlier on this
    /// one: offset paging lists an item twice when content moved up while the run read. A page
    /// with a next page and nothing but such items means the query does not page (it ignores
    /// its offset), and the list would never end.
    private func withoutRepeats(_ page: SyncPage, claimed: Set<String>) throws -> SyncPage {
        var seen = try database.seen(page.items.map(\.path), run: run).union(claimed)
        var kept = page
        kept.items = page.items.filter { seen.insert($0.path).inserted }
        if kept.items.isEmpty, !page.items.isEmpty, page.nextCursor != nil {
            throw AemError(
                .invalidResponse,
                "The server answered a page with only items listed before, and says more follow: the query does not page, and the list would never end."
            )
        }
        return kept
    }

    private func read(_ page: SyncPage, cursor: String, claimed: Set<Int64>) async throws -> Prepared {
        let known = try database.match(page.items, run: run, excluding: claimed)
        let listHashes = page.items.map { ContentHash.of($0.json) }
        var entries = [PageChanges.Entry?](repeating: nil, count: page.items.count)
        var counts = Counts()
        var toRead: [Int] = []
        var unchangedIDs: [Int64] = []
        for (index, item) in page.items.enumerated() {
            if let existing = known[index], !revalidateAll, existing.path == item.path,
                existing.listHash == listHashes[index]
            {
                entries[index] = .unchanged(id: existing.id, listHash: listHashes[index])
                unchangedIDs.append(existing.id)
            } else {
                toRead.append(index)
            }
        }
        let missing = try database.missingImages(of: unchangedIDs)
        try await images.prereadRows(of: missing + toRead.flatMap { page.items[$0].complete?.imageLocations ?? [] })
        var imageRows = try await fetchImages(missing, revalidate: false)
        var asked = missing

        let work = toRead.map { (index: $0, item: page.items[$0], known: known[$0], listHash: listHashes[$0]) }
        for (index, entry, rows) in try await readAll(work) {
            entries[index] = entry
            imageRows += rows
            if case .read(_, _, _, let detail, _) = entry { asked += detail.imageLocations }
        }
        for entry in entries {
            switch entry {
            case .unchanged?:
                counts.unchanged += 1
            case .read(let existing, let item, _, _, let contentHash)?:
                if let existing {
                    if existing.path != item.path { counts.moved += 1 }
                    if existing.path != item.path || existing.contentHash != contentHash {
                        counts.changed += 1
                    } else {
                        counts.unchanged += 1
                    }
                } else {
                    counts.added += 1
                }
            case nil:
                break // gone between the list and its detail: removed at the end of the run if still gone
            }
        }
        let kept = entries.compactMap { $0 }
        let changes = PageChanges(
            run: run, cursor: cursor, nextCursor: page.nextCursor, validator: page.validator,
            entries: kept, images: imageRows, now: Date())
        let ids = kept.compactMap { entry -> Int64? in
            switch entry {
            case .unchanged(let id, _): id
            case .read(let existing, _, _, _, _): existing?.id
            }
        }
        return Prepared(
            cursor: cursor, outcome: .read(changes, counts, items: page.items.count), askedImages: asked,
            claim: Claim(paths: Set(page.items.map(\.path)), ids: Set(ids)))
    }

    /// Reads the fragments marked stale (what they reference changed, moved, appeared or went)
    /// again, a batch at a time, each batch in one transaction, until none is left.
    func rereadStale() async throws {
        while true {
            let stale = try database.staleFragments(limit: 100)
            guard !stale.isEmpty else { return }
            let work = stale.enumerated().map { index, known in
                (
                    index: index,
                    item: SyncListItem(path: known.path, slug: known.slug, model: known.model, json: Data()),
                    known: Optional(known), listHash: known.listHash
                )
            }
            let results = try await readAll(work)
            try await images.flushWrittenFiles()
            try await database.apply(
                PageChanges(
                    run: run, cursor: nil, nextCursor: nil, validator: nil,
                    entries: results.map(\.1), images: results.flatMap(\.2), now: Date()))
            await images.pageApplied()
            let read = Set(results.map(\.0))
            try database.clearStale(stale.enumerated().filter { !read.contains($0.offset) }.map(\.element.id))
            let changed = results.filter { _, entry, _ in
                if case .read(let existing?, _, _, _, let hash) = entry { existing.contentHash != hash } else { false }
            }.count
            report.update {
                $0.changed += changed
                $0.unchanged -= changed
            }
        }
    }

    /// Reads items in full with their images, `concurrency` at a time; items that are gone are left out.
    private func readAll(_ work: [(index: Int, item: SyncListItem, known: KnownFragment?, listHash: String)])
        async throws
        -> [(Int, PageChanges.Entry, [ImageRow])]
    {
        try await work.concurrentMap(limit: concurrency) { one in
            try await readItem(one.item, known: one.known, listHash: one.listHash, index: one.index)
        }
        .compactMap { $0 }
    }

    /// Reads one item in full with its images; nil when it is gone.
    private func readItem(_ item: SyncListItem, known: KnownFragment?, listHash: String, index: Int) async throws
        -> (Int, PageChanges.Entry, [ImageRow])?
    {
        let detail: SyncItemDetail
        if let complete = item.complete {
            detail = complete
        } else {
            report.update { $0.requests += 1 }
            do {
                guard let read = try await source.detail(of: item) else { return nil }
                detail = read
            } catch let error as AemError {
                throw error.inContext("Reading \(item.path): ")
            }
        }
        let contentHash = detail.json == item.json ? listHash : ContentHash.of(detail.json)
        // A new fragment uses images already on disk as they are; a changed one asks about them.
        let changed = known.map { $0.contentHash != contentHash || $0.path != item.path } ?? false
        let rows = try await fetchImages(detail.imageLocations, revalidate: changed || revalidateAll)
        return (
            index, .read(existing: known, item: item, listHash: listHash, detail: detail, contentHash: contentHash),
            rows
        )
    }

    private func fetchImages(_ locations: [String], revalidate: Bool) async throws -> [ImageRow] {
        var rows: [ImageRow] = []
        for location in locations {
            if let row = try await images.image(location, revalidate: revalidate) { rows.append(row) }
        }
        return rows
    }
}
