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
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw .unreadable(file: file.path, reason: error.localizedDescription)
        }
        let delegate = Delegate(rootName: name)
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        let parsed = parser.parse()
        guard parsed, delegate.failure == nil, let root = delegate.root else {
            let line = delegate.failure?.line ?? parser.lineNumber
            let reason = delegate.failure?.reason ?? parser.parserError.map(XMLErrorReason.words(for:)) ?? "not a docview document"
            throw .malformed(file: file.path, line: line, reason: reason)
        }
        return root
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
