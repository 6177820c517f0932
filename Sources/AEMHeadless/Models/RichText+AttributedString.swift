import Foundation

/// A reference in rich text, as `attributedString(references:)` hands it to an app to turn into a URL:
///
/// ```swift
/// let text = article.body?.attributedString { reference in
///     switch reference {
///     case .asset(let path): origin.url(forPath: path)
///     case .fragment(let path): URL(string: "myapp://articles" + path)
///     }
/// }
/// ```
public enum RichTextReference: Sendable, Hashable {
    /// An asset reference's `data.path` (else `data.href`): a DAM path such as `/content/dam/…/x.jpg`.
    case asset(path: String)
    /// A fragment reference's `data.href`: the `_path` of the referenced content fragment.
    case fragment(path: String)

    /// The DAM path, as the answer's `_references` name it.
    public var path: String {
        switch self {
        case .asset(let path), .fragment(let path): path
        }
    }
}

extension RichText {
    /// The field as an `AttributedString` for display: the `json` tree when it holds any node, laid out as
    /// `[RichTextNode].attributedString(references:)` describes; else `plaintext` as plain text; else empty.
    public func attributedString(references: ((RichTextReference) -> URL?)? = nil) -> AttributedString {
        if let json, !json.isEmpty { return json.attributedString(references: references) }
        return AttributedString(plaintext ?? "")
    }
}

extension [RichTextNode] {
    /// The blocks as an `AttributedString` for display (SwiftUI `Text`, UIKit, AppKit). Pure and deterministic.
    ///
    /// The layout is in the characters, so the string reads the same wherever it is shown:
    /// - Blocks (paragraphs, headers, lists, tables, unknown blocks, a run of top-level inline nodes) are
    ///   separated by a blank line (`"\n\n"`), written only between blocks.
    /// - A list item is a line starting with `• `, or `1. `, `2. `… in an ordered list. An item's further
    ///   blocks and nested lists start on new lines, indented to the item's text.
    /// - A table row is a line, its cells separated by tabs (`"\t"`).
    /// - A line break is `"\n"` (a space inside a table cell); an unknown node keeps its `value` and children.
    /// - A link reads as its `value`, else its children's text, else its `href`. A fragment reference reads
    ///   as its title (`value`), else its path; an asset reference as its `alt` member, else its path.
    ///
    /// The attributes:
    /// - `link`: a link's `data.href`; a reference's URL. An `href` that `URL(string:)` cannot read leaves
    ///   the text without a link. An asset reference also has `imageURL`, the same URL.
    /// - `richTextVariants`: the text's `format.variants` (bold, italic, underline, strikethrough, code, and
    ///   any other); `richTextBlock`: the kind of the innermost block holding the text, such as
    ///   `.header(level: 2)`, `.listItem` for a list marker or `.tableData`. Every platform has these two;
    ///   Foundation has no underline attribute anywhere, and no presentation intents outside Apple platforms.
    /// - On Apple platforms also Foundation's `inlinePresentationIntent` (bold `.stronglyEmphasized`, italic
    ///   `.emphasized`, code `.code`, strikethrough `.strikethrough`, line break `.lineBreak`) and
    ///   `presentationIntent` (paragraph, `.header(level:)` — a header of unknown level is a paragraph —,
    ///   lists with their items, tables with rows and cells), as Markdown parsing sets them.
    ///
    /// - Parameter references: The URL for a reference, such as an asset's delivery URL or the app's own link
    ///   to a fragment, typically looked up in the answer's `_references`. Without it, or when it returns
    ///   nil, the reference's path is the URL, as it is.
    public func attributedString(references: ((RichTextReference) -> URL?)? = nil) -> AttributedString {
        var writer = RichTextAttributedWriter(resolve: references)
        writer.writeBlocks(self, separator: "\n\n")
        return writer.output
    }
}

extension AttributeScopes {
    /// The attributes rich text sets beside Foundation's: `richTextVariants` and `richTextBlock`.
    public struct AEMRichTextAttributes: AttributeScope {
        /// The text's `format.variants`.
        public let richTextVariants: RichTextVariantsAttribute
        /// The kind of the innermost block holding the text.
        public let richTextBlock: RichTextBlockAttribute
        /// Foundation's attributes, such as `link` and `imageURL`.
        public let foundation: FoundationAttributes

