import ArgumentParser

/// How requests prove who is asking, as `--auth` and `AEM_AUTH_TYPE` name it.
enum AuthType: String, CaseIterable, ExpressibleByArgument, Sendable {
    case none
    case basic
    case token
}

/// The scheme for `--scheme`.
enum SchemeChoice: String, CaseIterable, ExpressibleByArgument, Sendable {
    case http
    case https
}
