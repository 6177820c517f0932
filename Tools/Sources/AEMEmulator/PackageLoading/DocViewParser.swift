import Foundation

/// Reads one docview `.content.xml` into a ``DocViewNode`` tree: the root element `jcr:root` is the node of the
/// file's folder, its attributes the properties and its child elements the child nodes.
///
/// Docview files are plain XML 1.0 in UTF-8: elements and attributes, the five predefined entities and character
/// references, comments, and at most a declaration. This reads exactly that, straight from the bytes (text between
/// elements is checked and dropped; a document type declaration is refused, so no entity is ever expanded), and
/// names the line of the first thing that is not well-formed.
enum DocViewParser {
    /// The node that `file` describes, named `name`.
    static func parse(_ file: URL, name: String) throws(ContentPackageError) -> DocViewNode {
        let data: Data
        do throws(FileBytes.ReadError) {
            data = try FileBytes.contents(ofFile: file.path)
        } catch {
            throw .unreadable(file: file.path, reason: error.description)
        }
        let result = data.withUnsafeBytes { bytes in
            Result { () throws(DocViewSyntaxError) in
                var reader = DocViewReader(bytes: bytes.assumingMemoryBound(to: UInt8.self), rootName: name)
                return try reader.document()
            }
        }
        do throws(DocViewSyntaxError) {
            return try result.get()
        } catch {
            throw .malformed(file: file.path, line: error.line, reason: error.reason)
        }
    }
}

/// Where and why a docview file is not well-formed.
struct DocViewSyntaxError: Error {
    let line: Int
    let reason: String
}

