import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import AEMHeadlessIMS
import ArgumentParser
import Foundation
import WKNDCore

/// `wknd auth`: the state of the sign-in credential, a current token for other tools, and
/// forgetting the cached tokens.
struct AuthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auth",
        abstract: "Show, use or forget the credentials for AEM as a Cloud Service.",
        discussion: """
            Tokens obtained from IMS with service credentials or OAuth client
            credentials are cached in the user's cache folder (mode 0600) and
            renewed a few minutes before they expire.

            EXAMPLES
              wknd auth status --service-credentials ~/aem/p123-e456.json
              curl -H "Authorization: Bearer $(wknd auth token --profile author)" …
              wknd auth logout
            """,
        subcommands: [AuthStatusCommand.self, AuthTokenCommand.self, AuthLogoutCommand.self]
    )
}

/// `wknd auth status`: what credential is in effect and the state of its token; never a secret.
struct AuthStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the credential in effect: its kind, account, where it came from, and its token's expiry.",
        discussion: "Makes no request: a token not yet obtained from IMS shows as not cached."
    )

    @OptionGroup var options: ServiceOptions

    func run() async throws {
        try await CommandContext.run(options) { context in
            let resolved = context.configuration.resolved
            var lines: [(String, String)]
            switch resolved.authType {
            case .none:
                lines = [("kind", "none (anonymous)")]
            case .basic:
                lines = [("kind", "basic"), ("user", resolved.setting(.username).value ?? "—")]
            case .token, .service, .oauth:
                lines = try await Self.describe(SignInCredential(resolved))
            }
            Terminal.standardOutput.write(lines.map { "\($0.0): \($0.1)\n" }.joined())
        }
    }

    private static func describe(_ credential: SignInCredential) async throws -> [(String, String)] {
        switch credential.kind {
        case .token(let token):
            var lines = [("kind", token.token.expiresAt == nil ? "token" : "local development token")]
            if let user = token.userID { lines.append(("user", user)) }
            if let client = token.clientID { lines.append(("client id", client)) }
            lines.append(("source", credential.source))
            lines.append(("expires", expiry(token.token.expiresAt, unknown: "unknown (not a JWT)")))
            return lines
        case .exchange(let exchange):
            var lines: [(String, String)]
            switch exchange {
            case let service as ServiceCredentialsExchange:
                lines = [
                    ("kind", "service credentials"), ("client id", service.credentials.clientID),
                    ("technical account", service.credentials.technicalAccountID),
                    ("organization", service.credentials.organization),
                    ("metascopes", service.credentials.metascopes.joined(separator: ",")),
                    ("ims", service.imsURL.absoluteString),
                ]
            case let oauth as OAuthClientCredentialsExchange:
                lines = [
                    ("kind", "OAuth server-to-server"), ("client id", oauth.clientID),
                    ("scopes", oauth.scopes.joined(separator: ",")), ("ims", oauth.imsURL.absoluteString),
                ]
            default:
                lines = [("kind", exchange.description)]
            }
            lines.append(("source", credential.source))
            let cache = SignInCredential.tokenCache
            let cached = await IMSTokenProvider(exchange: exchange, cache: cache).currentToken()
            lines.append(
                (
                    "token",
                    cached.map { expiry($0.token.expiresAt, unknown: "cached, expiry unknown") }
                        ?? "none cached (one is obtained on first use)"
                ))
            lines.append(("cache file", cache.fileURL(for: exchange.identity).path))
            return lines
        }
    }

    /// "2026-11-23T10:00:00Z (23 h 59 min left)", or "… (expired)".
    static func expiry(_ date: Date?, unknown: String, now: Date = Date()) -> String {
        guard let date else { return unknown }
        let left = Int(date.timeIntervalSince(now))
        let stamp = date.formatted(.iso8601)
        guard left > 0 else { return "\(stamp) (expired)" }
        let hours = left / 3600
        let minutes = (left % 3600) / 60
        let seconds = left % 60
        let span =
            hours > 0 ? "\(hours) h \(minutes) min" : minutes > 0 ? "\(minutes) min \(seconds) s" : "\(seconds) s"
        return "\(stamp) (\(span) left)"
    }
}

/// `wknd auth token`: prints a current access token, renewing it first when needed.
struct AuthTokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Print a current access token on stdout, for use with other tools.",
        discussion: """
            The token is obtained or renewed from IMS when needed. It is printed
            only on stdout, so keep it out of logs and shell history.
            """
    )

    @OptionGroup var options: ServiceOptions

    func run() async throws {
        try await CommandContext.run(options) { context in
            let token: String
            switch try context.configuration.resolved.authentication() {
            case .token(let value):
                token = value
            case .provider(let provider):
                token = try await AsyncHTTPClientTransport.withTransport { transport in
                    try await provider.token(replacing: nil, using: transport).value
                }
            case .none, .basic:
                throw Failure(
                    .configuration,
                    "No bearer token is configured: use --token-file, --service-credentials, or --client-id with AEM_CLIENT_SECRET (or a profile)."
                )
            }
            Terminal.standardOutput.write(token + "\n")
        }
    }
}

/// `wknd auth logout`: removes every cached token.
struct AuthLogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Remove the cached access tokens.",
        discussion: "The credential files are left as they are; the next command obtains a new token."
    )

    @Flag(name: .shortAndLong, help: "Say more on stderr.")
    var verbose = false

    func run() async throws {
        let console = Console(verbose: verbose)
        let cache = SignInCredential.tokenCache
        do {
            let removed = try cache.removeAll()
            console.note("removed \(removed) cached token\(removed == 1 ? "" : "s") from \(cache.directory.path)")
        } catch {
            let failure = Failure(
                .cannotCreate,
                "Cannot remove the cached tokens in \(cache.directory.path) (\(error.localizedDescription)); remove the folder by hand."
            )
            console.report(failure)
            throw ExitCode(failure.status.rawValue)
        }
    }
}