        /// The text's `format.variants`, such as bold or underline; absent on plain text. Foundation has no
        /// underline attribute, so an app sets its own, such as SwiftUI's: `for run in string.runs where
        /// run.richTextVariants?.contains(.underline) == true { string[run.range].underlineStyle = .single }`.
        public enum RichTextVariantsAttribute: AttributedStringKey {
            /// The variants.
            public typealias Value = Set<RichTextNode.Variant>
            /// The attribute's name.
            public static let name = "AEMHeadless.RichTextVariants"
        }

        /// The kind of the innermost block holding the text: `.paragraph`, `.header(level:)`, `.listItem`
        /// (a list marker), `.tableData`, or the `.unknown` kind of an unknown block.
        public enum RichTextBlockAttribute: AttributedStringKey {
            /// The block's kind.
            public typealias Value = RichTextNode.Kind
            /// The attribute's name.
            public static let name = "AEMHeadless.RichTextBlock"
        }
    }

    /// The rich-text attributes, for APIs that take a scope (`\.aemRichText`).
    public var aemRichText: AEMRichTextAttributes.Type { AEMRichTextAttributes.self }
}

extension AttributeDynamicLookup {
    /// The rich-text attributes as members: `string.richTextVariants`, `run.richTextBlock`.
    public subscript<T: AttributedStringKey>(
        dynamicMember keyPath: KeyPath<AttributeScopes.AEMRichTextAttributes, T>
    ) -> T {
        self[T.self]
    }
}

/// Walks a `json` tree into an `AttributedString`. A block asks for the separator it needs before its
/// content; the separator is written only when content follows, so empty blocks leave no trace.
private struct RichTextAttributedWriter {
    /// A block as Foundation's `presentationIntent` names it.
    enum Frame {
        case paragraph
        case header(level: Int)
        case orderedList
        case unorderedList
        case listItem(ordinal: Int)
        case table(columns: Int)
        case tableRow(index: Int)
        case tableCell(column: Int)
    }

    /// What inline nodes add to the text they hold.
    struct InlineStyle {
        var variants: Set<RichTextNode.Variant> = []
        var link: URL?
        var imageURL: URL?
        var isLineBreak = false
    }

    let resolve: ((RichTextReference) -> URL?)?
    private(set) var output = AttributedString()
    /// The separator owed before the next text; a line break in it is followed by `indent`.
    private var pendingBreak = ""
    /// The indent of a new line: the text of the list items around it.
    private var indent = ""
    /// The kind of the innermost block being written.
    private var block: RichTextNode.Kind?
    /// The blocks being written, outermost first, with their identities.
    private var frames: [(frame: Frame, identity: Int)] = []
    private var nextIdentity = 1
    /// How many pieces have been written, to tell whether a part wrote anything.
    private var writeCount = 0

    init(resolve: ((RichTextReference) -> URL?)?) {
        self.resolve = resolve
    }

    // MARK: Blocks

    /// Sibling blocks with `separator` between them; consecutive inline nodes make one paragraph.
    mutating func writeBlocks(_ nodes: [RichTextNode], separator: String) {
        var index = nodes.startIndex
        while index < nodes.endIndex {
            if index > nodes.startIndex { requestBreak(separator, since: 0) }
            if Self.isInline(nodes[index]) {
                let end = nodes[index...].firstIndex { !Self.isInline($0) } ?? nodes.endIndex
                let run = nodes[index..<end]
                withBlock(.paragraph, frame: .paragraph) { $0.writeInline(Array(run), style: InlineStyle()) }
                index = end
            } else {
                writeBlock(nodes[index], separator: separator)
                index += 1
            }
        }
    }

    private mutating func writeBlock(_ node: RichTextNode, separator: String) {
        switch node.kind {
        case .paragraph:
            withBlock(.paragraph, frame: .paragraph) { $0.writeContent(of: node, style: InlineStyle()) }
        case .header(let level):
            withBlock(node.kind, frame: level.map { .header(level: $0) } ?? .paragraph) {
                $0.writeContent(of: node, style: InlineStyle())
            }
        case .unorderedList, .orderedList:
            writeList(node)
        case .table, .tableBody, .tableRow:
            writeTable(node)
        default:
            // An unknown block, or a list item or cell out of place: its text, and its blocks after it.
            if node.children.allSatisfy(Self.isInlineContent) {
                withBlock(node.kind, frame: .paragraph) { $0.writeContent(of: node, style: InlineStyle()) }
            } else {
                if let value = node.value, !value.isEmpty {
                    withBlock(node.kind, frame: .paragraph) { $0.write(value, style: InlineStyle()) }
                    requestBreak(separator, since: 0)
                }
                writeBlocks(node.children, separator: separator)
            }
        }
    }

