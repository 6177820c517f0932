import HTTPTypes

extension HTTPResponse.Status {
    /// The status for `code` with its standard reason phrase; codes outside 100...999 become 500.
    static func emulated(_ code: Int) -> HTTPResponse.Status {
        guard (100...999).contains(code) else { return .internalServerError }
        return HTTPResponse.Status(code: code, reasonPhrase: reasonPhrases[code] ?? "")
    }

    private static let reasonPhrases = [
        200: "OK", 201: "Created", 204: "No Content", 206: "Partial Content", 301: "Moved Permanently", 302: "Found",
        304: "Not Modified", 307: "Temporary Redirect", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden",
        404: "Not Found", 405: "Method Not Allowed", 406: "Not Acceptable", 408: "Request Timeout",
        416: "Range Not Satisfiable",
        429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout",
    ]
}
