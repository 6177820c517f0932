/// The `sort` argument of a list or paginated query: comma-separated fields, each optionally followed by `ASC` (the
/// default) or `DESC` (`"price DESC, title ASC"`). Fragments without a value sort after all others.
struct SortSpecification: Sendable, Hashable {
    struct Key: Sendable, Hashable {
        let field: String
        let descending: Bool
    }

    let keys: [Key]

    /// Parses `text` for a model with `fields`, or fails with a message naming what is wrong.
    init(_ text: String, sortableFields: Set<String>) throws(SortSpecificationError) {
        var keys: [Key] = []
        for part in text.split(separator: ",") {
            let words = part.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let field = words.first, (1...2).contains(words.count) else {
                throw SortSpecificationError(
                    message: "Invalid sort expression '\(part.trimmingCharacters(in: .whitespaces))'")
            }
            guard sortableFields.contains(field) else {
                throw SortSpecificationError(message: "Unknown sort field '\(field)'")
            }
            let direction = words.count == 2 ? words[1].uppercased() : "ASC"
            guard direction == "ASC" || direction == "DESC" else {
                throw SortSpecificationError(message: "Invalid sort direction '\(words[1])', use ASC or DESC")
            }
            keys.append(Key(field: field, descending: direction == "DESC"))
        }
        self.keys = keys
    }

    /// A value fragments are ordered by.
    enum Value: Sendable {
        case text(String)
        case number(Double)
        case bool(Bool)

        /// -1, 0 or 1; values of different kinds compare as text.
        static func compare(_ lhs: Value, _ rhs: Value) -> Int {
            switch (lhs, rhs) {
            case (.number(let a), .number(let b)): return a == b ? 0 : (a < b ? -1 : 1)
            case (.bool(let a), .bool(let b)): return a == b ? 0 : (!a ? -1 : 1)
            default:
                let (a, b) = (lhs.text, rhs.text)
                return a == b ? 0 : (a < b ? -1 : 1)
            }
        }

        var text: String {
            switch self {
            case .text(let text): text
            case .number(let number):
                number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
            case .bool(let value): String(value)
            }
        }

        init?(_ value: JCRValue?) {
            switch value {
            case .string(let text)?: self = .text(text)
            case .long(let number)?: self = .number(Double(number))
            case .double(let number)?: self = .number(number)
            case .boolean(let flag)?: self = .bool(flag)
            case .date(let date, _)?: self = .number(date.timeIntervalSince1970)
            case .array(let values)?: self.init(values.first)
            case nil: return nil
            }
        }
    }

    /// -1, 0 or 1 for two fragments' values of the keys, in order; missing values last.
    func compare(_ lhs: [Value?], _ rhs: [Value?]) -> Int {
        for (index, key) in keys.enumerated() {
            switch (lhs[index], rhs[index]) {
            case (nil, nil): continue
            case (nil, _): return 1
            case (_, nil): return -1
            case (let a?, let b?):
                let order = Value.compare(a, b)
                if order != 0 { return key.descending ? -order : order }
            }
        }
        return 0
    }
}

/// A `sort` argument that cannot be applied.
struct SortSpecificationError: Error {
    let message: String
}
