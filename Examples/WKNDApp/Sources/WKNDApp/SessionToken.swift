import AEMHeadless

/// The app's token, signed in elsewhere (a login screen): an `AccessTokenProvider` the client asks before each
/// request, from any task.
final class SessionToken: AccessTokenProvider {
    nonisolated let token: AccessToken

    nonisolated init(_ value: String) {
        token = AccessToken(value: value, expiresAt: nil)
    }

    nonisolated var description: String { "the app's session token" }
    nonisolated var identity: String { "session\n" + token.value }

    nonisolated func token(replacing rejected: AccessToken?, using transport: any AemHTTPTransport) async throws
        -> AccessToken
    {
        token
    }
}