    private mutating func writeList(_ list: RichTextNode) {
        let ordered = list.kind == .orderedList
        let listIndent = indent
        push(ordered ? .orderedList : .unorderedList)
        for (offset, item) in list.children.enumerated() {
            if offset > 0 { requestBreak("\n", since: 0) }
            let marker = ordered ? "\(offset + 1). " : "• "
            push(.listItem(ordinal: offset + 1))
            withBlock(.listItem, frame: nil) { $0.write(marker, style: InlineStyle()) }
            indent = listIndent + String(repeating: " ", count: marker.count)
            let contents = item.kind == .listItem ? item.children : [item]
            if let first = contents.first, first.kind == .orderedList || first.kind == .unorderedList {
                requestBreak("\n", since: 0)
            }
            writeBlocks(contents, separator: "\n")
            indent = listIndent
            frames.removeLast()
        }
        frames.removeLast()
    }

    /// Each row on a line, its cells separated by tabs.
    private mutating func writeTable(_ table: RichTextNode) {
        let rows = (table.kind == .tableRow ? [table] : table.tableRows).map { row in
            row.kind == .tableRow ? row.children : [row]
        }
        push(.table(columns: rows.map(\.count).max() ?? 0))
        for (rowIndex, cells) in rows.enumerated() {
            if rowIndex > 0 { requestBreak("\n", since: 0) }
            push(.tableRow(index: rowIndex))
            for (column, cell) in cells.enumerated() {
                withBlock(.tableData, frame: .tableCell(column: column)) { writer in
                    if column > 0 { writer.write("\t", style: InlineStyle()) }
                    if cell.kind == .tableData {
                        writer.writeContent(of: cell, style: InlineStyle())
                    } else {
                        writer.writeInline([cell], style: InlineStyle())
                    }
                }
            }
            frames.removeLast()
        }
        frames.removeLast()
    }

    // MARK: Inline content

    /// Text, links, line breaks and references.
    private static func isInline(_ node: RichTextNode) -> Bool {
        switch node.kind {
        case .text, .link, .lineBreak, .assetReference, .fragmentReference: true
        default: false
        }
    }

    /// Inline nodes, and unknown nodes holding only such content.
    private static func isInlineContent(_ node: RichTextNode) -> Bool {
        if case .unknown = node.kind { return node.children.allSatisfy(isInlineContent) }
        return isInline(node)
    }

    /// A node's `value`, then its children inline.
    private mutating func writeContent(of node: RichTextNode, style: InlineStyle) {
        write(node.value ?? "", style: style)
        writeInline(node.children, style: style)
    }

    /// Nodes inline; a block among them (such as a paragraph in a cell) is set off by spaces.
    private mutating func writeInline(_ nodes: [RichTextNode], style: InlineStyle) {
        let start = writeCount
        var afterBlock = false
        for node in nodes {
            let isBlock = !Self.isInlineContent(node)
            if isBlock || afterBlock { requestBreak(" ", since: start) }
            writeInline(node, style: style)
            afterBlock = isBlock
        }
    }

    private mutating func writeInline(_ node: RichTextNode, style: InlineStyle) {
        var style = style
        switch node.kind {
        case .text:
            style.variants.formUnion(node.variants)
            writeContent(of: node, style: style)
        case .link:
            let href = node.data?.href ?? ""
            style.link = Self.url(href)
            let start = writeCount
            writeContent(of: node, style: style)
            if writeCount == start { write(href, style: style) }
        case .fragmentReference:
            let path = node.data?.href ?? ""
            style.link = referenceURL(.fragment(path: path))
            let start = writeCount
            writeContent(of: node, style: style)
            if writeCount == start { write(path, style: style) }
        case .assetReference:
            let path = node.data?.path ?? node.data?.href ?? ""
            style.link = referenceURL(.asset(path: path))
            style.imageURL = style.link
            let alt = node.data?.other["alt"]?.stringValue ?? ""
            write(alt.isEmpty ? path : alt, style: style)
        case .lineBreak:
            if block == .tableData {
                write(" ", style: style)
            } else {
                style.isLineBreak = true
                write("\n", style: style)
                write(indent, style: InlineStyle())
            }
        default:
            writeContent(of: node, style: style)
        }
    }

