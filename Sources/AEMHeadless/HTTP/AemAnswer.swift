import Foundation

/// A whole answer from AEM: its status, its headers and the complete body, as
/// `Aem.answer(_:method:headers:body:)` returns it whatever the status.
///
/// What every reader needs to know of an answer is decided here once: whether it is an HTML
/// page, whether its body is empty, and which GraphQL errors it carries.
package struct AemAnswer: Sendable {
    /// The status and headers.
    package var head: AemHTTPResponseHead
    /// The whole body.
    package var body: Data
    /// The URL asked for (never holding credentials).
    package var url: URL
    /// How many times the request was sent for this answer: more than 1 when it was retried.
    package var attempts = 1

    /// An answer read in full.
    package init(status: Int, headers: AemHTTPHeaders, body: Data, url: URL) {
        (head, self.body, self.url) = (AemHTTPResponseHead(status: status, headers: headers), body, url)
    }

    /// The HTTP status code.
    package var status: Int { head.status }
    /// The response's header fields.
    package var headers: AemHTTPHeaders { head.headers }

    /// Whether the status is a success (2xx).
    package var isSuccess: Bool { (200..<300).contains(status) }

    /// An HTML page in place of JSON (a proxy, a CDN, a login or error page): the content type
    /// says so, or the body starts with `<` after white space and a byte-order mark.
    package var isHTML: Bool {
        if let type = headers["Content-Type"]?.lowercased(), type.contains("text/html") || type.contains("xhtml") {
            return true
        }
        return body.first(where: { !Self.isBlankOrMark($0) }) == UInt8(ascii: "<")
    }

    /// Nothing in the body but white space.
    package var isBlank: Bool { body.allSatisfy(Self.isBlank) }

    /// The body as JSON, or nil when it is not JSON.
    package var json: UntypedJSON? { try? UntypedJSON(parsing: body) }

    /// The GraphQL `errors` of a JSON body (the GraphQL envelope, or AEM's error shape on a
    /// failed status); empty for any other body.
    package var graphQLErrors: [GraphQLError] {
        guard !isHTML, let list = json?["errors"]?.arrayValue else { return [] }
        return list.compactMap { try? GraphQLError(json: $0) }
    }

    /// The page's `<title>`, for messages about an HTML answer.
    var htmlTitle: String? {
        let text = String(decoding: body.prefix(16_384), as: UTF8.self)
        guard let open = text.range(of: "<title", options: .caseInsensitive),
            let close = text.range(of: "</title>", options: .caseInsensitive, range: open.upperBound..<text.endIndex),
            let start = text.range(of: ">", range: open.upperBound..<close.lowerBound)
        else { return nil }
        let title = text[start.upperBound..<close.lowerBound].trimmingWhiteSpace
        return title.isEmpty ? nil : String(title.prefix(80))
    }

    /// The answer as an HTML page, for messages: `an HTML page ("Sign in")`.
    package var pageDescription: String {
        "an HTML page" + (htmlTitle.map { " (\"\($0)\")" } ?? "")
    }

    /// A short, single-line, secret-free excerpt of the body.
    package func excerpt(_ scrubber: SecretScrubber) -> String {
        AemError.excerpt(of: body, scrubbing: scrubber)
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func isBlankOrMark(_ byte: UInt8) -> Bool {
        isBlank(byte) || byte == 0xEF || byte == 0xBB || byte == 0xBF
    }
}
