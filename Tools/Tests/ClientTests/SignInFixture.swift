import AEMEmulator
import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import AEMHeadlessIMS
import EmulatorTestSupport
import Foundation

/// A registered service-credentials client of the IMS emulator and its credentials file, made
/// with a new key at test time (no key is kept in the repository).
struct TestServiceCredentials: Sendable {
    static let clientID = "cm-p1-e2-integration-test"
    static let clientSecret = "p8e-TEST-client-secret+/=&1"
    static let organization = "TESTORG@AdobeOrg"
    static let technicalAccount = "test-account@techacct.adobe.com"

    let client: IMSRegisteredClient
    let file: Data

    init(clientID: String = Self.clientID) throws {
        (client, file) = try IMSRegisteredClient.withNewServiceCredentials(
            clientID: clientID, clientSecret: Self.clientSecret, organization: Self.organization,
            technicalAccountID: Self.technicalAccount)
    }

    var credentials: ServiceCredentials {
        get throws { try ServiceCredentials(json: file, source: "test credentials") }
    }

    /// Credentials made once per test run, off the concurrency pool: a new RSA key takes seconds
    /// in a debug build, and would hold up the servers of the tests running beside it.
    static let registered = Task { try await offThePool { Result { try TestServiceCredentials() } }.get() }
    /// Other credentials with the same client id and secret but another key.
    static let other = Task { try await offThePool { Result { try TestServiceCredentials() } }.get() }
}

/// An OAuth server-to-server client of the IMS emulator.
enum TestOAuthClient {
    static let clientID = "oauth-test-client"
    static let clientSecret = "oauth-TEST-secret-7f3a"
    static let scopes = ["openid", "AdobeID", "aem.folders"]
    static let client = IMSRegisteredClient(clientID: clientID, clientSecret: clientSecret, scopes: scopes)
}

/// Runs `body` with an IMS emulator and an emulator that accepts only the tokens it issues.
func withSignInServices<Result>(
    clients: [IMSRegisteredClient], lifetimes: [Int] = [86_400],
    _ body: (RunningIMS, RunningEmulator) async throws -> Result
) async throws -> Result {
    let tokens = IMSTokenStore(lifetimes: lifetimes)
    return try await withRunning(EmulatorOptions(authentication: .imsTokens(tokens))) { emulator in
        let ims = try await IMSEmulator.start(options: IMSOptions(clients: clients, tokens: tokens))
        do {
            let result = try await body(ims, emulator)
            await ims.stop()
            return result
        } catch {
            await ims.stop()
            throw error
        }
    }
}

/// A fresh token cache folder, removed after `body`.
func withTokenCache<Result>(_ body: (TokenCache) async throws -> Result) async throws -> Result {
    try await withTemporaryFolder("wknd-tokens") { folder in
        try await body(TokenCache(directory: folder.appendingPathComponent("tokens")))
    }
}

/// A client of `emulator` signing in with `provider`.
func withSignedInClient<Result>(
    _ emulator: RunningEmulator, provider: any AccessTokenProvider,
    _ body: (Aem, AsyncHTTPClientTransport) async throws -> Result
) async throws -> Result {
    let configuration = try AemConfiguration(
        scheme: .http, host: "127.0.0.1:\(emulator.port)",
        authentication: .provider(provider), timeout: .seconds(60))
    return try await AsyncHTTPClientTransport.withTransport { transport in
        try await body(Aem(configuration, transport: transport), transport)
    }
}
