import AEMHeadless

/// A member of a stored fragment, as queries name it: `price`, `author.lastName`, or a system member — `_path`,
/// `_model`, `_locale`, `_lastChanged`, `_lastSeen` — read from the store's own columns.
///
/// A member is looked up where the fragment's own members are in the stored JSON — under `item` for an adventure
/// mirror (`adventureByPath`'s answer), under `fields` for a delivery-API mirror — then at the top of the JSON. This
/// is the one place that knows it: the SQL of a query and of an index on a member come from here, so that SQLite
/// uses the index.
struct MemberPath: Sendable, Hashable {
    /// The dotted name as given.
    let name: String
    /// The SQL expression of its value.
    let sql: String

    /// The store's columns that system members name.
    private static let columns: [String: String] = [
        "_path": "fragment.path", "_model": "fragment.model", "_locale": "fragment.locale",
        "_lastChanged": "fragment.last_changed", "_lastSeen": "fragment.last_seen",
    ]

    /// - Throws: `SyncError.invalidQuery` for a name that is not dotted member names (letters, digits, `_`, `-`).
    init(_ name: String) throws(SyncError) {
        self.name = name
        if let column = Self.columns[name] {
            sql = column
            return
        }
        let segments = name.split(separator: ".", omittingEmptySubsequences: false)
        guard !segments.isEmpty,
            segments.allSatisfy({ segment in
                guard let first = segment.first, first == "_" || (first.isASCII && first.isLetter) else { return false }
                return segment.allSatisfy { $0 == "_" || $0 == "-" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
            })
        else {
            throw SyncError(
                .invalidQuery,
                "'\(name)' is not a member: use dotted names of letters, digits, _ and - (price, author.lastName)")
        }
        let path = segments.map { "\"\($0)\"" }.joined(separator: ".")
        let roots = ["$.item.", "$.fields.", "$."]
        sql =
            "coalesce("
            + roots.map { "json_extract(CAST(json AS TEXT), '\($0)\(path)')" }
            .joined(separator: ", ") + ")"
    }

    /// Whether it names a column rather than a member of the JSON.
    var isColumn: Bool { Self.columns[name] != nil }

    /// The name of the index on it.
    var indexName: String {
        "fragment_member_"
            + name.unicodeScalars.map {
                $0.properties.isAlphabetic || ("0"..."9").contains($0) ? String($0) : "_" + String($0.value, radix: 16)
            }.joined()
    }
}
