import AEMHeadless

extension FragmentPredicate {
    /// Reads a condition as `wknd … --where` takes it: comparisons `member OP value` (`=`, `!=`, `<`, `<=`, `>`, `>=`,
    /// `~` for contains, `IN (a, b)`), joined by `AND` (binding first) and `OR`, with `NOT` before one. A value is a
    /// number, `true`, `false`, `null`, or text, quoted ('…' or "…") when it has spaces or operators.
    ///
    /// ```
    /// price < 500 AND activity ~ surf
    /// difficulty IN (Beginner, Intermediate) OR price <= 100
    /// ```
    ///
    /// - Throws: `SyncError.invalidQuery` naming what could not be read.
    public init(parsing text: String) throws(SyncError) {
        var tokens = try Self.tokens(of: text)
        guard !tokens.isEmpty else { throw SyncError(.invalidQuery, "The condition is empty.") }
        self = try Self.disjunction(&tokens, text: text)
        if let extra = tokens.first {
            throw SyncError(.invalidQuery, "Cannot read '\(extra.text)' in the condition '\(text)'.")
        }
    }

    private struct Token {
        var text: String
        /// Whether it was quoted: never a keyword or an operator.
        var quoted: Bool
        func isWord(_ word: String) -> Bool { !quoted && text.uppercased() == word }
    }

    private static let operators = ["<=", ">=", "!=", "=", "<", ">", "~", "(", ")", ","]

    private static func tokens(of text: String) throws(SyncError) -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(text)
        while let first = rest.first {
            if first.isWhitespace {
                rest = rest.dropFirst()
            } else if first == "'" || first == "\"" {
                guard let end = rest.dropFirst().firstIndex(of: first) else {
                    throw SyncError(.invalidQuery, "A quote is not closed in the condition '\(text)'.")
                }
                tokens.append(Token(text: String(rest[rest.index(after: rest.startIndex)..<end]), quoted: true))
                rest = rest[rest.index(after: end)...]
            } else if let symbol = operators.first(where: { rest.hasPrefix($0) }) {
                tokens.append(Token(text: symbol, quoted: false))
                rest = rest.dropFirst(symbol.count)
            } else {
                let word = rest.prefix { !$0.isWhitespace && !"<>=!~(),'\"".contains($0) }
                // A character that starts no operator (a `!` without `=`) is no word either.
                guard !word.isEmpty else {
                    throw SyncError(.invalidQuery, "Cannot read '\(first)' in the condition '\(text)'.")
                }
                tokens.append(Token(text: String(word), quoted: false))
                rest = rest.dropFirst(word.count)
            }
        }
        return tokens
    }

    private static func disjunction(_ tokens: inout [Token], text: String) throws(SyncError) -> FragmentPredicate {
        var parts = [try conjunction(&tokens, text: text)]
        while tokens.first?.isWord("OR") == true {
            tokens.removeFirst()
            parts.append(try conjunction(&tokens, text: text))
        }
        return parts.count == 1 ? parts[0] : .or(parts)
    }

    private static func conjunction(_ tokens: inout [Token], text: String) throws(SyncError) -> FragmentPredicate {
        var parts = [try condition(&tokens, text: text)]
        while tokens.first?.isWord("AND") == true {
            tokens.removeFirst()
            parts.append(try condition(&tokens, text: text))
        }
        return parts.count == 1 ? parts[0] : .and(parts)
    }

    private static func condition(_ tokens: inout [Token], text: String) throws(SyncError) -> FragmentPredicate {
        if tokens.first?.isWord("NOT") == true {
            tokens.removeFirst()
            return .not(try condition(&tokens, text: text))
        }
        guard tokens.count >= 2, !tokens[0].quoted else {
            throw SyncError(
                .invalidQuery, "Expected `member operator value` in the condition '\(text)' (such as price < 500).")
        }
        let member = tokens.removeFirst().text
        _ = try MemberPath(member)
        let symbol = tokens.removeFirst()
        if symbol.isWord("IN") {
            guard tokens.first?.text == "(", tokens.first?.quoted == false else {
                throw SyncError(.invalidQuery, "Expected ( after IN in the condition '\(text)'.")
            }
            tokens.removeFirst()
            var values: [UntypedJSON] = []
            while let next = tokens.first, !(next.text == ")" && !next.quoted) {
                tokens.removeFirst()
                if next.text == "," && !next.quoted { continue }
                values.append(value(next))
            }
            guard !tokens.isEmpty else { throw SyncError(.invalidQuery, "IN ( is not closed in '\(text)'.") }
            tokens.removeFirst()
            return .oneOf(member: member, values: values)
        }
        guard !symbol.quoted, !tokens.isEmpty else {
            throw SyncError(.invalidQuery, "Expected an operator and a value after \(member) in '\(text)'.")
        }
        let operand = tokens.removeFirst()
        if symbol.text == "~" { return .contains(member: member, text: operand.text) }
        guard let comparison = Comparison(rawValue: symbol.text) else {
            throw SyncError(
                .invalidQuery,
                "'\(symbol.text)' is not an operator; use =, !=, <, <=, >, >=, ~ (contains) or IN (…) in '\(text)'.")
        }
        return .compare(member: member, comparison, value(operand))
    }

    private static func value(_ token: Token) -> UntypedJSON {
        guard !token.quoted else { return .string(token.text) }
        switch token.text.lowercased() {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default: return Double(token.text) != nil ? .number(token.text) : .string(token.text)
        }
    }
}
