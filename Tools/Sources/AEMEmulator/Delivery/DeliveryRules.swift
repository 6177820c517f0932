import Foundation

/// Every choice the stand-in makes where Adobe documents nothing for Content Fragment Delivery with OpenAPI (the
/// [INF] rules of aem-openapi.md §1–2), kept in this one file so that each can be corrected from a recorded real
/// response. The entity tag is the emulator's usual one: the content hash of the body (``ContentHash``).
enum DeliveryRules {
    /// Stand-in choice: the `Content-Type` of an error body (RFC 9457's; Adobe documents only its members).
    static let problemContentType = "application/problem+json"

    /// Stand-in choice: the `limit` values accepted; any other value, or one that is not an integer, is a 400.
    static let pageSizes = 1...50

    /// Stand-in choice: the page size of a list without `limit`.
    static let defaultPageSize = 50

    /// Stand-in choice: the deepest level `all` and `all-hydrated` reach (the root's own references are level 1).
    static let maximumDepth = 10

    /// Stand-in choice: a `path` must start with `/content/dam/` and must not end with `/` (the tutorial's tip, made
    /// a rule); any other path is a 400.
    static func isValidPath(_ path: String) -> Bool {
        path.hasPrefix("/content/dam/") && !path.hasSuffix("/")
    }

    /// Stand-in choice: lists are sorted by path, comparing UTF-8 bytes (Adobe documents no order).
    static func sortsBefore(_ first: String, _ second: String) -> Bool {
        var (first, second) = (first, second)
        return first.withUTF8 { first in
            second.withUTF8 { second in
                guard let left = first.baseAddress, let right = second.baseAddress else {
                    return first.count < second.count
                }
                let order = memcmp(left, right, min(first.count, second.count))
                return order != 0 ? order < 0 : first.count < second.count
            }
        }
    }

    /// Stand-in choice: a cursor is the base64url (no padding) of `{"o":<offset>,"q":"<hash of the path>"}`, the
    /// hash being ``ContentHash`` of the list's `path` (of nothing for a list without one).
    static func cursor(offset: Int, path: String?) -> String {
        Base64URL.encode(Data("{\"o\":\(offset),\"q\":\"\(queryHash(path))\"}".utf8))
    }

    /// Stand-in choice: the offset a cursor from ``cursor(offset:path:)`` holds, or `nil` (a 400) when it is not one
    /// the stand-in issued for a list of `path` with `count` fragments: garbage, or a cursor of another path.
    static func offset(inCursor cursor: String, path: String?, count: Int) -> Int? {
        guard let data = Base64URL.decode(Substring(cursor)),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let offset = object["o"] as? Int, let hash = object["q"] as? String,
            hash == queryHash(path), offset > 0, offset < count
        else { return nil }
        return offset
    }

    private static func queryHash(_ path: String?) -> String {
        ContentHash.hex((path ?? "").utf8)
    }

    /// Stand-in choices: a missing `references` means `none`; a value outside the documented five is `nil` (a 400,
    /// as Adobe's DA converter answers for the same enumeration).
    static func referencesMode(_ value: String?) -> ReferencesMode? {
        guard let value else { return ReferencesMode.none }
        return ReferencesMode(rawValue: value)
    }

    /// Stand-in choice: `byPath` honours `references=` as Get does (unknown whether AEM does).
    static let byPathHonoursReferences = true

    /// Stand-in choice: whether a referenced fragment's own references are listed below it in `referencesTree`:
    /// only up to `maximumLevel`, and only the first time the fragment appears in the answer (depth-first, field then
    /// value order); a later appearance, which includes a cycle back to an ancestor or the root, ends there with an
    /// empty `referencesTree`, so an answer stays linear in the number of fragments.
    static func expandsReferences(
        of identifier: String, atLevel level: Int, maximumLevel: Int, expanded: Set<String>
    ) -> Bool {
        level < maximumLevel && !expanded.contains(identifier)
    }

    /// Stand-in choice: a rich-text field without a `<name>@ContentType` sibling is `text/html`.
    static let defaultRichTextMimeType = "text/html"

    /// Stand-in choices for a field without a value: an empty list when it is multi-valued (tags always are),
    /// `{"mimeType"}` alone for rich text, and `nil` (the key left out) for any other.
    static func unsetValue(of field: ModelField, mimeType: String) -> OrderedJSON? {
        if field.isMultiple || field.kind == .tags { return .array([]) }
        if case .richText = field.kind { return .object([("mimeType", .string(mimeType))]) }
        return nil
    }

    /// Stand-in choice: an asset's identifier, in `fields` and as its key in `references`, is its `jcr:uuid`.
    static func assetIdentifier(_ asset: DamAsset) -> String {
        asset.uuid
    }

    /// Stand-in choice: an asset's `references` entry is of type `asset`, its value `{id, path, name, mimeType}`.
    static func assetReference(_ asset: DamAsset) -> OrderedJSON {
        let name = asset.path.split(separator: "/").last.map(String.init) ?? ""
        return .object([
            ("type", .string("asset")),
            (
                "value",
                .object([
                    ("id", .string(assetIdentifier(asset))), ("path", .string(asset.path)), ("name", .string(name)),
                    ("mimeType", .string(asset.mimeType)),
                ])
            ),
        ])
    }

    /// A tag's `references` entry, in the shape of AEM's (`{path, name, title, id, i18n, titlePath, description}`).
    /// Stand-in choice: it is built from the id alone (the package's tag nodes are not read): the path under
    /// `/content/cq:tags` (namespace `default` when the id names none), the title the same as the name, `titlePath`
    /// the namespace and the path's names (`mas : plan_type / abm`), no translations and no description.
    static func tagReference(_ id: String) -> OrderedJSON {
        let parts = id.split(separator: ":", maxSplits: 1).map(String.init)
        let (namespace, local) = parts.count == 2 ? (parts[0], parts[1]) : ("default", id)
        let names = local.split(separator: "/").map(String.init)
        let name = names.last ?? local
        return .object([
            ("type", .string("tag")),
            (
                "value",
                .object([
                    ("path", .string("/content/cq:tags/\(namespace)/\(local)")), ("name", .string(name)),
                    ("title", .string(name)), ("id", .string(id)), ("i18n", .array([])),
                    ("titlePath", .string(namespace + " : " + names.joined(separator: " / "))),
                    ("description", .string("")),
                ])
            ),
        ])
    }
}
