import Foundation

/// An image in AEM's DAM as a content fragment references it (GraphQL type `ImageRef`).
///
/// Every field is optional: a query asks for only some of them, and `_dynamicUrl` is null on the
/// local AEM SDK and for Dynamic Media assets. Use `url(on:)` for the address to load.
public struct ImageReference: Sendable, Hashable, Codable, UntypedJSONDecodable {
    /// The DAM path (`_path`), such as `/content/dam/wknd-shared/en/adventures/x/x.jpg`.
    public var path: String?
    /// The web-optimised delivery path (`_dynamicUrl`), without host and with its own query
    /// string, such as `/adobe/dynamicmedia/deliver/dm-aid--…/x.jpg?width=1200`.
    public var dynamicUrl: String?
    /// The full URL on the author service (`_authorUrl`).
    public var authorUrl: String?
    /// The full URL on the publish service (`_publishUrl`).
    public var publishUrl: String?
    /// The image's width in pixels, when the query asked for it.
    public var width: Int?
    /// The image's height in pixels, when the query asked for it.
    public var height: Int?
    /// Such as `image/jpeg`.
    public var mimeType: String?

    /// A reference with the given fields; every one is optional.
    public init(
        path: String? = nil, dynamicUrl: String? = nil, authorUrl: String? = nil, publishUrl: String? = nil,
        width: Int? = nil, height: Int? = nil, mimeType: String? = nil
    ) {
        self.path = path
        self.dynamicUrl = dynamicUrl
        self.authorUrl = authorUrl
        self.publishUrl = publishUrl
        self.width = width
        self.height = height
        self.mimeType = mimeType
    }

    enum CodingKeys: String, CodingKey {
        case path = "_path"
        case dynamicUrl = "_dynamicUrl"
        case authorUrl = "_authorUrl"
        case publishUrl = "_publishUrl"
        case width, height, mimeType
    }

    /// Reads an `ImageRef` from AEM's JSON; a missing, `null` or mistyped field reads as nil.
    public init(from decoder: any Decoder) throws {
        try self.init(decodingJSONFrom: decoder)
    }

    init(json: UntypedJSON) throws(JSONShapeMismatch) {
        let tree = try json.requireObject(for: ImageReference.self)
        path = tree.lenientString(CodingKeys.path)
        dynamicUrl = tree.lenientString(CodingKeys.dynamicUrl)
        authorUrl = tree.lenientString(CodingKeys.authorUrl)
        publishUrl = tree.lenientString(CodingKeys.publishUrl)
        width = tree.lenientInt(CodingKeys.width)
        height = tree.lenientInt(CodingKeys.height)
        mimeType = tree.lenientString(CodingKeys.mimeType)
    }

    /// The value the image is loaded from: `_dynamicUrl` when present and not blank, else
    /// `_path` when not blank, else nil. Surrounding white space is removed.
    public var location: String? {
        for candidate in [dynamicUrl, path] {
            if let value = candidate?.trimmingWhiteSpace, !value.isEmpty { return value }
        }
        return nil
    }

    /// The absolute URL of the image, or nil when the reference has neither a `_dynamicUrl` nor a
    /// `_path`, or names something other than an http(s) resource.
    ///
    /// - A relative value (`/content/dam/…`, `/adobe/dynamicmedia/…?width=1200`) becomes the
    ///   origin's scheme, host and port plus the value, query string kept.
    /// - An absolute `http`/`https` value is used as it is, on whatever host it names.
    /// - Spaces and non-ASCII characters are percent-encoded, exactly once: escapes already in
    ///   the value (`%20`) are kept as they are.
    ///
    /// The URL may lie on another host than `origin`; only send credentials with it when
    /// `origin.contains(url)`.
    public func url(on origin: AemOrigin) -> URL? {
        location.flatMap { Self.resolve($0, on: origin) }
    }

    /// The absolute URL for one `_dynamicUrl` or `_path` value, by the rules of `url(on:)`:
    /// the package's one image-location resolver, for a value kept without its reference (the
    /// mirror's image locations, the asset paths in rich text). Surrounding white space is
    /// removed; a blank value gives nil.
    package static func url(for value: String, on origin: AemOrigin) -> URL? {
        let value = value.trimmingWhiteSpace
        return value.isEmpty ? nil : resolve(value, on: origin)
    }

    /// `url(for:on:)` for a value already trimmed and not empty.
    private static func resolve(_ value: String, on origin: AemOrigin) -> URL? {
        if value.hasPrefix("//") {
            // Network-path reference: the origin's scheme, the value's host.
            return absoluteURL(origin.scheme.rawValue + ":" + value)
        }
        if let scheme = scheme(of: value) {
            guard AemOrigin.Scheme(rawValue: scheme.lowercased()) != nil else { return nil }
            return absoluteURL(value)
        }
        return origin.url(forPath: value)
    }

    /// The scheme of an absolute URI (`https` in `https://…`), or nil for a relative reference.
    private static func scheme(of value: String) -> String? {
        // By bytes: a scheme is ASCII, and most values (paths) have no colon at all.
        guard let colon = value.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let candidate = value.utf8[..<colon]
        func isLetter(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        }
        guard let first = candidate.first, isLetter(first),
            candidate.allSatisfy({
                isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || "+-.".utf8.contains($0)
            })
        else { return nil }
        return String(Substring(candidate))
    }

    /// An absolute http(s) URL with its path, query and fragment percent-encoded where needed
    /// (existing escapes kept); scheme and authority are used as they are.
    private static func absoluteURL(_ value: String) -> URL? {
        guard let separator = value.range(of: "://") else { return nil }
        let afterScheme = value[separator.upperBound...]
        let authorityEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterScheme.endIndex
        let authority = afterScheme[..<authorityEnd]
        guard !authority.isEmpty else { return nil }
        var rest = Substring(afterScheme[authorityEnd...])
        var fragment: Substring?
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        var query: Substring?
        if let question = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        var text = value[..<separator.upperBound] + authority + PercentEncoding.encodePath(String(rest))
        if let query { text += "?" + PercentEncoding.encodeQuery(String(query)) }
        if let fragment { text += "#" + PercentEncoding.encodeQuery(String(fragment)) }
        return URL(string: String(text))
    }
}
