import Foundation

/// The opaque cursor of a paginated query's edge: base64 of the fragment's sort key and its UUID, as AEM's cursors
/// are. Only the UUID is read back; the key makes cursors of different sorts differ.
enum PageCursor {
    static func encode(sortKey: String, uuid: String) -> String {
        Data((sortKey + "\n" + uuid).utf8).base64EncodedString()
    }

    /// The UUID in `cursor`, or `nil` when it is not a cursor this server gave.
    static func uuid(in cursor: String) -> String? {
        guard let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8),
            let newline = text.lastIndex(of: "\n")
        else { return nil }
        let uuid = String(text[text.index(after: newline)...])
        return uuid.isEmpty ? nil : uuid
    }
}
