import AEMWireFormats
import Foundation

/// The fragments of one model, indexed once for the queries over them: by path (the default order of list
/// queries), and in the orders asked for so far (the orders of sorted and paginated queries, cached per sort and
/// variation, so a page of 10,000 fragments does not sort them again).
final class ModelIndex: @unchecked Sendable {
    let model: FragmentModel
    let naming: ModelNaming
    /// The fragments, sorted by path.
    let fragments: [ContentFragment]
    /// The fields that GraphQL can name, by name.
    let fields: [String: ModelField]
    /// The names `sort` accepts: `_path`, `_id` and the fields of scalar kinds.
    let sortableFields: Set<String>

    /// An order of ``fragments``: their indices, and where each one stands in it.
    struct Order: Sendable {
        let indices: [Int]
        /// Each fragment's place in ``indices``, by index in ``fragments``.
        let positions: [Int]
    }

    /// How ties are broken: by path for list queries, by UUID for paginated ones.
    enum TieBreak: Sendable, Hashable {
        case path, uuid
    }

    private struct OrderKey: Hashable {
        let sort: SortSpecification?
        let variation: String?
        let tieBreak: TieBreak

        /// The columns the order is made from (with the path order, which breaks the remaining ties).
        var columns: [Column] {
            (sort?.keys ?? []).map { Column(field: $0.field, variation: $0.field.hasPrefix("_") ? nil : variation) }
                + (tieBreak == .uuid ? [Column(field: "_id", variation: nil)] : [])
        }
    }

    /// A sortable field of ``fragments``, read from a variation (nil: master).
    private struct Column: Hashable {
        let field: String
        let variation: String?
    }

    /// Each fragment's rank among the values of one column (ascending; equal values share one), and how many
    /// distinct values there are; a fragment without a value has ``missing``.
    struct Ranks: Sendable {
        let ranks: [Int32]
        let distinct: Int32
        static let missing = Int32.max
    }

    private let lock = NSLock()
    private var orders: [OrderKey: Order] = [:]
    private var columns: [Column: Ranks] = [:]
    private var fragmentsByUUID: [String: [Int]]?
    private var languagesFound: [LanguageCode?]?
    /// The most orders kept; the cache starts afresh when it is full (sorts come from URLs, so they are unbounded).
    private static let maximumOrders = 64
    /// The most ranked columns kept, for the same reason (variations are named in URLs).
    private static let maximumColumns = 256

    convenience init(model: FragmentModel, fragments: [ContentFragment]) {
        self.init(model: model, sortedFragments: fragments.sortedByPath(bytewise: false))
    }

    /// The index of `model`'s fragments in `repository` in the path order of `earlier`, an index of an earlier state
    /// of the content, with its languages (and UUID index, where no UUID changed); nil when the model's `count`
    /// fragments are not at the same paths.
    convenience init?(
        model: FragmentModel, keepingOrderOf earlier: ModelIndex, in repository: ContentRepository, count: Int
    ) {
        guard earlier.fragments.count == count else { return nil }
        var fragments: [ContentFragment] = []
        fragments.reserveCapacity(count)
        var sameUUIDs = true
        for fragment in earlier.fragments {
            guard let current = repository.fragments[fragment.path], current.modelPath == model.path else { return nil }
            if current.uuid != fragment.uuid { sameUUIDs = false }
            fragments.append(current)
        }
        self.init(model: model, sortedFragments: fragments)
        earlier.lock.withLock {
            languagesFound = earlier.languagesFound
            if sameUUIDs { fragmentsByUUID = earlier.fragmentsByUUID }
        }
    }

    /// `earlier` after the fragments at `changedPaths` were read again into `repository`: `earlier` itself when none of
    /// them is of its model, else a copy holding them in the same places, with every ranked column and cached order
    /// whose values they leave as they were, and the languages and UUID index where those hold. Nil when a change
    /// adds a fragment to the model or takes one out of it (the order must be made again).
    static func patching(_ earlier: ModelIndex, at changedPaths: Set<String>, in repository: ContentRepository)
        -> ModelIndex?
    {
        var changes: [(index: Int, fragment: ContentFragment)] = []
        for path in changedPaths {
            let current = repository.fragments[path].flatMap { $0.modelPath == earlier.model.path ? $0 : nil }
            switch (earlier.index(ofPath: path), current) {
            case (nil, nil): continue
            case (let index?, let current?): changes.append((index, current))
            default: return nil
            }
        }
        guard !changes.isEmpty else { return earlier }
        var fragments = earlier.fragments
        for (index, fragment) in changes { fragments[index] = fragment }
        let patched = ModelIndex(model: earlier.model, sortedFragments: fragments)
        let edits = changes.map { (old: earlier.fragments[$0.index], new: $0.fragment) }
        earlier.lock.withLock {
            // A fragment's language copy is named by its path, which is the same.
            patched.languagesFound = earlier.languagesFound
            if edits.allSatisfy({ $0.old.uuid == $0.new.uuid }) { patched.fragmentsByUUID = earlier.fragmentsByUUID }
            patched.columns = earlier.columns.filter { column, _ in
                edits.allSatisfy { Self.sameValue(of: column, $0.old, $0.new) }
            }
            patched.orders = earlier.orders.filter { key, _ in key.columns.allSatisfy { patched.columns[$0] != nil } }
        }
        return patched
    }

