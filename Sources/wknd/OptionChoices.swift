import ArgumentParser

/// How requests prove who is asking, as `--auth` and `AEM_AUTH_TYPE` name it.
enum AuthType: String, CaseIterable, ExpressibleByArgument, Sendable {
    case none
    case basic
    case token
    /// Service credentials from the Developer Console, exchanged at IMS for tokens.
    case service
    /// OAuth server-to-server client credentials, exchanged at IMS for tokens.
    case oauth
}

/// The tier of an AEM as a Cloud Service environment, for `--tier`.
enum TierChoice: String, CaseIterable, ExpressibleByArgument, Sendable {
    case author
    case preview
    case publish
}

/// The scheme for `--scheme`.
enum SchemeChoice: String, CaseIterable, ExpressibleByArgument, Sendable {
    case http
    case https
}
