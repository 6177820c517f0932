import AEMHeadless
import CAEMSQLite
import Foundation
import GRDB

/// What full-text search reads of a stored fragment: its title, and the plain text of its rich-text fields (each
/// multi-line field's `plaintext`, else the text of its `json` tree, `html` or `markdown`; a delivery-API field's
/// text by its `mimeType`). Registered as SQL functions on every connection to the store, so the triggers that keep
/// `fragment_search` current run in the same transaction as the write; with them `aem_rank`, the ranking searches
/// order by (`csqlite_register_search_rank`).
enum SearchText {
    /// `aem_search_title(json)`: the fragment's `title` (under `item` or `fields` where its members are); '' when it
    /// has none.
    static let title = DatabaseFunction("aem_search_title", argumentCount: 1, pure: true) { values in
        texts(of: values[0]).title
    }

    /// `aem_search_body(json)`: the plain text of every rich-text field, one a line.
    static let body = DatabaseFunction("aem_search_body", argumentCount: 1, pure: true) { values in
        texts(of: values[0]).body
    }

    /// What search reads of one stored JSON.
    private struct Texts: Sendable {
        var title = ""
        var body = ""
    }

    /// The texts of the JSON last read: a trigger asks for the title and then the body of the same row, so each
    /// row's JSON is parsed once.
    private static let lastRead = LockedValue<(json: Data, texts: Texts)?>(nil)

    private static func texts(of value: DatabaseValue) -> Texts {
        guard let data = Data.fromDatabaseValue(value) ?? String.fromDatabaseValue(value).map({ Data($0.utf8) }) else {
            return Texts()
        }
        if let last = lastRead.withLock({ $0 }), last.json == data { return last.texts }
        var texts = Texts()
        if let json = try? UntypedJSON(parsing: data), json.members != nil {
            for root in [json["item"], json["fields"], json] {
                if let title = root?["title"]?.stringValue {
                    texts.title = title
                    break
                }
            }
            var lines: [String] = []
            collect(json, into: &lines)
            texts.body = lines.joined(separator: "\n")
        }
        lastRead.withLock { $0 = (data, texts) }
        return texts
    }

    /// Adds the functions to every connection of `configuration`.
    static func register(in configuration: inout Configuration) {
        configuration.prepareDatabase { db in
            db.add(function: title)
            db.add(function: body)
            let code = csqlite_register_search_rank(db.sqliteConnection)
            guard code == SQLITE_OK else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot register aem_rank")
            }
        }
    }

    /// The text of each rich-text field below `value`: an object with `plaintext`, `json`, `html` or `markdown`
    /// (GraphQL's multi-line form), or with `value` and a text `mimeType` (the delivery API's).
    private static func collect(_ value: UntypedJSON, into texts: inout [String]) {
        switch value {
        case .object(let members):
            if let text = richText(value) {
                if !text.isEmpty { texts.append(text) }
                return
            }
            for member in members.sorted(by: { $0.key < $1.key }) { collect(member.value, into: &texts) }
        case .array(let items):
            for item in items { collect(item, into: &texts) }
        default:
            break
        }
    }

    private static func richText(_ object: UntypedJSON) -> String? {
        if let plaintext = object["plaintext"]?.stringValue { return plaintext }
        if let nodes = object["json"]?.arrayValue, nodes.first?["nodeType"] != nil {
            var text = ""
            for node in nodes { nodeText(node, into: &text) }
            return text
        }
        if let html = object["html"]?.stringValue { return fromHTML(html) }
        if let markdown = object["markdown"]?.stringValue { return markdown }
        if let mimeType = object["mimeType"]?.stringValue, let text = object["value"]?.stringValue {
            return mimeType == "text/html" ? fromHTML(text) : text
        }
        return nil
    }

    /// The text of a rich-text node and its children, a line a block.
    private static func nodeText(_ node: UntypedJSON, into text: inout String) {
        guard node.members != nil else { return }
        if let value = node["value"]?.stringValue { text += value }
        for child in node["content"]?.arrayValue ?? [] { nodeText(child, into: &text) }
        if node["nodeType"]?.stringValue != "text" { text += "\n" }
    }

    private static func fromHTML(_ html: String) -> String {
        HTMLRichTextReader.nodes(html: html).map(\.plainText).joined(separator: "\n")
    }
}
