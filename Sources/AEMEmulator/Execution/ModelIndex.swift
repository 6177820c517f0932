import Foundation
import LanguageCopies

/// The fragments of one model, indexed once for the queries over them: by path (the default order of list
/// queries), and in the orders asked for so far (the orders of sorted and paginated queries, cached per sort and
/// variation, so a page of 10,000 fragments does not sort them again).
final class ModelIndex: @unchecked Sendable {
    let model: FragmentModel
    let naming: ModelNaming
    /// The fragments, sorted by path.
    let fragments: [ContentFragment]
    /// The language copy each of ``fragments`` is in, found once (`_locale` filters by it).
    let languages: [LanguageCode?]
    /// The fields that GraphQL can name, by name.
    let fields: [String: ModelField]
    /// The names `sort` accepts: `_path`, `_id` and the fields of scalar kinds.
    let sortableFields: Set<String>

    /// An order of ``fragments``: their indices, and each fragment's place by UUID (to find a cursor).
    struct Order: Sendable {
        let indices: [Int]
        let positionByUUID: [String: Int]
    }

    /// How ties are broken: by path for list queries, by UUID for paginated ones.
    enum TieBreak: Sendable, Hashable {
        case path, uuid
    }

    private struct OrderKey: Hashable {
        let sort: SortSpecification?
        let variation: String?
        let tieBreak: TieBreak
    }

    private let lock = NSLock()
    private var orders: [OrderKey: Order] = [:]
    private var uuidRanksFound: [Int]?
    /// The most orders kept; the cache starts afresh when it is full (sorts come from URLs, so they are unbounded).
    private static let maximumOrders = 64

    init(model: FragmentModel, fragments: [ContentFragment]) {
        self.model = model
        naming = ModelNaming(title: model.title)
        self.fragments = fragments.sorted { $0.path < $1.path }
        languages = self.fragments.map(LocaleArgument.language(of:))
        var fields: [String: ModelField] = [:]
        var sortable: Set<String> = ["_path", "_id"]
        for field in model.fields where ModelNaming.isValidFieldName(field.name) && fields[field.name] == nil {
            fields[field.name] = field
            switch field.kind {
            case .text, .integer, .float, .boolean, .date, .enumeration: sortable.insert(field.name)
            default: break
            }
        }
        self.fields = fields
        sortableFields = sortable
    }

    /// The fragments in the order of `sort` (then `tieBreak`), values read from `variation`.
    func order(sort: SortSpecification?, variation: String?, tieBreak: TieBreak) -> Order {
        let key = OrderKey(sort: sort, variation: sort == nil ? nil : variation, tieBreak: tieBreak)
        lock.lock()
        if let order = orders[key] {
            lock.unlock()
            return order
        }
        lock.unlock()
        let order = computeOrder(sort: sort, variation: variation, tieBreak: tieBreak)
        lock.lock()
        if orders.count >= Self.maximumOrders { orders.removeAll() }
        orders[key] = order
        lock.unlock()
        return order
    }

    private func computeOrder(sort: SortSpecification?, variation: String?, tieBreak: TieBreak) -> Order {
        let count = fragments.count
        var indices = Array(fragments.indices)
        if sort != nil || tieBreak == .uuid {
            // Each key's rank for each fragment, then the tie-break's, in one flat array: the sort compares integers
            // only, where comparing the values themselves cost more in reference counting than in comparing.
            let keys = sort?.keys ?? []
            let width = keys.count + 1
            var ranks = [Int](repeating: 0, count: count * width)
            for (column, key) in keys.enumerated() {
                let values = fragments.map { fragment -> SortSpecification.Value? in
                    switch key.field {
                    case "_path": .text(fragment.path)
                    case "_id": .text(fragment.uuid)
                    default: SortSpecification.Value(fragment.value(of: key.field, variation: variation))
                    }
                }
                for (index, rank) in Self.ranks(of: values, descending: key.descending).enumerated() {
                    ranks[index * width + column] = rank
                }
            }
            let ties = tieBreak == .uuid ? uuidRanks() : Array(0..<count)
            for index in 0..<count { ranks[index * width + keys.count] = ties[index] }
            ranks.withUnsafeBufferPointer { ranks in
                indices.sort { lhs, rhs in
                    var (left, right) = (lhs * width, rhs * width)
                    for _ in 0..<width {
                        if ranks[left] != ranks[right] { return ranks[left] < ranks[right] }
                        left += 1
                        right += 1
                    }
                    return false
                }
            }
        }
        var positions: [String: Int] = [:]
        positions.reserveCapacity(indices.count)
        for (position, index) in indices.enumerated() { positions[fragments[index].uuid] = position }
        return Order(indices: indices, positionByUUID: positions)
    }

    /// Each value's place in the order of `SortSpecification.compare` (equal values share one, and `descending`
    /// reverses it); a missing value after all others in either direction.
    static func ranks(of values: [SortSpecification.Value?], descending: Bool) -> [Int] {
        var present: [(index: Int, value: SortSpecification.Value)] = []
        present.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            if let value { present.append((index, value)) }
        }
        present.sort { SortSpecification.Value.compare($0.value, $1.value) < 0 }
        var ranks = [Int](repeating: Int.max, count: values.count)
        var rank = 0
        for (place, entry) in present.enumerated() {
            if place > 0, SortSpecification.Value.compare(present[place - 1].value, entry.value) != 0 { rank += 1 }
            ranks[entry.index] = rank
        }
        if descending {
            for entry in present { ranks[entry.index] = rank - ranks[entry.index] }
        }
        return ranks
    }

    /// Each fragment's place in the order of UUIDs, found once.
    private func uuidRanks() -> [Int] {
        lock.lock()
        if let ranks = uuidRanksFound {
            lock.unlock()
            return ranks
        }
        lock.unlock()
        let ranks = Self.ranks(of: fragments.map { .text($0.uuid) }, descending: false)
        lock.lock()
        uuidRanksFound = ranks
        lock.unlock()
        return ranks
    }
}
