/// Swift names for GraphQL names: properties and cases lower camel case, types upper camel case,
/// keywords escaped, and names that would clash with what generated code uses made distinct.
enum SwiftNaming {
    /// Swift's keywords: a property, parameter or case with one of these names is written in backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
    ]

    /// Names that cannot be a member even in backticks, or that generated members use: these get a
    /// trailing underscore (`self` → `self_`).
    static let unusableMembers: Set<String> = [
        "self", "Self", "super", "init", "deinit", "subscript", "Type", "Protocol", "_", "rawValue", "hashValue",
    ]

    /// Type names a generated nested type must not take: the standard types and the library types
    /// generated code refers to, and Swift's reserved member type names.
    static let reservedTypeNames: Set<String> = [
        "String", "Int", "Double", "Float", "Bool", "Array", "Optional", "Set", "Dictionary", "Character", "Error",
        "Never", "Any", "AnyObject", "Type", "Self", "Protocol", "Decoder", "Encoder", "Decodable", "Encodable",
        "Codable", "Sendable", "Hashable", "Equatable", "CodingKey", "CodingKeys", "RichText", "ImageReference",
        "UntypedJSON", "PersistedQuery", "QueryVariable", "LenientDecodable", "GraphQLObjectHead", "DecodingError",
        "AEMHeadless", "Swift",
    ]

    /// A property or parameter name for a response key or variable: leading underscores dropped
    /// (`_path` → `path`, `__typename` → `typename`) unless that leaves nothing or a digit first,
    /// and a leading capital run lower-cased (`URL` → `url`, `URLPath` → `urlPath`).
    static func memberName(_ graphQLName: String) -> String {
        var name = Substring(graphQLName)
        while name.first == "_" { name = name.dropFirst() }
        if name.isEmpty || name.first?.isNumber == true { name = Substring(graphQLName) }
        return lowerFirstWord(String(name))
    }

    /// `name` as it is written in Swift code: in backticks when it is a keyword.
    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// An upper camel case type name: underscores and dashes separate words (`first_name` →
    /// `FirstName`, `adventures-all` → `AdventuresAll`), a digit first gets `prefix` in front.
    static func typeName(_ text: String, prefix: String = "Type") -> String {
        let words = text.split { !($0.isLetter || $0.isNumber) || !$0.isASCII }
        var name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if name.isEmpty || name.first?.isNumber == true { name = prefix + name }
        return name
    }

    /// The name of one element of a list called `plural`: `items` → `Item`, `categories` →
    /// `Category`, `boxes` → `Box`; a name not ending in `s` is kept.
    static func singular(_ plural: String) -> String {
        if plural.hasSuffix("ies"), plural.count > 4 { return String(plural.dropLast(3)) + "y" }
        for ending in ["sses", "xes", "ches", "shes", "zes"] where plural.hasSuffix(ending) {
            return String(plural.dropLast(2))
        }
        if plural.hasSuffix("s"), !plural.hasSuffix("ss"), plural.count > 1 { return String(plural.dropLast()) }
        return plural
    }

    /// A case or constant name for a GraphQL enum value or type: `EQUALS_NOT` → `equalsNot`,
    /// `PNG8` → `png8`, `ImageRef` → `imageRef`.
    static func caseName(_ graphQLName: String) -> String {
        let parts = graphQLName.split(separator: "_")
        guard !parts.isEmpty else { return graphQLName }
        if graphQLName == graphQLName.uppercased() {
            let words = parts.map { $0.lowercased() }
            let name = words[0] + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            return name.first?.isNumber == true ? "_" + name : name
        }
        return memberName(graphQLName)
    }

    /// A name made unique within `used` (by a number after it), usable as a member, and recorded.
    static func uniqueMember(_ candidate: String, in used: inout Set<String>) -> String {
        var base = candidate
        if unusableMembers.contains(base) { base += "_" }
        var name = base
        var number = 2
        while used.contains(name) {
            name = base + String(number)
            number += 1
        }
        used.insert(name)
        return name
    }

    /// A type name made unique within `used`, never a reserved one (`Type` → `TypeObject`), and recorded.
    static func uniqueType(_ candidate: String, in used: inout Set<String>) -> String {
        var base = candidate
        if reservedTypeNames.contains(base) || keywords.contains(base) { base += "Object" }
        var name = base
        var number = 2
        while used.contains(name) {
            name = base + String(number)
            number += 1
        }
        used.insert(name)
        return name
    }

    private static func lowerFirstWord(_ name: String) -> String {
        let characters = Array(name)
        var run = 0
        while run < characters.count, characters[run].isUppercase { run += 1 }
        if run == 0 { return name }
        // "URLPath": lower-case "URL" but keep "P", which starts the next word.
        let lowered = run == 1 || run == characters.count ? run : run - 1
        return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
    }
}