    /// The index in ``fragments`` of the fragment at `path`, found by halving (they are sorted by path).
    private func index(ofPath path: String) -> Int? {
        var (low, high) = (0, fragments.count)
        while low < high {
            let middle = (low + high) / 2
            if fragments[middle].path < path { low = middle + 1 } else { high = middle }
        }
        return low < fragments.count && fragments[low].path == path ? low : nil
    }

    /// Whether two states of a fragment hold the same value of `column`, of the same kind (a value of another kind
    /// can change how the whole column is compared).
    private static func sameValue(of column: Column, _ old: ContentFragment, _ new: ContentFragment) -> Bool {
        switch column.field {
        case "_path": return old.path == new.path
        case "_id": return old.uuid == new.uuid
        default:
            let before = SortSpecification.Value(old.value(of: column.field, variation: column.variation))
            let after = SortSpecification.Value(new.value(of: column.field, variation: column.variation))
            switch (before, after) {
            case (nil, nil): return true
            case (.text(let a)?, .text(let b)?): return a == b
            case (.number(let a)?, .number(let b)?): return a == b
            case (.bool(let a)?, .bool(let b)?): return a == b
            default: return false
            }
        }
    }

    private init(model: FragmentModel, sortedFragments: [ContentFragment]) {
        self.model = model
        naming = ModelNaming(title: model.title)
        self.fragments = sortedFragments
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

    /// Ranks every sortable field of the master values and the UUIDs ahead of the first query that sorts by them
    /// (as AEM's own indexes are built before they are used): a sorted page of a large model is then a sort of
    /// integers.
    /// Each column is ranked on its own thread where there are several.
    func prepare() {
        let columns =
            [Column(field: "_id", variation: nil)]
            + sortableFields.sorted().filter { $0 != "_path" }.map { Column(field: $0, variation: nil) }
        DispatchQueue.concurrentPerform(iterations: columns.count + 2) { job in
            switch job {
            case 0: _ = languages
            case 1: _ = uuidIndex()
            default: _ = ranks(of: columns[job - 2])
            }
        }
    }

    /// The fragments in the order of `sort` (then `tieBreak`), values read from `variation`.
    func order(sort: SortSpecification?, variation: String?, tieBreak: TieBreak) -> Order {
        let key = OrderKey(sort: sort, variation: sort == nil ? nil : variation, tieBreak: tieBreak)
        if let order = lock.withLock({ orders[key] }) { return order }
        let order = computeOrder(sort: sort, variation: variation, tieBreak: tieBreak)
        lock.withLock {
            if orders.count >= Self.maximumOrders { orders.removeAll() }
            orders[key] = order
        }
        return order
    }

    /// The language copy each of ``fragments`` is in (`_locale` filters by it), found once: ahead of queries by
    /// ``prepare()``, else by the first query that filters by locale.
    var languages: [LanguageCode?] {
        if let found = lock.withLock({ languagesFound }) { return found }
        let languages = fragments.map(LocaleArgument.language(of:))
        lock.withLock { languagesFound = languages }
        return languages
    }

    /// The place in `order` of the fragment whose UUID is `uuid` (the last in the order when several share it).
    func position(ofUUID uuid: String, in order: Order) -> Int? {
        uuidIndex()[uuid]?.map { order.positions[$0] }.max()
    }

    /// The indices in ``fragments`` of each UUID, found once.
    private func uuidIndex() -> [String: [Int]] {
        if let found = lock.withLock({ fragmentsByUUID }) { return found }
        var byUUID: [String: [Int]] = [:]
        byUUID.reserveCapacity(fragments.count)
        for (index, fragment) in fragments.enumerated() { byUUID[fragment.uuid, default: []].append(index) }
        lock.withLock { fragmentsByUUID = byUUID }
        return byUUID
    }

    private func computeOrder(sort: SortSpecification?, variation: String?, tieBreak: TieBreak) -> Order {
        let count = fragments.count
        var indices = Array(fragments.indices)
        if sort != nil || tieBreak == .uuid {
            // Each key's rank for each fragment (descending reverses the present values; a missing value stays
            // last), then the tie-break's: the sort compares integers only, where comparing the values themselves
            // cost more in reference counting than in comparing.
            var keys: [(ranks: [Int32], size: Int)] = []
            for key in sort?.keys ?? [] {
                let ranks = ranks(of: Column(field: key.field, variation: key.field.hasPrefix("_") ? nil : variation))
                let distinct = ranks.distinct
                keys.append(
                    (
                        ranks.ranks.map { rank in
                            rank == Ranks.missing ? distinct : key.descending ? distinct - 1 - rank : rank
                        }, Int(distinct) + 1
                    ))
            }
            if tieBreak == .uuid {
                let ranks = ranks(of: Column(field: "_id", variation: nil))
                keys.append((ranks.ranks.map { min($0, ranks.distinct) }, Int(ranks.distinct) + 1))
            }
            indices = Self.packedOrder(of: keys, count: count) ?? Self.comparedOrder(of: keys, count: count)
        }
        var positions = [Int](repeating: 0, count: count)
        for (position, index) in indices.enumerated() { positions[index] = position }
        return Order(indices: indices, positions: positions)
    }

    /// The indices ordered by `keys` (each a column of values below its `size`), then by index: each index's keys
    /// and itself packed into one 64-bit integer, and those sorted. Nil when they need more than 64 bits.
    static func packedOrder(of keys: [(ranks: [Int32], size: Int)], count: Int) -> [Int]? {
        func bits(_ size: Int) -> Int { size <= 1 ? 0 : Int.bitWidth - (size - 1).leadingZeroBitCount }
        let indexBits = bits(count)
        let totalBits = keys.reduce(indexBits) { $0 + bits($1.size) }
        guard totalBits <= 64 else { return nil }
        var packed = [UInt64](repeating: 0, count: count)
        for key in keys {
            let shift = UInt64(bits(key.size))
            for index in 0..<count { packed[index] = packed[index] << shift | UInt64(key.ranks[index]) }
        }
        for index in 0..<count { packed[index] = packed[index] << UInt64(indexBits) | UInt64(index) }
        packed.sortByRadix(significantBits: totalBits)
        let mask = indexBits == 64 ? UInt64.max : (1 << UInt64(indexBits)) - 1
        return packed.map { Int($0 & mask) }
    }

    /// The indices ordered by `keys`, then by index, compared key by key.
    static func comparedOrder(of keys: [(ranks: [Int32], size: Int)], count: Int) -> [Int] {
        var indices = Array(0..<count)
        indices.sort { lhs, rhs in
            for key in keys where key.ranks[lhs] != key.ranks[rhs] { return key.ranks[lhs] < key.ranks[rhs] }
            return lhs < rhs
        }
        return indices
    }

    /// The ranks of `column`, found once. A query does not wait for ``prepare()``: where both rank the same column at
    /// once, the first to finish is kept.
    private func ranks(of column: Column) -> Ranks {
        if let ranks = lock.withLock({ columns[column] }) { return ranks }
        let values = fragments.map { fragment -> SortSpecification.Value? in
            switch column.field {
            case "_path": .text(fragment.path)
            case "_id": .text(fragment.uuid)
            default: SortSpecification.Value(fragment.value(of: column.field, variation: column.variation))
            }
        }
        let ranks = Self.ranks(of: values)
        return lock.withLock {
            if let found = columns[column] { return found }
            if columns.count >= Self.maximumColumns { columns.removeAll() }
            columns[column] = ranks
            return ranks
        }
    }

    /// Each value's place in the order of `SortSpecification.Value.compare`, equal values sharing one; a missing
    /// value ``Ranks/missing``.
    static func ranks(of values: [SortSpecification.Value?]) -> Ranks {
        var present: [Int] = []
        present.reserveCapacity(values.count)
        var presentValues: [SortSpecification.Value] = []
        var texts: [String] = []
        var numbers: [Double] = []
        var kinds = Set<Int>()
        for (index, value) in values.enumerated() {
            guard let value else { continue }
            present.append(index)
            presentValues.append(value)
            switch value {
            case .text(let text):
                kinds.insert(0)
                texts.append(text)
            case .number(let number):
                kinds.insert(1)
                numbers.append(number)
            case .bool(let flag):
                kinds.insert(2)
                numbers.append(flag ? 1 : 0)
            }
        }
        // Sorted by one kind's own comparison where all values are of one kind (the usual case), else by the
        // general one; places into `present`.
        var places = Array(present.indices)
        if kinds.count > 1 {
            places.sort { SortSpecification.Value.compare(presentValues[$0], presentValues[$1]) < 0 }
        } else if kinds.first == 0 {
            let packed = PackedStrings(texts)
            if packed.bytesOrderAsStrings {
                places = packed.sortedIndices()
            } else {
                texts.withUnsafeBufferPointer { texts in places.sort { texts[$0] < texts[$1] } }
            }
        } else {
            numbers.withUnsafeBufferPointer { numbers in places.sort { numbers[$0] < numbers[$1] } }
        }
        var ranks = [Int32](repeating: Ranks.missing, count: values.count)
        var rank: Int32 = -1
        for (offset, place) in places.enumerated() {
            if offset == 0
                || SortSpecification.Value.compare(presentValues[places[offset - 1]], presentValues[place]) != 0
            {
                rank += 1
            }
            ranks[present[place]] = rank
        }
        return Ranks(ranks: ranks, distinct: rank + 1)
    }
}