/// The reading of one document's bytes.
struct DocViewReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let rootName: String
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>, rootName: String) {
        self.bytes = bytes
        self.rootName = rootName
    }

    mutating func document() throws(DocViewSyntaxError) -> DocViewNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        guard index < bytes.count else { throw failure("the file is empty") }
        try checkUTF8()
        try skipMisc(declarationAllowed: true)
        guard index < bytes.count else { throw failure("the file has no root element") }
        guard bytes[index] == UInt8(ascii: "<") else { throw failure("this is not XML") }
        let root = try element()
        try skipMisc(declarationAllowed: false)
        guard index == bytes.count else { throw failure("there is content after the root element") }
        return root
    }

    // MARK: Elements

    /// The deepest nesting read. Docview files nest a few levels; the tree is walked recursively afterwards, so a
    /// hostile file must not nest without bound.
    static let maximumDepth = 1000

    /// The element starting at `<`, with everything inside it.
    private mutating func element() throws(DocViewSyntaxError) -> DocViewNode {
        // Open elements, each with its name's bytes for matching the end tag.
        var open: [(node: DocViewNode, name: Range<Int>)] = []
        while true {
            let (node, name, isEmpty) = try startTag(isRoot: open.isEmpty)
            if isEmpty {
                if open.isEmpty { return node }
                open[open.count - 1].node.children.append(node)
            } else {
                guard open.count < Self.maximumDepth else {
                    throw failure("elements nested more than \(Self.maximumDepth) deep")
                }
                open.append((node, name))
            }
            // Content up to the next start tag, or the end tags that close elements.
            while true {
                try skipText()
                guard index < bytes.count else { throw failure("the file ends before every element is closed") }
                if follows("</") {
                    let closing = try endTag()
                    guard let last = open.popLast() else { throw failure("the elements are not balanced") }
                    guard bytes[closing].elementsEqual(bytes[last.name]) else {
                        throw failure("an end tag does not match the element it closes")
                    }
                    if open.isEmpty { return last.node }
                    open[open.count - 1].node.children.append(last.node)
                } else if try skipMarkup() {
                    continue
                } else {
                    break
                }
            }
        }
    }

    /// A start tag `<name attribute="value" …>` or `<name …/>`: its node, its name's bytes, and whether it is empty.
    private mutating func startTag(isRoot: Bool) throws(DocViewSyntaxError) -> (DocViewNode, Range<Int>, Bool) {
        index += 1
        let name = try nameBytes(or: "a < is not followed by an element name")
        var node = DocViewNode(name: isRoot ? rootName : PlatformName.iso9075Decoded(text(name)))
        while true {
            let spaced = skipSpace()
            guard index < bytes.count else { throw failure("a tag is not finished") }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                return (node, name, false)
            }
            if follows("/>") {
                index += 2
                return (node, name, true)
            }
            guard spaced else { throw failure("a space is missing between attributes") }
            let attribute = try nameBytes(or: "a malformed attribute (each needs name=\"value\")")
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                throw failure("an attribute without a value")
            }
            index += 1
            skipSpace()
            let value = try attributeValue()
            if bytes[attribute].starts(with: "xmlns".utf8) { continue }
            let key = PlatformName.iso9075Decoded(text(attribute))
            guard node.properties.updateValue(value, forKey: key) == nil else {
                throw failure("an attribute given twice on one element")
            }
        }
    }

    /// An end tag `</name>`, from its `</`: the name's bytes.
    private mutating func endTag() throws(DocViewSyntaxError) -> Range<Int> {
        index += 2
        let name = try nameBytes(or: "a < is not followed by an element name")
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
            throw failure("a tag is not finished with >")
        }
        index += 1
        return name
    }

    /// The bytes of an element or attribute name (a prefix and colon included).
    private mutating func nameBytes(or reason: String) throws(DocViewSyntaxError) -> Range<Int> {
        let start = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        guard index > start, !Self.isDigitOrPunctuation(bytes[start]) else { throw failure(reason) }
        return start..<index
    }

    /// A quoted attribute value, its entities replaced and its literal white space made spaces (as XML normalizes
    /// attribute values: a line break inside a value is written `&#xa;`).
    private mutating func attributeValue() throws(DocViewSyntaxError) -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw failure("a malformed attribute (each needs name=\"value\")")
        }
        let quote = bytes[index]
        index += 1
        let start = index
        var plain = true
        while index < bytes.count, bytes[index] != quote {
            switch bytes[index] {
            case UInt8(ascii: "<"): throw failure("a < inside an attribute value (write &lt;)")
            case UInt8(ascii: "&"), 0x09, 0x0A, 0x0D: plain = false
            case ..<0x20: throw failure("an invalid character")
            default: break
            }
            index += 1
        }
        guard index < bytes.count else { throw failure("the file ends inside an attribute value") }
        let end = index
        index += 1
        if plain { return text(start..<end) }
        var value: [UInt8] = []
        value.reserveCapacity(end - start)
        var position = start
        while position < end {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "&"):
                position = try appendReference(at: position, to: &value)
            case 0x0D:
                value.append(0x20)
                position += position + 1 < end && bytes[position + 1] == 0x0A ? 2 : 1
            case 0x09, 0x0A:
                value.append(0x20)
                position += 1
            default:
                value.append(byte)
                position += 1
            }
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// Appends the character of the entity or character reference at `position` (its `&`); the position after it.
    private func appendReference(at position: Int, to value: inout [UInt8]) throws(DocViewSyntaxError) -> Int {
        let malformed = "a malformed entity (an & that does not start &amp;, &lt;, &gt;, &quot;, &apos; or &#…;)"
        var end = position + 1
        while end < bytes.count, end - position <= 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";"), end > position + 1 else {
            throw failure(malformed, at: position)
        }
        let body = bytes[(position + 1)..<end]
        if body.first == UInt8(ascii: "#") {
            guard let code = Self.characterCode(body.dropFirst()), let scalar = Unicode.Scalar(code),
                Self.isXMLCharacter(code)
            else { throw failure("an invalid character", at: position) }
            value.append(contentsOf: String(Character(scalar)).utf8)
        } else if let byte = Self.predefinedEntities.first(where: { $0.name.elementsEqual(body) })?.byte {
            value.append(byte)
        } else {
            throw failure("an unknown entity (only &amp;, &lt;, &gt;, &quot;, &apos; and &#…; are known)", at: position)
        }
        return end + 1
    }

    private static let predefinedEntities: [(name: String.UTF8View, byte: UInt8)] = [
        ("amp".utf8, UInt8(ascii: "&")), ("lt".utf8, UInt8(ascii: "<")), ("gt".utf8, UInt8(ascii: ">")),
        ("quot".utf8, UInt8(ascii: "\"")), ("apos".utf8, UInt8(ascii: "'")),
    ]

    /// The code of a character reference's digits (`123` or `x7B`).
    private static func characterCode(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> UInt32? {
        var digits = digits[...]
        let radix: UInt32 = digits.first == UInt8(ascii: "x") ? 16 : 10
        if radix == 16 { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var code: UInt32 = 0
        for digit in digits {
            let value: UInt32
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: value = UInt32(digit - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: value = UInt32(digit - UInt8(ascii: "A") + 10)
            default: return nil
            }
            code = code * radix + value
            guard code <= 0x10FFFF else { return nil }
        }
        return code
    }

    // MARK: Everything between elements

    /// Text up to the next `<` or the end: docview files hold none but white space, which is dropped; its entities
    /// and characters are still checked.
    private mutating func skipText() throws(DocViewSyntaxError) {
        var scratch: [UInt8] = []
        while index < bytes.count, bytes[index] != UInt8(ascii: "<") {
            switch bytes[index] {
            case UInt8(ascii: "&"):
                scratch.removeAll(keepingCapacity: true)
                index = try appendReference(at: index, to: &scratch)
            case 0x09, 0x0A, 0x0D:
                index += 1
            case ..<0x20:
                throw failure("an invalid character")
            default:
                index += 1
            }
        }
    }

    /// Skips a comment, a CDATA section or a processing instruction at `<`; false when none starts there.
    private mutating func skipMarkup() throws(DocViewSyntaxError) -> Bool {
        if follows("<!--") {
            try skip(past: "-->", from: index + 4, or: "a comment is not closed with -->")
        } else if follows("<![CDATA[") {
            try skip(past: "]]>", from: index + 9, or: "a CDATA section is not closed with ]]>")
        } else if follows("<?") {
            try processingInstruction(declarationAllowed: false)
        } else if follows("<!") {
            throw failure("a document type declaration or other <! markup (docview files have none)")
        } else {
            return false
        }
        return true
    }

    /// Skips white space, comments and processing instructions around the root element; the XML declaration only
    /// at the very start.
    private mutating func skipMisc(declarationAllowed: Bool) throws(DocViewSyntaxError) {
        var declarationAllowed = declarationAllowed
        while true {
            if declarationAllowed, follows("<?") {
                try processingInstruction(declarationAllowed: true)
            } else {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "<"), !isStartTag, try skipMarkup() else {
                    return
                }
            }
            declarationAllowed = false
        }
    }

    /// Whether the `<` at `index` starts an element.
    private var isStartTag: Bool {
        index + 1 < bytes.count && bytes[index + 1] != UInt8(ascii: "!") && bytes[index + 1] != UInt8(ascii: "?")
            && bytes[index + 1] != UInt8(ascii: "/")
    }

    /// A processing instruction `<?target data?>` at `<?`. One without data is refused: docview files have none.
    private mutating func processingInstruction(declarationAllowed: Bool) throws(DocViewSyntaxError) {
        let start = index
        index += 2
        let target = try nameBytes(or: "a processing instruction without a name")
        let isDeclaration = bytes[target].elementsEqual("xml".utf8)
        if isDeclaration, !declarationAllowed {
            throw failure("an XML declaration after the start of the file", at: start)
        }
        skipSpace()
        guard index < bytes.count, !follows("?>") else {
            throw failure("a processing instruction without data (<?name?>)", at: start)
        }
        try skip(past: "?>", from: index, or: "a processing instruction is not closed with ?>")
    }

    /// Moves past the first `terminator` at or after `start`.
    private mutating func skip(past terminator: StaticString, from start: Int, or reason: String)
        throws(DocViewSyntaxError)
    {
        let opening = index
        index = start
        while index < bytes.count {
            if follows(terminator) {
                index += terminator.utf8CodeUnitCount
                return
            }
            index += 1
        }
        throw failure(reason, at: opening)
    }

    /// Skips white space; whether there was any.
    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = index
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        return index > start
    }

    private func follows(_ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { prefix in
            for offset in 0..<count where bytes[index + offset] != prefix[offset] { return false }
            return true
        }
    }

    // MARK: Bytes and errors

    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Fails with the line of the first byte that is not well-formed UTF-8, if any. FileVault writes UTF-8.
    private func checkUTF8() throws(DocViewSyntaxError) {
        // Most files are valid: checked at once, and decoded one scalar at a time only to find the line of an error.
        if String(validating: bytes, as: UTF8.self) != nil { return }
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var line = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): if scalar == "\n" { line += 1 }
            case .emptyInput: return
            case .error: throw DocViewSyntaxError(line: line, reason: "not UTF-8 text")
            }
        }
    }

    private func failure(_ reason: String, at position: Int? = nil) -> DocViewSyntaxError {
        let end = min(position ?? index, bytes.count)
        var line = 1
        for byte in bytes[..<end] where byte == 0x0A { line += 1 }
        return DocViewSyntaxError(line: line, reason: reason)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Bytes a name may hold: letters, digits, `_`, `-`, `.`, `:` and every byte of a character beyond ASCII.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: ":"), 0x80...:
            true
        default: false
        }
    }

    /// Bytes a name may hold but not start with.
    private static func isDigitOrPunctuation(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    /// Whether a character reference names a character XML allows.
    private static func isXMLCharacter(_ code: UInt32) -> Bool {
        code == 0x09 || code == 0x0A || code == 0x0D || (0x20...0xD7FF).contains(code)
            || (0xE000...0xFFFD).contains(code) || (0x10000...0x10FFFF).contains(code)
    }
}