    /// The app's URL for a reference, else its path read as a URL; nil for an empty path.
    private func referenceURL(_ reference: RichTextReference) -> URL? {
        guard !reference.path.isEmpty else { return nil }
        return resolve?(reference) ?? Self.url(reference.path)
    }

    /// `text` read as a URL, white space around it removed; nil when blank or unreadable.
    private static func url(_ text: String) -> URL? {
        let text = text.trimmingWhiteSpace
        return text.isEmpty ? nil : URL(string: text)
    }

    // MARK: Writing

    /// Owes `separator` before the next text, when anything was written after the piece numbered `mark`.
    private mutating func requestBreak(_ separator: String, since mark: Int) {
        if writeCount > mark { pendingBreak = separator }
    }

    private mutating func withBlock(_ kind: RichTextNode.Kind, frame: Frame?, _ body: (inout Self) -> Void) {
        let outer = block
        block = kind
        if let frame { push(frame) }
        body(&self)
        if frame != nil { frames.removeLast() }
        block = outer
    }

    private mutating func push(_ frame: Frame) {
        frames.append((frame, nextIdentity))
        nextIdentity += 1
    }

    /// Writes the separator owed, then `text` with the block's and `style`'s attributes.
    private mutating func write(_ text: String, style: InlineStyle) {
        guard !text.isEmpty else { return }
        if !pendingBreak.isEmpty {
            output.append(AttributedString(pendingBreak.hasSuffix("\n") ? pendingBreak + indent : pendingBreak))
            pendingBreak = ""
        }
        var attributes = AttributeContainer()
        if let link = style.link { attributes.link = link }
        if let imageURL = style.imageURL { attributes.imageURL = imageURL }
        if !style.variants.isEmpty { attributes.richTextVariants = style.variants }
        if let block { attributes.richTextBlock = block }
        #if canImport(Darwin)
        if let intent = presentationIntent { attributes.presentationIntent = intent }
        if let intent = style.inlinePresentationIntent { attributes.inlinePresentationIntent = intent }
        #endif
        output.append(AttributedString(text, attributes: attributes))
        writeCount += 1
    }
}

#if canImport(Darwin)
extension RichTextAttributedWriter {
    /// The blocks being written as Foundation's nested intents.
    fileprivate var presentationIntent: PresentationIntent? {
        frames.reduce(PresentationIntent?.none) { parent, entry in
            PresentationIntent(entry.frame.intentKind, identity: entry.identity, parent: parent)
        }
    }
}

extension RichTextAttributedWriter.Frame {
    fileprivate var intentKind: PresentationIntent.Kind {
        switch self {
        case .paragraph: .paragraph
        case .header(let level): .header(level: level)
        case .orderedList: .orderedList
        case .unorderedList: .unorderedList
        case .listItem(let ordinal): .listItem(ordinal: ordinal)
        case .table(let columns):
            .table(columns: Array(repeating: PresentationIntent.TableColumn(alignment: .left), count: columns))
        case .tableRow(let index): .tableRow(rowIndex: index)
        case .tableCell(let column): .tableCell(columnIndex: column)
        }
    }
}

extension RichTextAttributedWriter.InlineStyle {
    /// Bold, italic, code, strikethrough and line breaks as Foundation's inline intent; nil for none.
    fileprivate var inlinePresentationIntent: InlinePresentationIntent? {
        var intent: InlinePresentationIntent = []
        if variants.contains(.bold) { intent.insert(.stronglyEmphasized) }
        if variants.contains(.italic) { intent.insert(.emphasized) }
        if variants.contains("code") { intent.insert(.code) }
        if variants.contains("strikethrough") { intent.insert(.strikethrough) }
        if isLineBreak { intent.insert(.lineBreak) }
        return intent.isEmpty ? nil : intent
    }
}
#endif
