/// The GraphQL names AEM derives from a model's title: `Adventure` gives the type `AdventureModel` and the query
/// fields `adventureByPath`, `adventureList` and `adventurePaginated`; `Landing Page` gives `LandingPageModel` and
/// `landingPageByPath`.
struct ModelNaming: Sendable {
    /// The title camel-cased, starting upper-case (`LandingPage`).
    let base: String

    init(title: String) {
        var words: [String] = []
        var current = ""
        for character in title {
            if character.isASCII, character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        var base = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if base.isEmpty || base.first?.isNumber == true { base = "Model" + base }
        self.base = base
    }

    /// `AdventureModel`.
    var typeName: String { base + "Model" }

    /// `adventure`: the prefix of the query fields.
    var queryPrefix: String { base.prefix(1).lowercased() + base.dropFirst() }

    /// Whether `name` can name a GraphQL field: `[_A-Za-z][_0-9A-Za-z]*`, not starting with `__`.
    static func isValidFieldName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !name.hasPrefix("__") else { return false }
        func isLetter(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        }
        return isLetter(first) && name.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) }
    }
}
