import AEMEmulator
import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import EmulatorTestSupport
import Foundation
import Testing
import WKNDSample

@testable import AEMHeadlessIMS

@Suite("Signing in with IMS over real HTTP", .serialized)
struct SignInTests {
    @Test("service credentials: a signed JWT is exchanged once, and the token opens AEM")
    func serviceCredentials() async throws {
        let credentials = try await TestServiceCredentials.registered.value
        try await withSignInServices(clients: [credentials.client]) { ims, emulator in
            let exchange = try ServiceCredentialsExchange(credentials: try credentials.credentials, imsURL: ims.baseURL)
            let provider = IMSTokenProvider(exchange: exchange)
            try await withSignedInClient(emulator, provider: provider) { aem, _ in
                let first = try await aem.execute(WKNDQueries.adventures(limit: 2)).map(\.adventures)
                let second = try await aem.execute(WKNDQueries.adventures(limit: 3)).map(\.adventures)
                #expect(first.data?.count == 2)
                #expect(second.data?.count == 3)
            }
            #expect(ims.jwtExchangeRequests == 1)
            #expect(
                emulator.requests.allSatisfy { $0.status == 200 && $0.authorization?.hasPrefix("Bearer ims-") == true })
        }
    }

    @Test("OAuth client credentials: the lifetime is read in seconds")
    func oauth() async throws {
        try await withSignInServices(clients: [TestOAuthClient.client], lifetimes: [7200]) { ims, emulator in
            let exchange = try OAuthClientCredentialsExchange(
                clientID: TestOAuthClient.clientID, clientSecret: TestOAuthClient.clientSecret,
                scopes: TestOAuthClient.scopes, imsURL: ims.baseURL)
            try await AsyncHTTPClientTransport.withTransport { transport in
                let issued = try await exchange.obtainToken(using: transport)
                let lifetime = try #require(issued.token.expiresAt).timeIntervalSince(issued.obtainedAt)
                #expect(abs(lifetime - 7200) < 5)
            }
            #expect(ims.clientCredentialsRequests == 1)
        }
    }

    @Test("the JWT exchange's lifetime is read in milliseconds")
    func jwtLifetimeInMilliseconds() async throws {
        let credentials = try await TestServiceCredentials.registered.value
        try await withSignInServices(clients: [credentials.client], lifetimes: [3600]) { ims, _ in
            let exchange = try ServiceCredentialsExchange(credentials: try credentials.credentials, imsURL: ims.baseURL)
            try await AsyncHTTPClientTransport.withTransport { transport in
                let issued = try await exchange.obtainToken(using: transport)
                let lifetime = try #require(issued.token.expiresAt).timeIntervalSince(issued.obtainedAt)
                #expect(abs(lifetime - 3600) < 5)
            }
        }
    }

    @Test("many requests waiting at once share one renewal")
    func singleFlight() async throws {
        let credentials = try await TestServiceCredentials.registered.value
        try await withSignInServices(clients: [credentials.client]) { ims, emulator in
            let exchange = try ServiceCredentialsExchange(credentials: try credentials.credentials, imsURL: ims.baseURL)
            let provider = IMSTokenProvider(exchange: exchange)
            try await withSignedInClient(emulator, provider: provider) { aem, _ in
                try await withThrowingTaskGroup(of: Int?.self) { group in
                    for _ in 0..<24 {
                        group.addTask {
                            try await aem.execute(WKNDQueries.adventures(limit: 1)).map(\.adventures).data?.count
                        }
                    }
                    for try await count in group { #expect(count == 1) }
                }
            }
            #expect(ims.jwtExchangeRequests == 1)
        }
    }

    @Test("a token revoked on AEM is renewed once and each request retried once")
    func renewsAfter401() async throws {
        let credentials = try await TestServiceCredentials.registered.value
        try await withSignInServices(clients: [credentials.client]) { ims, emulator in
            let exchange = try ServiceCredentialsExchange(credentials: try credentials.credentials, imsURL: ims.baseURL)
            try await withSignedInClient(emulator, provider: IMSTokenProvider(exchange: exchange)) { aem, _ in
                _ = try await aem.execute(WKNDQueries.adventures(limit: 1)).map(\.adventures)
                ims.tokens.revokeAll()
                emulator.clearRequests()
                try await withThrowingTaskGroup(of: Int?.self) { group in
                    for _ in 0..<8 {
                        group.addTask {
                            try await aem.execute(WKNDQueries.adventures(limit: 1)).map(\.adventures).data?.count
                        }
                    }
                    for try await count in group { #expect(count == 1) }
                }
            }
            #expect(ims.jwtExchangeRequests == 2)
            let statuses = emulator.requests.map(\.status)
            #expect(statuses.filter { $0 == 200 }.count == 8)
            #expect(statuses.filter { $0 == 401 }.count <= 8)
        }
    }

    @Test("a token close to expiry is renewed before use, and not before")
    func renewsBeforeExpiry() async throws {
        let credentials = try await TestServiceCredentials.registered.value
        // An hour's token is renewed five minutes before it expires: after 55 minutes on the
        // provider's clock. The clock is moved by hand; the real time passing only moves it on.
        try await withSignInServices(clients: [credentials.client], lifetimes: [3600]) { ims, emulator in
            let exchange = try ServiceCredentialsExchange(credentials: try credentials.credentials, imsURL: ims.baseURL)
            let clock = TestClock()
            let provider = IMSTokenProvider(exchange: exchange, now: clock.reading)
            try await withSignedInClient(emulator, provider: provider) { aem, _ in
                _ = try await aem.execute(WKNDQueries.adventures(limit: 1)).map(\.adventures)
                clock.advance(by: 50 * 60)
                _ = try await aem.execute(WKNDQueries.adventures(limit: 1)).map(\.adventures)
                #expect(ims.jwtExchangeRequests == 1, "50 minutes in, the token is still used")
                clock.advance(by: 7 * 60)
                emulator.clearRequests()
                _ = try await aem.execute(WKNDQueries.adventures(limit: 1)).map(\.adventures)
            }
            #expect(ims.jwtExchangeRequests == 2)
            #expect(emulator.requests.map(\.status) == [200])
            // Renewed before use: the request carried the new token, the one the provider holds now.
            let current = try #require(await provider.currentToken())
            #expect(emulator.requests.map(\.authorization) == ["Bearer \(current.token.value)"])
        }
    }

    @Test("credentials signed with another key are refused by IMS: invalid_token")
    func wrongKey() async throws {
        let registered = try await TestServiceCredentials.registered.value
        let other = try await TestServiceCredentials.other.value
        try await withSignInServices(clients: [registered.client]) { ims, _ in
            let exchange = try ServiceCredentialsExchange(credentials: try other.credentials, imsURL: ims.baseURL)
            try await AsyncHTTPClientTransport.withTransport { transport in
                let error = await #expect(throws: SignInError.self) { try await exchange.obtainToken(using: transport) }
                #expect(error?.step == .imsRejected)
                #expect(error?.imsError == "invalid_token")
                #expect(error?.status == 400)
                #expect(error?.message.contains("Could not match JWT signature") == true)
            }
        }
    }

    @Test("a tampered JWT is refused: its signature no longer matches")
    func tamperedJWT() async throws {
        let credentials = try await TestServiceCredentials.registered.value
        try await withSignInServices(clients: [credentials.client]) { ims, _ in
            let exchange = try ServiceCredentialsExchange(credentials: try credentials.credentials, imsURL: ims.baseURL)
            let parts = try exchange.signedJWT(now: Date()).split(separator: ".").map(String.init)
            let payload = String(decoding: try #require(Data(base64Encoded: Self.padded(parts[1]))), as: UTF8.self)
                .replacingOccurrences(of: TestServiceCredentials.technicalAccount, with: "intruder@techacct.adobe.com")
            let tampered = [parts[0], ServiceCredentialsExchange.base64URL(Data(payload.utf8)), parts[2]].joined(
                separator: ".")
            let request = IMSTokenRequest(
                url: ims.baseURL.appendingPathComponent("ims/exchange/jwt"),
                form: [
                    ("client_id", TestServiceCredentials.clientID),
                    ("client_secret", TestServiceCredentials.clientSecret), ("jwt_token", tampered),
                ],
                credentialName: "service credentials")
            try await AsyncHTTPClientTransport.withTransport { transport in
                let error = await #expect(throws: SignInError.self) { try await request.send(using: transport) }
                #expect(error?.imsError == "invalid_token")
                // The untampered JWT is accepted, so the refusal is the tampering's doing.
                _ = try await exchange.obtainToken(using: transport)
            }
        }
    }

    @Test("IMS checks the JWT's claims: expiry, audience and metascopes")
    func jwtClaims() async throws {
        let credentials = try await TestServiceCredentials.registered.value
        let text = String(decoding: credentials.file, as: UTF8.self)
        func exchange(_ file: String) throws -> ServiceCredentials {
            try ServiceCredentials(json: Data(file.utf8), source: "test credentials")
        }
        try await withSignInServices(clients: [credentials.client]) { ims, _ in
            let cases: [(ServiceCredentials, Date, String, String)] = [
                (
                    try credentials.credentials, Date().addingTimeInterval(-3600), "invalid_token",
                    "JWT token is expired"
                ),
                (
                    try exchange(
                        text.replacingOccurrences(of: "ims-na1.adobelogin.com", with: "ims-eu1.adobelogin.com")),
                    Date(),
                    "invalid_token", "JWT aud must be"
                ),
                (
                    try exchange(text.replacingOccurrences(of: "ent_aem_cloud_api", with: "ent_other_api")), Date(),
                    "invalid_scope", "ent_other_api"
                ),
            ]
            try await AsyncHTTPClientTransport.withTransport { transport in
                for (credentials, now, code, description) in cases {
                    let jwt = try ServiceCredentialsExchange(credentials: credentials, imsURL: ims.baseURL).signedJWT(
                        now: now)
                    let request = IMSTokenRequest(
                        url: ims.baseURL.appendingPathComponent("ims/exchange/jwt"),
                        form: [
                            ("client_id", credentials.clientID),
                            ("client_secret", TestServiceCredentials.clientSecret), ("jwt_token", jwt),
                        ],
                        credentialName: "service credentials")
                    let error = await #expect(throws: SignInError.self) { try await request.send(using: transport) }
                    #expect(error?.imsError == code)
                    #expect(error?.message.contains(description) == true, "\(error?.message ?? "")")
                }
            }
            #expect(ims.tokens.issuedCount == 0)
        }
    }

    @Test("an unknown client is refused with 400 invalid_client, and the secret is in no message")
    func invalidClient() async throws {
        try await withSignInServices(clients: [TestOAuthClient.client]) { ims, _ in
            let unknown = try OAuthClientCredentialsExchange(
                clientID: "nobody", clientSecret: TestOAuthClient.clientSecret,
                scopes: ["openid"], imsURL: ims.baseURL)
            let wrongSecret = try OAuthClientCredentialsExchange(
                clientID: TestOAuthClient.clientID, clientSecret: "wrong-TEST-secret",
                scopes: ["openid"], imsURL: ims.baseURL)
            try await AsyncHTTPClientTransport.withTransport { transport in
                let first = await #expect(throws: SignInError.self) { try await unknown.obtainToken(using: transport) }
                #expect(first?.status == 400)
                #expect(first?.imsError == "invalid_client")
                #expect(first?.message.contains("invalid client_id parameter") == true)
                let second = await #expect(throws: SignInError.self) {
                    try await wrongSecret.obtainToken(using: transport)
                }
                #expect(second?.imsError == "invalid_client")
                for error in [first, second].compactMap({ $0 }) {
                    #expect(
                        !error.message.contains(TestOAuthClient.clientSecret)
                            && !error.message.contains("wrong-TEST-secret"))
                }
            }
        }
    }

    @Test("tokens are cached in a 0600 file named by a hash, reused by the next provider; a corrupted file is ignored")
    func cache() async throws {
        let credentials = try await TestServiceCredentials.registered.value
        try await withSignInServices(clients: [credentials.client]) { ims, emulator in
            try await withTokenCache { cache in
                let exchange = try ServiceCredentialsExchange(
                    credentials: try credentials.credentials, imsURL: ims.baseURL)
                try await withSignedInClient(emulator, provider: IMSTokenProvider(exchange: exchange, cache: cache)) {
                    aem, _ in
                    _ = try await aem.execute(WKNDQueries.adventures(limit: 1)).map(\.adventures)
                }
                let file = cache.fileURL(for: exchange.identity)
                let name = file.deletingPathExtension().lastPathComponent
                #expect(name.count == 64 && name.allSatisfy(\.isHexDigit))
                let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
                #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
                let text = try String(contentsOf: file, encoding: .utf8)
                #expect(
                    !text.contains(TestServiceCredentials.clientSecret)
                        && !exchange.identity.contains(TestServiceCredentials.clientSecret))

                // A second run: the cached token, no IMS request.
                try await withSignedInClient(emulator, provider: IMSTokenProvider(exchange: exchange, cache: cache)) {
                    aem, _ in
                    _ = try await aem.execute(WKNDQueries.adventures(limit: 1)).map(\.adventures)
                }
                #expect(ims.jwtExchangeRequests == 1)

                try Data("{not json".utf8).write(to: file)
                try await withSignedInClient(emulator, provider: IMSTokenProvider(exchange: exchange, cache: cache)) {
                    aem, _ in
                    let count = try await aem.execute(WKNDQueries.adventures(limit: 1)).map(\.adventures).data?.count
                    #expect(count == 1)
                }
                #expect(ims.jwtExchangeRequests == 2)
                #expect(try cache.removeAll() == 1)
            }
        }
    }

    static func padded(_ base64URL: String) -> String {
        let base64 = base64URL.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        return base64 + String(repeating: "=", count: (4 - base64.count % 4) % 4)
    }
}
