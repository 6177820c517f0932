import Foundation

/// The scheme, host and port of an AEM service: where queries go, what relative image paths
/// resolve against, and the only place credentials are ever sent.
public struct AemOrigin: Sendable, Hashable, CustomStringConvertible {
    /// The URL scheme of an AEM service: `http` or `https`.
    public enum Scheme: String, Sendable, CaseIterable {
        /// `http`, for a local service such as the AEM SDK, or `https`, for any other.
        case http, https
    }

    /// Whether requests use `http` or `https`.
    public let scheme: Scheme
    /// The host name or address, lower-cased, without brackets for IPv6.
    public let host: String
    /// The explicit port, or nil for the scheme's default.
    public let port: Int?

    /// Validates a host as the sample app's `AEM_HOST` holds it: a name or address with an
    /// optional `:port`, and nothing else (no scheme, path, query or credentials).
    public init(scheme: Scheme, host: String) throws(AemConfigurationError) {
        let trimmed = host.trimmingScalars {
            $0 == " " || $0 == "\t" || ($0.value > 0x7F && $0.properties.generalCategory == .spaceSeparator)
        }
        guard !trimmed.isEmpty else {
            throw .init("The AEM host is empty; set it to a name such as publish-p123-e456.adobeaemcloud.com.")
        }
        if trimmed.contains("://") {
            throw .init(
                "The AEM host \"\(trimmed)\" includes a scheme; give the host alone (such as \(Self.hostPart(of: trimmed))) and the scheme separately."
            )
        }
        if let bad = trimmed.first(where: { "/?#@ \\".contains($0) }) {
            throw .init(
                "The AEM host \"\(trimmed)\" contains \"\(bad)\"; give only a host name with an optional :port, without a path."
            )
        }
        guard let components = URLComponents(string: "\(scheme.rawValue)://\(trimmed)"),
            let parsedHost = components.host, !parsedHost.isEmpty
        else {
            throw .init("The AEM host \"\(trimmed)\" is not a valid host name.")
        }
        if let port = components.port, !(1...65535).contains(port) {
            throw .init("The AEM host \"\(trimmed)\" has port \(port), outside 1–65535.")
        }
        self.scheme = scheme
        self.host = Self.withoutBrackets(parsedHost.lowercased())
        self.port = components.port
    }

    /// The origin of an absolute http(s) URL, or nil for any other URL.
    public init?(of url: URL) {
        guard let schemeText = url.scheme?.lowercased(), let scheme = Scheme(rawValue: schemeText),
            let host = url.host, !host.isEmpty
        else { return nil }
        self.scheme = scheme
        self.host = Self.withoutBrackets(host.lowercased())
        self.port = url.port
    }

    /// The port in effect: the explicit one, else 80 or 443.
    var effectivePort: Int { port ?? (scheme == .https ? 443 : 80) }

    /// `scheme://host[:port]`, with IPv6 addresses in brackets.
    public var description: String {
        let hostText = host.utf8.contains(UInt8(ascii: ":")) ? "[\(host)]" : host
        return "\(scheme.rawValue)://\(hostText)" + (port.map { ":\($0)" } ?? "")
    }

    /// Whether `url` belongs to this origin: same scheme, host and port.
    public func contains(_ url: URL) -> Bool {
        guard let other = AemOrigin(of: url) else { return false }
        return other.scheme == scheme && other.host == host && other.effectivePort == effectivePort
    }

    /// The absolute URL for a path (with its query string) on this origin. The path is
    /// percent-encoded where needed, and escapes already present are kept as they are.
    public func url(forPath path: String) -> URL? {
        // Cut by bytes: `#` and `?` are ASCII, and a sync builds one such URL per image.
        let bytes = path.utf8
        let end = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex
        let question = bytes[..<end].firstIndex(of: UInt8(ascii: "?"))
        let pathPart = bytes[..<(question ?? end)]
        var text = description
        if pathPart.first != UInt8(ascii: "/") { text += "/" }
        text += PercentEncoding.encodePath(Substring(pathPart))
        if let question {
            text += "?" + PercentEncoding.encodeQuery(Substring(bytes[bytes.index(after: question)..<end]))
        }
        return URL(string: text)
    }

    private static func withoutBrackets(_ host: String) -> String {
        host.trimmingScalars { $0 == "[" || $0 == "]" }
    }

    private static func hostPart(of text: String) -> String {
        let afterScheme = text.components(separatedBy: "://").last ?? text
        return String(afterScheme.prefix { $0 != "/" })
    }
}
