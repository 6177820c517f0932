import ArgumentParser

/// How requests prove who is asking, as `--auth` and `AEM_AUTH_TYPE` name it.
package enum AuthType: String, CaseIterable, ExpressibleByArgument, Sendable {
    case none
    case basic
    case token
    /// Service credentials from the Developer Console, exchanged at IMS for tokens.
    case service
    /// OAuth server-to-server client credentials, exchanged at IMS for tokens.
    case oauth
}

/// The tier of an AEM as a Cloud Service environment, for `--tier`.
package enum TierChoice: String, CaseIterable, ExpressibleByArgument, Sendable {
    case author
    case preview
    case publish
}

/// The scheme for `--scheme`.
package enum SchemeChoice: String, CaseIterable, ExpressibleByArgument, Sendable {
    case http
    case https
}

/// The values of an option whose choices are an enumeration's string raw values, for help and
/// completions. ArgumentParser's default reads them through a `\.rawValue` key path that the
/// runtime resolves on every run, each one a scan of all the program's protocol conformances;
/// a closure needs none.
extension ExpressibleByArgument where Self: CaseIterable & RawRepresentable, RawValue == String {
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
}
