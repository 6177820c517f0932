import AEMHeadless
import Foundation

/// The Sites API's paths, limits and constants, and the checks its requests pass before anything is sent.
enum SitesEndpoints {
    /// The API's base path on the author origin.
    static let base = "/adobe/sites"
    /// The page sizes a list takes: AEM answers 400 outside 1…50.
    static let pageSizes = 1...50
    /// How long author holds its throttle once it answers 429: about a minute, so a 429 without `Retry-After` is
    /// waited out for 65 s (when the retry policy allows waits that long); retrying sooner only spends calls.
    static let throttle = Duration.seconds(65)
    /// The waits before each read of what a write made, when its answer did not hold it: author shows a write only
    /// after a short delay.
    static let rereadWaits: [Duration] = [.zero, .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2)]
    /// The workflow that publishes, along with the references asked for.
    static let publishWorkflow = "/var/workflow/models/scheduled_activation_with_references"
    /// The workflow that unpublishes.
    static let unpublishWorkflow = "/var/workflow/models/scheduled_deactivation"
    /// The body member of a publish or an unpublish that names the service it reaches, as the Workflows API names it
    /// (no Sites API field for it is documented); left out for publish, AEM's default.
    static let destinationMember = "agentId"

    /// The target of `segments` below the base path, each percent-encoded, with the query `parameters`.
    static func target(_ segments: [String], query parameters: [(String, String)] = []) -> String {
        var target = base + segments.map { "/" + PercentEncoding.encodeUnreserved($0) }.joined()
        if !parameters.isEmpty {
            target +=
                "?"
                + parameters.map {
                    PercentEncoding.encodeUnreserved($0.0) + "=" + PercentEncoding.encodeUnreserved($0.1)
                }
                .joined(separator: "&")
        }
        return target
    }

    /// A path of the fragments the API manages: under `/content/dam/` (or a launch's `/content/launches/`), without
    /// a trailing `/`.
    /// - Throws: `AemError` `.invalidRequest` saying why not.
    static func checkPath(_ path: String) throws(AemError) {
        let prefixes = ["/content/dam/", "/content/launches/"]
        guard prefixes.contains(where: { path.hasPrefix($0) && path.count > $0.count }), !path.hasSuffix("/") else {
            throw AemError(
                .invalidRequest,
                "\(path.isEmpty ? "An empty path" : path) is not a path of content fragments: it must start with /content/dam/ and not end with /, such as /content/dam/wknd-shared/en; nothing was sent."
            )
        }
    }

    /// A page size the lists take.
    /// - Throws: `AemError` `.invalidRequest` outside 1…50.
    static func checkPageSize(_ size: Int) throws(AemError) {
        guard pageSizes.contains(size) else {
            throw AemError(
                .invalidRequest,
                "A page of a Sites API list holds \(pageSizes.lowerBound) to \(pageSizes.upperBound) items; \(size) is not possible."
            )
        }
    }

    /// Whether `id` has the form of a model id, the base64url of a path: letters, digits, `-` and `_`.
    static func isModelID(_ id: String) -> Bool {
        !id.isEmpty
            && id.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                    true
                default:
                    false
                }
            }
    }

    /// An id that is not empty.
    /// - Throws: `AemError` `.invalidRequest` for an empty one.
    static func checkID(_ id: String, of what: String) throws(AemError) {
        guard !id.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw AemError(.invalidRequest, "The id of \(what) cannot be empty; nothing was sent.")
        }
    }
}
