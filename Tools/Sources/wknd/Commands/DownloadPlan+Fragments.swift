import AEMHeadless
import WKNDCore

extension DownloadPlan {
    /// Plans the downloads of the images the fragments below `folder` reference (`--fragments`):
    /// the list's pages, then each fragment with its direct references (the list sends none),
    /// `concurrency` at a time (a page's fragments in groups of that many); each image named as `--query` names them.
    static func fragments(under folder: String, aem: Aem, concurrency: Int, selection: ImageSelection) async throws
        -> DownloadPlan
    {
        var plan = DownloadPlan()
        let origin = aem.configuration.origin
        for try await page in try aem.fragments(under: folder) {
            let ids = page.items.map(\.id)
            for start in stride(from: 0, to: ids.count, by: max(1, concurrency)) {
                let group = ids[start..<min(ids.count, start + max(1, concurrency))]
                for fragment in try await read(group, aem: aem) {
                    plan.add(fragment.referencedImages, origin: origin, selection: selection)
                }
            }
        }
        return plan
    }

    /// The fragments with `ids` and their direct references, read at once, in order; one removed since the list was
    /// read is left out (nothing to download).
    private static func read(_ ids: ArraySlice<String>, aem: Aem) async throws -> [DeliveredFragment] {
        try await withThrowingTaskGroup(of: (Int, DeliveredFragment?).self) { group in
            for (index, id) in ids.enumerated() {
                group.addTask {
                    do {
                        return (index, try await aem.execute(.fragment(id: id, references: .direct)).value)
                    } catch let error as AemError where error.kind == .notFound {
                        return (index, nil)
                    }
                }
            }
            var fragments = [DeliveredFragment?](repeating: nil, count: ids.count)
            for try await (index, fragment) in group { fragments[index] = fragment }
            return fragments.compactMap { $0 }
        }
    }
}
