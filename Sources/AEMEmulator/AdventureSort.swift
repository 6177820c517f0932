import Foundation

/// The `sort` argument of a list query: comma-separated fields, each optionally followed by `ASC` or `DESC`
/// (`"title ASC"`, `"price DESC, title"`). Missing values sort before all others.
struct AdventureSort: Sendable {
    private let keys: [(field: String, descending: Bool)]

    /// The fields an adventure list can be sorted by.
    static let fields = [
        "_path", "title", "slug", "activity", "adventureType", "difficulty", "tripLength", "price", "groupSize",
    ]

    /// Parses `text`, or fails with a message naming what is wrong.
    init(_ text: String) throws(SortError) {
        var keys: [(String, Bool)] = []
        for part in text.split(separator: ",") {
            let words = part.split(separator: " ").map(String.init)
            guard let field = words.first, (1...2).contains(words.count) else {
                throw SortError(message: "Invalid sort expression '\(part.trimmingCharacters(in: .whitespaces))'")
            }
            guard Self.fields.contains(field) else { throw SortError(message: "Unknown sort field '\(field)'") }
            let direction = words.count == 2 ? words[1].uppercased() : "ASC"
            guard direction == "ASC" || direction == "DESC" else {
                throw SortError(message: "Invalid sort direction '\(words[1])', use ASC or DESC")
            }
            keys.append((field, direction == "DESC"))
        }
        self.keys = keys
    }

    /// `adventures` ordered by the keys; ties keep their original order.
    func sorted(_ adventures: [EmulatorAdventure]) -> [EmulatorAdventure] {
        adventures.enumerated().sorted { lhs, rhs in
            for key in keys {
                let order = Self.compare(Self.value(of: key.field, in: lhs.element), Self.value(of: key.field, in: rhs.element))
                if order != 0 { return key.descending ? order > 0 : order < 0 }
            }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    private enum SortValue {
        case text(String)
        case number(Double)
    }

    private static func value(of field: String, in adventure: EmulatorAdventure) -> SortValue? {
        switch field {
        case "_path": .text(adventure.path)
        case "title": .text(adventure.title)
        case "slug": .text(adventure.slug)
        case "activity": adventure.activity.map(SortValue.text)
        case "adventureType": adventure.adventureType.map(SortValue.text)
        case "difficulty": adventure.difficulty.map(SortValue.text)
        case "tripLength": adventure.tripLength.map(SortValue.text)
        case "price": adventure.price.map(SortValue.number)
        case "groupSize": adventure.groupSize.map { SortValue.number(Double($0)) }
        default: nil
        }
    }

    /// -1, 0 or 1; nil sorts first.
    private static func compare(_ lhs: SortValue?, _ rhs: SortValue?) -> Int {
        switch (lhs, rhs) {
        case (nil, nil): return 0
        case (nil, _): return -1
        case (_, nil): return 1
        case let (.text(a)?, .text(b)?): return a == b ? 0 : (a < b ? -1 : 1)
        case let (.number(a)?, .number(b)?): return a == b ? 0 : (a < b ? -1 : 1)
        default: return 0
        }
    }
}

/// A `sort` argument that cannot be applied.
struct SortError: Error {
    let message: String
}
