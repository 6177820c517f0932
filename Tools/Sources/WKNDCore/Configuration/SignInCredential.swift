import AEMHeadless
import AEMHeadlessIMS
import Foundation

/// The credential the settings name for signing in with a bearer token, read from its files:
/// a token (raw or the Developer Console's local development token), service credentials, or
/// OAuth server-to-server client credentials. Reading fails with a message that names the file.
package struct SignInCredential {
    package enum Kind {
        case token(DeveloperToken)
        case exchange(any TokenExchange)
    }

    package let kind: Kind
    /// Where the credential came from, for messages: "file creds.json (option --service-credentials)".
    package let source: String
    /// Every secret read, for masking.
    package let secrets: [String]

    /// Where `wknd` keeps the tokens it obtains: `<user cache folder>/wknd/tokens`.
    package static var tokenCache: TokenCache {
        TokenCache.inUserCacheDirectory(application: "wknd", environment: Environment.current)
    }

    package init(_ resolved: ResolvedConfiguration) throws(AemConfigurationError) {
        switch resolved.authType {
        case .service:
            let file = resolved.setting(.serviceCredentials)
            guard let path = file.value else {
                throw AemConfigurationError(
                    "Service credentials need their file: use --service-credentials PATH, set AEM_SERVICE_CREDENTIALS, or name it in the profile."
                )
            }
            let data = try Self.read(path, what: "service credentials file", setting: file)
            let credentials = try Self.signIn { () throws(SignInError) in
                try ServiceCredentials(json: data, source: path)
            }
            let imsURL = try resolved.imsURL()
            let exchange = try Self.signIn { () throws(SignInError) in
                try ServiceCredentialsExchange(credentials: credentials, imsURL: imsURL)
            }
            kind = .exchange(exchange)
            source = "\(path) (\(file.source))"
            secrets = credentials.secrets
        case .oauth:
            guard let clientID = resolved.setting(.clientID).value else {
                throw AemConfigurationError(
                    "OAuth server-to-server needs a client id: use --client-id or set AEM_CLIENT_ID.")
            }
            guard let secret = resolved.setting(.clientSecret).value else {
                throw AemConfigurationError(
                    "OAuth server-to-server needs the client secret: set AEM_CLIENT_SECRET, or use --client-secret-file PATH (never an option value)."
                )
            }
            let scopes = (resolved.setting(.scopes).value ?? "").split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let imsURL = try resolved.imsURL() ?? OAuthClientCredentialsExchange.defaultIMSURL
            kind = .exchange(
                try Self.signIn { () throws(SignInError) in
                    try OAuthClientCredentialsExchange(
                        clientID: clientID, clientSecret: secret, scopes: scopes, imsURL: imsURL)
                })
            source = "client \(clientID) (\(resolved.setting(.clientID).source))"
            secrets = [secret]
        case .none, .basic, .token:
            let file = resolved.setting(.tokenFile)
            let raw = resolved.setting(.token)
            if let path = file.value, file.source.rank >= raw.source.rank {
                let text = String(decoding: try Self.read(path, what: "token file", setting: file), as: UTF8.self)
                kind = .token(try Self.signIn { () throws(SignInError) in try DeveloperToken(parsing: text) })
                source = "\(path) (\(file.source))"
            } else if let value = raw.value {
                kind = .token(try Self.signIn { () throws(SignInError) in try DeveloperToken(parsing: value) })
                source = raw.source.description
            } else {
                throw AemConfigurationError(
                    "Token authentication needs a token: use --token-file PATH (a raw token or the Developer Console's local development token JSON), or set AEM_TOKEN."
                )
            }
            if case .token(let token) = kind { secrets = [token.token.value] } else { secrets = [] }
        }
    }

    /// How requests sign in: a token whose expiry is known is checked before each request; one
    /// obtained from IMS is cached in `cache` and renewed.
    package func authentication(cache: TokenCache) -> Authentication {
        switch kind {
        case .token(let token) where token.token.expiresAt == nil:
            .token(token.token.value)
        case .token(let token):
            .provider(StaticTokenProvider(token.token, source: source))
        case .exchange(let exchange):
            .provider(IMSTokenProvider(exchange: exchange, cache: cache))
        }
    }

    private static func read(_ path: String, what: String, setting: ResolvedSetting) throws(AemConfigurationError)
        -> Data
    {
        let expanded = (path as NSString).expandingTildeInPath
        guard let data = FileManager.default.contents(atPath: expanded) else {
            throw AemConfigurationError(
                "Cannot read the \(what) \(path) (\(setting.source)); check the path and its permissions.")
        }
        return data
    }

    private static func signIn<Value>(_ body: () throws(SignInError) -> Value) throws(AemConfigurationError) -> Value {
        do {
            return try body()
        } catch {
            throw AemConfigurationError(error.message)
        }
    }
}

extension ResolvedConfiguration {
    /// The IMS URL set, checked; nil when none is set (each credential has its own default).
    package func imsURL() throws(AemConfigurationError) -> URL? {
        let setting = setting(.imsURL)
        guard let value = setting.value else { return nil }
        guard let url = URL(string: value.hasSuffix("/") ? String(value.dropLast()) : value),
            ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
        else {
            throw AemConfigurationError(
                "\(SettingKey.imsURL.rawValue) \"\(value)\" (\(setting.source)) must be an http or https URL, such as https://ims-na1.adobelogin.com."
            )
        }
        return url
    }
}
