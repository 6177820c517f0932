/// How an IMS emulator behaves: the clients it knows, the host name it answers for, and the
/// store of the tokens it issues (shared with the AEM emulator that accepts them).
public struct IMSOptions: Sendable {
    /// The IMS host of Adobe's North American region, the default audience.
    public static let defaultAudienceHost = "ims-na1.adobelogin.com"

    public var clients: [IMSRegisteredClient]
    /// The host the emulator takes itself for: a JWT's `aud` must be `https://<host>/c/<client id>`
    /// and its metascope claims `https://<host>/s/<metascope>`, wherever the emulator listens.
    public var audienceHost: String
    /// Where issued tokens are kept, with their lifetimes.
    public var tokens: IMSTokenStore

    public init(
        clients: [IMSRegisteredClient], audienceHost: String = Self.defaultAudienceHost,
        tokens: IMSTokenStore = IMSTokenStore()
    ) {
        self.clients = clients
        self.audienceHost = audienceHost
        self.tokens = tokens
    }
}
