/// A persisted query's path, `configuration/name`, split and checked: exactly two parts, neither
/// empty. Each part is percent-encoded when it goes into a URL.
struct QueryPathParts: Sendable, Hashable {
    var configuration: String
    var name: String

    init?(_ path: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        configuration = parts[0]
        name = parts[1]
    }

    /// `/<configuration>/<name>`, each part percent-encoded.
    var encoded: String {
        "/" + PercentEncoding.encodeUnreserved(configuration) + "/" + PercentEncoding.encodeUnreserved(name)
    }

    /// The error for a path that is not `configuration/name`.
    static func invalid(_ path: String) -> AemError {
        AemError(
            .queryNotFound,
            "\"\(path)\" is not a persisted query's path; give it as configuration/name, such as wknd-shared/adventures-all."
        )
    }
}
