import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import AEMHeadlessIMS
import EmulatorTestSupport
import Foundation
import Testing
import WKNDSample

@Suite("Developer tokens")
struct DeveloperTokenTests {
    /// A JWT-shaped token whose payload is `claims` (the signature is not checked by the client).
    static func jwt(_ claims: [String: Any]) throws -> String {
        func part(_ object: [String: Any]) throws -> String {
            try JSONSerialization.data(withJSONObject: object).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(
                    of: "=", with: "")
        }
        return try part(["alg": "RS256", "x5u": "ims_na1-key-at-1.cer"]) + "." + part(claims) + ".c2lnbmF0dXJl"
    }

    @Test("the Developer Console's JSON: expiry from created_at + expires_in, milliseconds as strings")
    func consoleJSON() throws {
        let created = 1_900_000_000_000.0
        let token = try Self.jwt([
            "created_at": String(Int(created)), "expires_in": "86400000", "user_id": "DEV@AdobeID",
            "client_id": "dev-console-prod", "type": "access_token",
        ])
        let parsed = try DeveloperToken(parsing: #"{"ok": true, "statusCode": 200, "accessToken": "\#(token)"}"#)
        #expect(parsed.token.value == token)
        #expect(parsed.token.expiresAt == Date(timeIntervalSince1970: created / 1000 + 86_400))
        #expect(parsed.userID == "DEV@AdobeID")
        #expect(parsed.clientID == "dev-console-prod")
    }

    @Test("a raw JWT with exp, and an opaque token with no expiry")
    func rawTokens() throws {
        let withExp = try DeveloperToken(parsing: try Self.jwt(["exp": 2_000_000_000]) + "\n")
        #expect(withExp.token.expiresAt == Date(timeIntervalSince1970: 2_000_000_000))
        #expect(try DeveloperToken(parsing: "opaque-token").token.expiresAt == nil)
    }

    @Test("JSON without a token, or a token with spaces, is a reading error")
    func invalid() {
        for text in [#"{"ok": false, "statusCode": 401}"#, "{broken", "two words", "   "] {
            #expect(throws: SignInError.self) { try DeveloperToken(parsing: text) }
        }
    }

    @Test("an expired token is refused before any request is sent")
    func expired() async throws {
        let token = try DeveloperToken(parsing: try Self.jwt(["created_at": "1000", "expires_in": "86400000"])).token
        let provider = StaticTokenProvider(token, source: "dev-token.json")
        try await withRunning { emulator in
            let configuration = try AemConfiguration(
                scheme: .http, host: emulator.hostAndPort, authentication: .provider(provider))
            try await AsyncHTTPClientTransport.withTransport { transport in
                let error = await #expect(throws: SignInError.self) {
                    try await Aem(configuration, transport: transport).execute(WKNDQueries.adventures(limit: 1))
                }
                #expect(error?.step == .tokenExpired)
                #expect(error?.message.contains("dev-token.json") == true)
                #expect(error?.message.contains(token.value) == false)
            }
            #expect(emulator.requests.isEmpty)
        }
    }
}
