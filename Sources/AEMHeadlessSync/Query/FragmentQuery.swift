import AEMHeadless
import Foundation
import GRDB

/// What to read from a synced folder: fragments of a model and locale, matching a condition and a full-text search,
/// sorted, a page at a time. `ContentStore.fragments(matching:)` runs it in SQLite, never loading the others.
///
/// ```swift
/// let query = FragmentQuery(where: .less("price", 500), sort: [.descending("price")], limit: 20)
/// let cheapest = try store.decode(Article.self, matching: query)   // your own model
/// let found = try store.fragments(matching: FragmentQuery(search: "surf bali"))   // best first
/// ```
public struct FragmentQuery: Sendable, Hashable {
    /// Only fragments of this model (`StoredFragment.model`).
    public var model: String?
    /// Only the fragment at this path and those below it (`/content/dam/site/en/adventures`).
    public var folder: String?
    /// Only fragments of this language copy.
    public var locale: ContentLocale?
    /// Only fragments matching this.
    public var predicate: FragmentPredicate?
    /// Only fragments whose title or rich text holds every word (the last may be the start of a word), ranked best
    /// first unless `sort` says otherwise: each place a word occurs counts, ten times in the title.
    public var search: String?
    /// The order: by each member in turn, then by path (in the direction of the last member). Empty: by search rank
    /// (best first, equal ranks in the order the fragments were stored) when searching, else by path.
    public var sort: [FragmentSort]
    /// At most this many; nil: all.
    public var limit: Int?
    /// Skip this many first.
    public var offset: Int

    public init(
        model: String? = nil, folder: String? = nil, locale: ContentLocale? = nil,
        where predicate: FragmentPredicate? = nil, search: String? = nil, sort: [FragmentSort] = [],
        limit: Int? = nil, offset: Int = 0
    ) {
        self.model = model
        self.folder = folder
        self.locale = locale
        self.predicate = predicate
        self.search = search
        self.sort = sort
        self.limit = limit
        self.offset = offset
    }

    /// The SQL selecting the matching fragments' rows (`SELECT fragment.* …`), with its arguments.
    func sql(counting: Bool = false) throws(SyncError) -> (String, StatementArguments) {
        var values: [UntypedJSON] = []
        var conditions: [String] = []
        var from = "fragment"
        let words = search.map(Self.searchExpression) ?? ""
        if !words.isEmpty {
            from =
                "(SELECT rowid, aem_rank(fragment_search, 10.0, 1.0) AS rank FROM fragment_search WHERE fragment_search MATCH ?) AS found"
            values.append(.string(words))
        }
        let searchOnly =
            !words.isEmpty && sort.isEmpty && model == nil && folder == nil && locale == nil && predicate == nil
        if !words.isEmpty, !searchOnly { from += " JOIN fragment ON fragment.id = found.rowid" }
        if let model {
            conditions.append("fragment.model = ?")
            values.append(.string(model))
        }
        if let folder {
            let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
            let escaped = base.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
                .replacingOccurrences(of: "_", with: "\\_")
            conditions.append("fragment.path = ? OR fragment.path LIKE ? ESCAPE '\\'")
            values += [.string(base), .string(escaped + "/%")]
        }
        if let locale {
            conditions.append("fragment.locale = ?")
            values.append(.string(locale.identifier))
        }
        if let predicate { conditions.append(try predicate.sql(into: &values)) }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.map { "(\($0))" }.joined(separator: " AND ")
        if counting {
            return ("SELECT count(*) FROM \(from)\(filter)", StatementArguments(values.map(Self.databaseValue)))
        }
        var keys: [(expression: String, descending: Bool)] = []
        for key in sort { keys.append((try MemberPath(key.member).sql, key.descending)) }
        if sort.isEmpty, !words.isEmpty {
            // Best match first; equal ranks by id, which needs no fragment row.
            keys += [("found.rank", false), ("found.rowid", false)]
        } else {
            // The path in the direction of the last key, so that an index on (member, path) gives the whole order.
            keys.append(("fragment.path", sort.last?.descending == true))
        }
        // The order and the page are found on the ids and the keys alone; only the page's rows are read whole, so
        // that the JSON of the fragments that do not make the page is never sorted (a deferred join).
        let columns = keys.enumerated().map { "\($1.expression) AS k\($0)" }.joined(separator: ", ")
        let order = keys.enumerated().map { "k\($0) \($1.descending ? "DESC" : "ASC")" }.joined(separator: ", ")
        let id = searchOnly ? "found.rowid" : "fragment.id"
        var page = "SELECT \(id) AS id, \(columns) FROM \(from)\(filter) ORDER BY \(order)"
        if limit != nil || offset > 0 { page += " LIMIT \(max(limit ?? -1, -1)) OFFSET \(max(offset, 0))" }
        let outerOrder = keys.enumerated().map { "page.k\($0) \($1.descending ? "DESC" : "ASC")" }
            .joined(separator: ", ")
        let sql =
            "SELECT fragment.* FROM (\(page)) AS page JOIN fragment ON fragment.id = page.id ORDER BY \(outerOrder)"
        return (sql, StatementArguments(values.map(Self.databaseValue)))
    }

    /// The FTS5 query of what a person typed: each word quoted (so no word is read as an operator), all required,
    /// the last also as the start of a longer word.
    static func searchExpression(_ text: String) -> String {
        let words = text.split { $0.isWhitespace || $0.isPunctuation }.map {
            "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        guard let last = words.last else { return "" }
        return (words.dropLast() + [last + "*"]).joined(separator: " ")
    }

    private static func databaseValue(_ value: UntypedJSON) -> DatabaseValue {
        switch value {
        case .null: return .null
        case .bool(let flag): return (flag ? 1 : 0).databaseValue
        case .number(let text): return (Double(text) ?? 0).databaseValue
        case .string(let text): return text.databaseValue
        case .array, .object: return value.jsonText().databaseValue
        }
    }
}

/// One key of a `FragmentQuery`'s order: a member (or system member), ascending or descending. A fragment without
/// the member comes first ascending, last descending.
public struct FragmentSort: Sendable, Hashable {
    public var member: String
    public var descending: Bool

    init(_ member: String, descending: Bool = false) {
        self.member = member
        self.descending = descending
    }

    public static func ascending(_ member: String) -> Self { Self(member) }
    public static func descending(_ member: String) -> Self { Self(member, descending: true) }

    /// Reads `price DESC, title` as `wknd … --sort` takes it (`ASC` by default).
    /// - Throws: `SyncError.invalidQuery` for a key that does not read.
    public static func parsing(_ text: String) throws(SyncError) -> [FragmentSort] {
        var keys: [FragmentSort] = []
        for part in text.split(separator: ",") {
            let words = part.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let member = words.first, words.count <= 2 else {
                throw SyncError(
                    .invalidQuery, "'\(part)' is not a sort key; write `member [ASC|DESC]`, such as price DESC.")
            }
            _ = try MemberPath(member)
            switch words.dropFirst().first?.uppercased() {
            case nil, "ASC": keys.append(.ascending(member))
            case "DESC": keys.append(.descending(member))
            default:
                throw SyncError(
                    .invalidQuery, "'\(part)' is not a sort key; write `member [ASC|DESC]`, such as price DESC.")
            }
        }
        return keys
    }
}
