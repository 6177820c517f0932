/// The content as the delivery API reads it, prepared once when the emulator starts: the fragments in list order
/// (``DeliveryRules/sortsBefore(_:_:)``), found by id or path, so that a page is a binary search and a slice.
struct DeliveryIndex: Sendable {
    /// Every fragment, in list order.
    let fragments: [ContentFragment]
    /// Every model, by path.
    let models: [String: FragmentModel]
    /// Every asset that is not a fragment, by path.
    let assets: [String: DamAsset]
    private let positionsByID: [String: Int]
    private let positionsByPath: [String: Int]

    /// - Parameters:
    ///   - previous: the index of an earlier state of the content, whose order (and positions by id and path) is kept
    ///     when the fragments are at the same paths with the same ids.
    ///   - changedPaths: the only fragments that can differ from `previous`'s; nil: any.
    init(repository: ContentRepository, reusing previous: DeliveryIndex? = nil, changedPaths: Set<String>? = nil) {
        models = repository.models
        assets = repository.assets
        if let previous,
            let fragments = changedPaths.flatMap({ Self.patched(previous, at: $0, in: repository) })
                ?? Self.sameFragments(in: repository, as: previous)
        {
            self.fragments = fragments
            positionsByID = previous.positionsByID
            positionsByPath = previous.positionsByPath
            return
        }
        fragments = Array(repository.fragments.values).sortedByPath(bytewise: true)
        var byID: [String: Int] = [:]
        var byPath: [String: Int] = [:]
        for (position, fragment) in fragments.enumerated() {
            if byID[fragment.uuid] == nil { byID[fragment.uuid] = position }
            byPath[fragment.path] = position
        }
        positionsByID = byID
        positionsByPath = byPath
    }

    /// `previous`'s fragments with those at `changedPaths` read from `repository`, when each of them is at a path
    /// `previous` holds, with the same id.
    private static func patched(
        _ previous: DeliveryIndex, at changedPaths: Set<String>, in repository: ContentRepository
    )
        -> [ContentFragment]?
    {
        var fragments = previous.fragments
        for path in changedPaths {
            let position = previous.positionsByPath[path]
            switch (position, repository.fragments[path]) {
            case (nil, nil):
                continue
            case (let position?, let current?) where current.uuid == fragments[position].uuid:
                fragments[position] = current
            default:
                return nil
            }
        }
        return fragments
    }

    /// `repository`'s fragments in `previous`'s order, when it holds fragments at the same paths with the same ids.
    private static func sameFragments(in repository: ContentRepository, as previous: DeliveryIndex)
        -> [ContentFragment]?
    {
        guard previous.fragments.count == repository.fragments.count else { return nil }
        var fragments: [ContentFragment] = []
        fragments.reserveCapacity(previous.fragments.count)
        for fragment in previous.fragments {
            guard let current = repository.fragments[fragment.path], current.uuid == fragment.uuid else { return nil }
            fragments.append(current)
        }
        return fragments
    }

    /// The fragment whose `jcr:uuid` is `id` (the first in list order when several share it).
    func fragment(id: String) -> ContentFragment? {
        positionsByID[id].map { fragments[$0] }
    }

    /// The fragment at `path`.
    func fragment(path: String) -> ContentFragment? {
        positionsByPath[path].map { fragments[$0] }
    }

    /// The positions in ``fragments`` a list of `path` covers: the fragment at `path` alone, else every fragment
    /// below the folder `path` (sub-folders included), or every fragment when `path` is `nil`.
    func positions(listing path: String?) -> Range<Int> {
        guard let path else { return fragments.indices }
        if let position = positionsByPath[path] { return position..<(position + 1) }
        // In byte order, the paths below `path/` are those from `path/` up to `path0` ("0" follows "/").
        return firstPosition(notBefore: path + "/")..<firstPosition(notBefore: path + "0")
    }

    /// The first position whose path does not sort before `path`.
    private func firstPosition(notBefore path: String) -> Int {
        var low = 0
        var high = fragments.count
        while low < high {
            let middle = (low + high) / 2
            if DeliveryRules.sortsBefore(fragments[middle].path, path) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }
}
