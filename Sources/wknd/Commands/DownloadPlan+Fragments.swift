import AEMHeadless

extension DownloadPlan {
    /// Plans the downloads of the images the fragments below `folder` reference (`--fragments`):
    /// the list's pages, then each fragment with its direct references (the list sends none),
    /// `concurrency` at a time; each image named as `--query` names them.
    static func fragments(under folder: String, aem: Aem, concurrency: Int, selection: ImageSelection) async throws
        -> DownloadPlan
    {
        var plan = DownloadPlan()
        let origin = aem.configuration.origin
        for try await page in try aem.fragments(under: folder) {
            let ids = page.items.map(\.id)
            let fragments = try await ids.concurrentMap(limit: concurrency) { id -> DeliveredFragment? in
                do {
                    return try await aem.execute(.fragment(id: id, references: .direct)).value
                } catch let error as AemError where error.kind == .notFound {
                    return nil // Removed since the list was read: nothing to download.
                }
            }
            for case let fragment? in fragments {
                plan.add(fragment.referencedImages, origin: origin, selection: selection)
            }
        }
        return plan
    }
}
