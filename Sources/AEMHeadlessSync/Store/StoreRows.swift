import Foundation

/// A fragment row as a sync compares it with what AEM sends.
struct KnownFragment: Sendable {
    let id: Int64
    let path: String
    let slug: String?
    let model: String?
    let listHash: String
    let contentHash: String
}

/// An image on disk, with what a conditional GET needs.
struct ImageRow: Sendable {
    let location: String
    let file: String
    let source: String
    let etag: String?
    let lastModified: String?
    let length: Int64
    /// The last run that handled it: asked the server about it, or found it on disk.
    let checkedRun: Int64

    /// The same image, handled by `run`.
    func handled(in run: Int64) -> ImageRow {
        ImageRow(
            location: location, file: file, source: source, etag: etag, lastModified: lastModified, length: length,
            checkedRun: run)
    }
}

/// A page as stored after it was applied: what a 304 for it stands for.
struct StoredPage: Sendable {
    let validator: PageValidator
    let nextCursor: String?
    let fragmentIDs: [Int64]
}

/// The run a sync works in: a new one, or the interrupted one it resumes.
struct RunState: Sendable {
    let id: Int64
    /// The cursor of the next page to read; nil for the first page.
    let cursor: String?
    let resumed: Bool
    /// Pages of this run already applied: with a nil `cursor`, more than zero means that every
    /// page was applied and only the end of the run is left.
    let pagesRead: Int
    /// Fragments in the store before the run, for an estimate of the total.
    let knownFragments: Int
}

/// What one page changes in the store, applied in one transaction.
struct PageChanges: Sendable {
    enum Entry: Sendable {
        /// Found again as it was.
        case unchanged(id: Int64, listHash: String)
        /// Read in full: written when new or different, with its images.
        case read(
            existing: KnownFragment?, item: SyncListItem, listHash: String, detail: SyncItemDetail, contentHash: String)
    }

    let run: Int64
    /// The cursor the page was asked with ('' for the first page); nil for fragments read again
    /// because what they reference changed, which belong to no page.
    let cursor: String?
    let nextCursor: String?
    let validator: PageValidator?
    let entries: [Entry]
    /// Images fetched or revalidated while reading the page.
    let images: [ImageRow]
    let now: Date
}

/// What the end of a complete run removed.
struct RunEnd: Sendable {
    let removedImageFiles: [String]
}
