import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads one docview `.content.xml` into a ``DocViewNode`` tree, streaming: the root element `jcr:root` is the
/// node of the file's folder, its attributes the properties and its child elements the child nodes.
enum DocViewParser {
    /// The node that `file` describes, named `name`.
    static func parse(_ file: URL, name: String) throws(ContentPackageError) -> DocViewNode {
        let data: Data
        do throws(FileBytes.ReadError) {
            data = try FileBytes.contents(ofFile: file.path)
        } catch {
            throw .unreadable(file: file.path, reason: error.description)
        }
        if let line = firstLineNotUTF8(data) {
            throw .malformed(file: file.path, line: line, reason: "not UTF-8 text")
        }
        if let line = firstProcessingInstructionWithoutData(data) {
            throw .malformed(file: file.path, line: line, reason: "a processing instruction without data (<?name?>)")
        }
        let delegate = Delegate(rootName: name)
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        let parsed = parser.parse()
        guard parsed, delegate.failure == nil, let root = delegate.root else {
            let line = delegate.failure?.line ?? parser.lineNumber
            let reason =
                delegate.failure?.reason ?? parser.parserError.map(XMLErrorReason.words(for:))
                ?? "not a docview document"
            throw .malformed(file: file.path, line: line, reason: reason)
        }
        return root
    }

    /// The line of the first byte that is not well-formed UTF-8, or nil when all are. FileVault writes UTF-8, and
    /// `XMLParser` traps on an element or attribute name that is not.
    private static func firstLineNotUTF8(_ data: Data) -> Int? {
        // Most files are valid: checked at once, and decoded one scalar at a time only to find the line of an error.
        if data.withUnsafeBytes({ String(validating: $0, as: UTF8.self) }) != nil { return nil }
        var decoder = UTF8()
        var bytes = data.makeIterator()
        var line = 1
        while true {
            switch decoder.decode(&bytes) {
            case .scalarValue(let scalar): if scalar == "\n" { line += 1 }
            case .emptyInput: return nil
            case .error: return line
            }
        }
    }

    /// The line of the first `<?name?>`, a processing instruction without data, or nil when there is none.
    /// `XMLParser` crashes on one (it reads the missing data as a C string); docview files have none.
    private static func firstProcessingInstructionWithoutData(_ data: Data) -> Int? {
        data.withUnsafeBytes { firstProcessingInstructionWithoutData($0) }
    }

    private static func firstProcessingInstructionWithoutData(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var line = 1
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            guard bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "?") else {
                index += 1
                continue
            }
            var end = index + 2
            while end < bytes.count, !isSpace(bytes[end]), bytes[end] != UInt8(ascii: "?") { end += 1 }
            while end < bytes.count, isSpace(bytes[end]) { end += 1 }
            if end + 1 < bytes.count, bytes[end] == UInt8(ascii: "?"), bytes[end + 1] == UInt8(ascii: ">") {
                return line
            }
            index += 2
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        let rootName: String
        var stack: [DocViewNode] = []
        var root: DocViewNode?
        var failure: (line: Int, reason: String)?

        init(rootName: String) {
            self.rootName = rootName
        }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            var node = DocViewNode(name: stack.isEmpty ? rootName : PlatformName.iso9075Decoded(elementName))
            node.properties.reserveCapacity(attributes.count)
            for (key, value) in attributes where !key.hasPrefix("xmlns") {
                node.properties[PlatformName.iso9075Decoded(key)] = value
            }
            stack.append(node)
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
        ) {
            guard let node = stack.popLast() else { return }
            if stack.isEmpty {
                root = node
            } else {
                stack[stack.count - 1].children.append(node)
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            if failure == nil {
                failure = (parser.lineNumber, XMLErrorReason.words(for: parseError))
            }
        }
    }
}
