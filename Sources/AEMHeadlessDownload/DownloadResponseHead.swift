import AEMHeadless
import Foundation

/// What a download needs from a response's headers: the length to verify, the validators to keep
/// and to resume with, and whether the server serves byte ranges.
struct DownloadResponseHead: Sendable, Hashable {
    /// `Content-Length`: for a 206, the length of the part sent.
    var contentLength: Int64?
    var contentType: String?
    var etag: String?
    var lastModified: String?
    /// Whether the server said `Accept-Ranges: bytes`.
    var acceptsRanges: Bool

    init(_ headers: AemHTTPHeaders) {
        contentLength = headers["Content-Length"].flatMap { Int64($0.trimmingWhiteSpace) }
            .flatMap { $0 >= 0 ? $0 : nil }
        contentType = headers["Content-Type"]
        etag = headers["ETag"]
        lastModified = headers["Last-Modified"]
        acceptsRanges =
            headers["Accept-Ranges"]?.lowercased().split(separator: ",")
            .contains { $0.trimmingWhiteSpace == "bytes" } ?? false
    }

    /// The value for `If-Range`: a strong `ETag`, else `Last-Modified`; nil when there is neither,
    /// and then a resumed download could not be told apart from a changed file.
    var rangeValidator: String? {
        if let etag, !etag.hasPrefix("W/") { return etag }
        return lastModified
    }

    /// A `Content-Range: bytes first-last/complete` value, or nil when it is not of that form
    /// (`*` lengths included).
    static func parseContentRange(_ value: String) -> (first: Int64, last: Int64, complete: Int64)? {
        let trimmed = value.trimmingWhiteSpace
        guard trimmed.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = trimmed.dropFirst("bytes ".count)
        let halves = spec.split(separator: "/", maxSplits: 1)
        guard halves.count == 2 else { return nil }
        let bounds = halves[0].split(separator: "-", maxSplits: 1)
        guard bounds.count == 2,
            let first = Int64(bounds[0].trimmingWhiteSpace),
            let last = Int64(bounds[1].trimmingWhiteSpace),
            let complete = Int64(halves[1].trimmingWhiteSpace),
            first >= 0, first <= last, last < complete
        else { return nil }
        return (first, last, complete)
    }

    /// The complete length of a 416's `Content-Range: bytes */complete`, or nil.
    static func parseUnsatisfiedRange(_ value: String) -> Int64? {
        let trimmed = value.trimmingWhiteSpace
        guard trimmed.lowercased().hasPrefix("bytes */") else { return nil }
        return Int64(trimmed.dropFirst("bytes */".count).trimmingWhiteSpace).flatMap {
            $0 >= 0 ? $0 : nil
        }
    }
}
