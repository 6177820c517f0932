import AEMHeadless
import Foundation

/// Every content fragment below a DAM folder, through AEM's Content Fragment Delivery API
/// (`/adobe/contentFragments`), as a sync source: no persisted query needed, any model.
///
/// ```swift
/// let source = try FragmentSyncSource(aem: aem, folder: "/content/dam/wknd-shared/en")
/// let report = try await SyncEngine(aem: aem, directory: folder).sync(source)
/// let store = try ContentStore(directory: folder)
/// for fragment in try store.deliveredFragments() { print(fragment.path, fragment.title) }
/// ```
///
/// The list's pages (sub-folders included, at most 50 fragments a page) are asked with the
/// `ETag` the server sent last time (`If-None-Match`); a 304 means no fragment on the page
/// changed. A fragment that is new, or whose list entry changed, is read by its id with
/// `references=all-hydrated`, and the store keeps that object as AEM sent it: the fragment with
/// everything it reaches through reference fields, each referenced fragment with its fields, so
/// that a stored fragment is whole offline whatever folder its references lie in. Its images
/// are those its fields show and the image assets among its references, loaded from their DAM
/// paths on the AEM origin.
///
/// A fragment is read again when a fragment among its references changes, moves, appears or
/// goes (they are its `referencedPaths`). The fragment's id, which stays when a fragment moves,
/// is kept as its slug: a fragment found at a new path with its id is the same fragment, moved.
/// A change to a referenced fragment outside the folder does not show in the folder's list; a
/// sync with `revalidateAll` reads every fragment again and finds it.
public struct FragmentSyncSource: SyncSource {
    /// How much of what a fragment references the store keeps with it.
    static let references = FragmentReferences.allHydrated

    private let aem: Aem
    /// The DAM folder mirrored, such as `/content/dam/wknd-shared/en`.
    let folder: String
    /// Fragments asked for per page (1–50).
    let pageSize: Int

    /// The source of every fragment below `folder`.
    ///
    /// - Throws: `AemError` of kind `.invalidRequest`, before anything is sent, when `folder`
    ///   does not start with `/content/dam/` or ends with `/`, or `pageSize` is outside 1…50.
    public init(aem: Aem, folder: String, pageSize: Int = 50) throws(AemError) {
        // The library's list checks both before it sends anything.
        _ = try aem.fragments(under: folder, pageSize: pageSize)
        self.aem = aem
        self.folder = folder
        self.pageSize = pageSize
    }

    /// `the fragments under /content/dam/wknd-shared/en`; the page size is left out, since it
    /// changes the pages, not what is mirrored.
    public var identity: String { "the fragments under \(folder)" }

    public func page(after cursor: String?, validator: PageValidator?) async throws -> PageAnswer {
        guard
            let (page, headers) = try await aem.fragmentPage(
                under: folder, pageSize: pageSize, cursor: cursor, ifNoneMatch: validator?.etag,
                ifModifiedSince: validator?.lastModified)
        else { return .notModified }
        let items = page.items.map { fragment in
            SyncListItem(
                path: fragment.path, slug: fragment.id, model: fragment.model.name,
                json: Data(fragment.json.jsonBytes()))
        }
        let validator = PageValidator.from(etag: headers["ETag"], lastModified: headers["Last-Modified"])
        return .page(SyncPage(items: items, nextCursor: page.cursor, validator: validator))
    }

    /// The fragment with its references, read by id (by path for a stored fragment without
    /// one); nil when AEM answers 404.
    public func detail(of item: SyncListItem) async throws -> SyncItemDetail? {
        let fragment: DeliveredFragment
        do {
            if let id = item.slug, !id.isEmpty {
                fragment = try await aem.read(.fragment(id: id, references: Self.references))
            } else {
                fragment = try await aem.read(.fragment(path: item.path, references: Self.references))
            }
        } catch let error as AemError where error.kind == .notFound && error.status == 404 {
            return nil
        }
        return Self.detail(of: fragment)
    }

    /// The fragment read by its id (else its path) with `Cache-Control: no-cache`; absent when AEM answers 404 or it
    /// lies outside the folder now.
    public func read(_ changed: ChangedFragment) async throws -> ChangedFragmentRead {
        let fragment: DeliveredFragment
        do {
            fragment = try await aem.freshFragment(id: changed.id, path: changed.path, references: Self.references)
        } catch let error as AemError where error.kind == .notFound && error.status == 404 {
            return .absent
        }
        guard fragment.path.hasPrefix(folder + "/") else { return .absent }
        let item = SyncListItem(path: fragment.path, slug: fragment.id, model: fragment.model.name, json: Data())
        return .item(item, Self.detail(of: fragment))
    }

    /// The fragment as the store keeps it: its JSON, its images, and the paths of the fragments
    /// among its references.
    ///
    /// The images are those its own fields show (`referencedImages`, as `wknd download
    /// --fragments` finds them), then the other image assets among its references: those of the
    /// fragments it reaches, which its JSON holds too.
    private static func detail(of fragment: DeliveredFragment) -> SyncItemDetail {
        var locations = fragment.referencedImages.compactMap(\.reference.location)
        var seen = Set(locations)
        for asset in fragment.referencedAssetList where asset.isImage {
            if seen.insert(asset.path).inserted { locations.append(asset.path) }
        }
        var fragments: [String] = []
        for reference in fragment.references.values {
            if case .fragment(let referenced) = reference { fragments.append(referenced.path) }
        }
        return SyncItemDetail(
            json: Data(fragment.json.jsonBytes()), imageLocations: locations, referencedPaths: fragments.sorted())
    }
}
