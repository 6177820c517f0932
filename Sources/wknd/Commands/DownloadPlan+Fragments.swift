import AEMHeadless

extension DownloadPlan {
    /// Plans the downloads of the images the fragments below `folder` reference (`--fragments`):
    /// the list's pages, then each fragment with its direct references (the list sends none),
    /// `concurrency` at a time; each image named as `--query` names them.
    static func fragments(under folder: String, aem: Aem, concurrency: Int) async throws -> DownloadPlan {
        var plan = DownloadPlan()
        let origin = aem.configuration.origin
        for try await page in try aem.fragments(under: folder) {
            let fragments = try await withThrowingTaskGroup(of: (Int, DeliveredFragment?).self) { group in
                var results: [DeliveredFragment?] = Array(repeating: nil, count: page.items.count)
                var next = 0
                func startNext() {
                    guard next < page.items.count else { return }
                    let (index, id) = (next, page.items[next].id)
                    next += 1
                    group.addTask {
                        do {
                            return (index, try await aem.fragment(id: id, references: .direct))
                        } catch let error as AemError where error.kind == .notFound {
                            return (index, nil) // Removed since the list was read: nothing to download.
                        }
                    }
                }
                for _ in 0..<concurrency { startNext() }
                while let (index, fragment) = try await group.next() {
                    results[index] = fragment
                    startNext()
                }
                return results.compactMap { $0 }
            }
            for fragment in fragments { plan.add(fragment.referencedImages, origin: origin) }
        }
        return plan
    }
}
