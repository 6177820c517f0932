import AEMHeadless
import Foundation
import GRDB

extension ContentStore {
    /// The fragments `query` selects, in its order, read in one SQLite statement.
    ///
    /// - Throws: `SyncError.invalidQuery` for a member or sort that does not read; `.storage` when the store cannot
    ///   be read, or predates search and the query searches (the next sync upgrades it).
    public func fragments(matching query: FragmentQuery) throws -> [StoredFragment] {
        if query.search != nil { try requireSearch() }
        let (sql, arguments) = try query.sql()
        return try fragments(sql: sql, arguments)
    }

    /// How many fragments `query` selects, before its limit and offset.
    public func count(matching query: FragmentQuery) throws -> Int {
        if query.search != nil { try requireSearch() }
        var all = query
        all.limit = nil
        all.offset = 0
        let (sql, arguments) = try all.sql(counting: true)
        return try count(sql: sql, arguments)
    }

    /// The fragments `query` selects, each decoded as `type` from its JSON as stored (a query mirror keeps each
    /// item as the query returned it); a fragment that does not decode is skipped.
    public func decode<Value: Decodable>(_ type: Value.Type, matching query: FragmentQuery) throws -> [Value] {
        let decoder = JSONDecoder()
        return try fragments(matching: query).compactMap { try? decoder.decode(type, from: $0.json) }
    }

    /// `fragment`'s JSON decoded as `Value`.
    ///
    /// - Throws: `SyncError.storage` naming the fragment as damaged and how to fetch it again, when it does not decode.
    public func decode<Value: Decodable>(_ type: Value.Type, _ fragment: StoredFragment) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: fragment.json)
        } catch {
            throw damagedFragment("The fragment \(fragment.path) stored in \(directory.path)", error)
        }
    }

    /// The fragments of a delivery-API mirror that `query` selects.
    func deliveredFragments(matching query: FragmentQuery) throws -> [DeliveredFragment] {
        try fragments(matching: query).compactMap { try? DeliveredFragment(UntypedJSON(parsing: $0.json)) }
    }

    /// The fragments whose title or rich text holds every word of `text` (the last may start a word), best first.
    func search(_ text: String, limit: Int = 20) throws -> [StoredFragment] {
        try fragments(matching: FragmentQuery(search: text, limit: limit))
    }

    private func requireSearch() throws {
        try requireTable(
            "fragment_search", "predates search; run `wknd sync \(directory.path)` once to upgrade it")
    }
}
