/// The documented exit codes of `wknd`, after the BSD `sysexits` conventions.
package enum ExitStatus: Int32, CaseIterable, Sendable {
    case success = 0
    /// A wrong command line: unknown option, missing argument, invalid value.
    case usage = 64
    /// The answer could not be understood (an HTML page, not JSON, not the expected shape), or AEM
    /// refused a query to persist.
    case badResponse = 65
    /// No adventure with the slug asked for.
    case notFound = 66
    /// The service could not be reached or failed: network down, timeout, 5xx, GraphQL errors,
    /// or the persisted query is not deployed there.
    case unavailable = 69
    /// A failure inside `wknd` itself.
    case internalError = 70
    /// An output file could not be created or written (`wknd download`), or a persisted query of
    /// that name exists already (`wknd queries persist`).
    case cannotCreate = 73
    /// Another `wknd sync` holds the folder, or content changed on author since it was read (a write's 412 or
    /// 409): try again from a fresh read.
    case busy = 75
    /// AEM answered a query with GraphQL errors (`wknd query`, which prints any partial data first).
    case graphQLErrors = 76
    /// The credentials were refused (401/403), or the service does not store queries (publish).
    case authentication = 77
    /// The configuration cannot work: an invalid host or scheme, missing credentials, an unreadable file.
    case configuration = 78
    /// Interrupted by Ctrl-C.
    case interrupted = 130
    /// Stopped by SIGTERM.
    case terminated = 143

    /// The table shown in `wknd --help`.
    package static var helpText: String {
        let rows: [(ExitStatus, String)] = [
            (.success, "success"),
            (.usage, "usage error (unknown option, missing or invalid argument)"),
            (.badResponse, "bad response (not JSON, an HTML page, not the expected shape), or a query refused"),
            (.notFound, "no adventure with that slug"),
            (.unavailable, "network or server failure, or the persisted query is not deployed"),
            (.internalError, "internal error"),
            (.cannotCreate, "an output file could not be written, or the query name is taken"),
            (.busy, "another sync holds that folder, or the content changed since it was read (write again)"),
            (.graphQLErrors, "GraphQL errors in the answer (query; partial data is still printed)"),
            (.authentication, "authentication failed (401/403), or the service stores no queries"),
            (.configuration, "invalid configuration (host, scheme, credentials, files)"),
            (.interrupted, "interrupted (Ctrl-C)"),
            (.terminated, "terminated (SIGTERM)"),
        ]
        return rows.map { "  \(TextLayout.padLeft(String($0.0.rawValue), to: 4))  \($0.1)" }.joined(separator: "\n")
    }
}
