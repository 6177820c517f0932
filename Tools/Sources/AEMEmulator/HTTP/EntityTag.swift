/// The entity tags the emulator sends, and their comparison in `If-None-Match` and `If-Range` (RFC 9110 §8.8.3).
enum EntityTag {
    /// The strong entity tag of `bytes`: their ``ContentHash`` in quotes.
    static func strong(_ bytes: some Sequence<UInt8>) -> String {
        "\"\(ContentHash.hex(bytes))\""
    }

    /// Whether an `If-None-Match` list names `etag` (weak comparison) or is `*`.
    static func ifNoneMatch(_ header: String, matches etag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingSpaces
            return tag == "*" || opaque(tag) == opaque(Substring(etag))
        }
    }

    /// Whether an `If-Range` entity tag equals `etag` (strong comparison: weak tags never match).
    static func ifRange(_ header: String, matches etag: String) -> Bool {
        let tag = header.trimmingSpaces
        return !tag.hasPrefix("W/") && tag == etag
    }

    private static func opaque(_ tag: Substring) -> Substring {
        tag.hasPrefix("W/") ? tag.dropFirst(2) : tag
    }
}
