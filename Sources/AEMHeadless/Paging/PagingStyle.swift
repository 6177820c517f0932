/// How a persisted query's results are paged.
public enum PagingStyle: String, Sendable, Hashable, CaseIterable {
    /// Relay cursors, as `…Paginated` queries page: `first`/`after` are passed and
    /// `pageInfo { endCursor hasNextPage }` is followed; the items are `edges[].node`.
    case cursor
    /// `offset`/`limit`, as `…List` queries page: a full page may be followed by another, and a shorter one is
    /// the last; the items are `items`.
    case offset
    /// No paging: one request, whose `edges[].node`, `items` or `item` are the items.
    case unpaged

    /// The style a query's text allows, from the variables it declares: `after` makes it
    /// `.cursor`; `offset` and `limit` make it `.offset`; neither, `.unpaged`.
    init(declaredBy queryText: String) {
        let declared = Self.declaredVariables(in: queryText)
        if declared.contains("after") {
            self = .cursor
        } else if declared.contains("offset"), declared.contains("limit") {
            self = .offset
        } else {
            self = .unpaged
        }
    }

    /// A guess from the query's name alone, for when its text cannot be read: a name with
    /// `paginated` in it pages by cursor, any other by offset.
    init(guessingFromName name: String) {
        self = name.lowercased().contains("paginated") ? .cursor : .offset
    }

    /// The names of the variables a GraphQL text declares (`$name:` in a variable definition);
    /// comments and string contents are skipped.
    static func declaredVariables(in text: String) -> Set<String> {
        var names: Set<String> = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || ("0"..."9").contains(scalar)
        }
        while index < scalars.count {
            switch scalars[index] {
            case "#":
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            case "\"":
                index += 1
                while index < scalars.count, scalars[index] != "\"" {
                    if scalars[index] == "\\" { index += 1 }
                    index += 1
                }
                index += 1
            case "$":
                var end = index + 1
                while end < scalars.count, isNameScalar(scalars[end]) { end += 1 }
                let name = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
                var next = end
                while next < scalars.count, [" ", "\t", "\n", "\r", ","].contains(scalars[next]) { next += 1 }
                if !name.isEmpty, next < scalars.count, scalars[next] == ":" { names.insert(name) }
                index = end
            default:
                index += 1
            }
        }
        return names
    }
}
