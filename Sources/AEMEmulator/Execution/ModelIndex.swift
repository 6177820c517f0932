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
        var indices = Array(fragments.indices)
        let keys: [[SortSpecification.Value?]] =
            sort.map { sort in
                fragments.map { fragment in
                    sort.keys.map { key in
                        switch key.field {
                        case "_path": .text(fragment.path)
                        case "_id": .text(fragment.uuid)
                        default: SortSpecification.Value(fragment.value(of: key.field, variation: variation))
                        }
                    }
                }
            } ?? []
        if sort != nil || tieBreak == .uuid {
            indices.sort { lhs, rhs in
                if let sort {
                    let order = sort.compare(keys[lhs], keys[rhs])
                    if order != 0 { return order < 0 }
                }
                return tieBreak == .uuid ? fragments[lhs].uuid < fragments[rhs].uuid : lhs < rhs
            }
        }
        var positions: [String: Int] = [:]
        positions.reserveCapacity(indices.count)
        for (position, index) in indices.enumerated() { positions[fragments[index].uuid] = position }
        return Order(indices: indices, positionByUUID: positions)
    }
}
