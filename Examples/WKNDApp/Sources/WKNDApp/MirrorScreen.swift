import AEMHeadless
import AEMHeadlessObservation
import AEMHeadlessSync
import Foundation

/// The app's offline screen: adventures from a local mirror, kept current as syncs change it.
final class MirrorScreen {
    let cheapest: MirrorModel<[AdventureCard]>

    /// The screen over the mirror in `folder` (filled by a `SyncEngine`).
    init(folder: URL) throws {
        let store = try ContentStore(directory: folder)
        let query = FragmentQuery(sort: [.ascending("price")], limit: 3)
        cheapest = MirrorModel { store.observe { try $0.decode(AdventureCard.self, matching: query) } }
    }

    /// The titles shown, cheapest first.
    var titles: [String] { (cheapest.value ?? []).compactMap(\.title) }
}
