import AEMEmulator
import EmulatorTestSupport
import Foundation
import Testing

@testable import WKNDCore

/// The IMS emulator and an emulator that accepts only its tokens, with a token cache folder
/// shared by the runs of one test, and the environment that points `wknd` at all three.
struct SignInServices {
    let ims: RunningIMS
    let emulator: RunningEmulator
    let cacheFolder: URL

    var environment: [String: String] {
        [
            "AEM_SCHEME": "http", "AEM_HOST": "127.0.0.1:\(emulator.port)", "AEM_IMS_URL": ims.baseURL.absoluteString,
            "XDG_CACHE_HOME": cacheFolder.path,
        ]
    }

    /// The cached token files.
    func cachedFiles() throws -> [URL] {
        let folder = cacheFolder.appendingPathComponent("wknd/tokens")
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
    }

    static func with<Result>(
        clients: [IMSRegisteredClient], lifetimes: [Int] = [86_400], latency: Duration = .zero,
        _ body: (SignInServices) async throws -> Result
    ) async throws -> Result {
        let tokens = IMSTokenStore(lifetimes: lifetimes)
        let ims = try await IMSEmulator.start(options: IMSOptions(clients: clients, tokens: tokens))
        return try await withTemporaryFolder("wknd-cache") { parent in
            let cacheFolder = parent.appendingPathComponent("wknd-cache")
            do {
                let result = try await withEmulator(EmulatorOptions(authentication: .imsTokens(tokens))) {
                    emulator, _ in
                    emulator.faults.latency = latency
                    return try await body(SignInServices(ims: ims, emulator: emulator, cacheFolder: cacheFolder))
                }
                await ims.stop()
                return result
            } catch {
                await ims.stop()
                throw error
            }
        }
    }
}

enum TestCredentials {
    static let clientID = "cm-p1-e2-integration-cli"
    static let clientSecret = "p8e-CLI-TEST-secret-4c1d"
    static let organization = "CLITEST@AdobeOrg"
    static let account = "cli-account@techacct.adobe.com"

    /// Service credentials made once per test run, off the concurrency pool: a new RSA key takes
    /// seconds in a debug build, and would hold up the servers of the tests running beside it.
    static let registered = Task { try await makeService() }
    /// Other credentials with the same client id and secret but another key.
    static let other = Task { try await makeService() }

    static func service() async throws -> (client: IMSRegisteredClient, file: String) {
        try await registered.value
    }

    private static func makeService() async throws -> (client: IMSRegisteredClient, file: String) {
        try await offThePool {
            Result {
                let (client, data) = try IMSRegisteredClient.withNewServiceCredentials(
                    clientID: clientID, clientSecret: clientSecret, organization: organization,
                    technicalAccountID: account)
                return (client, String(decoding: data, as: UTF8.self))
            }
        }.get()
    }

    static let oauthClientID = "oauth-cli-client"
    static let oauthSecret = "oauth-CLI-TEST-secret-9e2b"
    static let oauth = IMSRegisteredClient(
        clientID: oauthClientID, clientSecret: oauthSecret, scopes: ["openid", "AdobeID"])

    /// The lines of the private key in a credentials file, each a secret.
    static func keyLines(_ file: String) -> [String] {
        file.components(separatedBy: "\\r\\n").filter { $0.count > 40 && !$0.contains("-----") }
    }
}

@Suite("Signing in: wknd against the IMS emulator over real HTTP", .serialized)
struct SignInCommandTests {
    /// Checks that no secret is in either stream.
    static func expectNoSecret(_ run: WkndRun, _ secrets: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        for secret in secrets where !secret.isEmpty {
            #expect(
                !run.stdout.contains(secret) && !run.stderr.contains(secret), "a secret was shown",
                sourceLocation: sourceLocation)
        }
    }

    @Test("service credentials: list works, the token is cached 0600 and reused by the next run")
    func serviceCredentials() async throws {
        let (client, file) = try await TestCredentials.service()
        try await SignInServices.with(clients: [client]) { services in
            let arguments = ["list", "--limit", "2", "--json", "--service-credentials", "creds.json"]
            let first = try await WkndRun.run(arguments, environment: services.environment, files: ["creds.json": file])
            #expect(first.status == 0, "\(first.stderr)")
            #expect((try first.json() as? [Any])?.count == 2)
            let second = try await WkndRun.run(
                arguments, environment: services.environment, files: ["creds.json": file])
            #expect(second.status == 0, "\(second.stderr)")
            #expect(services.ims.jwtExchangeRequests == 1)

            let cached = try services.cachedFiles()
            #expect(cached.count == 1)
            let mode =
                try FileManager.default.attributesOfItem(atPath: try #require(cached.first).path)[.posixPermissions]
                as? NSNumber
            #expect(mode?.intValue == 0o600)
            let token = try #require(services.emulator.requests.first?.authorization).replacingOccurrences(
                of: "Bearer ", with: "")
            for run in [first, second] {
                Self.expectNoSecret(run, [TestCredentials.clientSecret, token] + TestCredentials.keyLines(file))
            }
            #expect(!(cached.first?.lastPathComponent.contains(TestCredentials.clientSecret) ?? true))
        }
    }

    @Test("OAuth server-to-server: client id by option, secret from the environment")
    func oauth() async throws {
        try await SignInServices.with(clients: [TestCredentials.oauth]) { services in
            var environment = services.environment
            environment["AEM_CLIENT_SECRET"] = TestCredentials.oauthSecret
            let run = try await WkndRun.run(
                [
                    "list", "--limit", "1", "--client-id", TestCredentials.oauthClientID,
                    "--scopes", "openid,AdobeID", "-v",
                ], environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(services.ims.clientCredentialsRequests == 1)
            Self.expectNoSecret(run, [TestCredentials.oauthSecret])
        }
    }

    @Test("IMS answering 400 invalid_client: exit 77, IMS's description, no secret")
    func invalidClient() async throws {
        try await SignInServices.with(clients: [TestCredentials.oauth]) { services in
            var environment = services.environment
            environment["AEM_CLIENT_SECRET"] = TestCredentials.oauthSecret
            let run = try await WkndRun.run(
                ["list", "--client-id", "unknown-client", "--scopes", "openid"], environment: environment)
            #expect(run.status == 77)
            #expect(run.stdout.isEmpty && run.stderrLines.count == 1, "\(run.stderr)")
            #expect(
                run.stderr.contains("IMS answer") && run.stderr.contains("invalid_client")
                    && run.stderr.contains("invalid client_id parameter"))
            #expect(services.emulator.requests.isEmpty)
            Self.expectNoSecret(run, [TestCredentials.oauthSecret])
        }
    }

    @Test("credentials whose key does not match the registered certificate: exit 77, invalid_token")
    func wrongKey() async throws {
        let (registered, _) = try await TestCredentials.registered.value
        let (_, otherFile) = try await TestCredentials.other.value
        try await SignInServices.with(clients: [registered]) { services in
            let run = try await WkndRun.run(
                ["list", "--service-credentials", "creds.json"],
                environment: services.environment, files: ["creds.json": otherFile])
            #expect(run.status == 77)
            #expect(run.stderr.contains("invalid_token"))
            Self.expectNoSecret(run, [TestCredentials.clientSecret] + TestCredentials.keyLines(otherFile))
        }
    }

    @Test("an unreadable private key is a signing failure: exit 78")
    func brokenKey() async throws {
        let (client, file) = try await TestCredentials.service()
        let broken = file.replacingOccurrences(of: TestCredentials.keyLines(file)[1], with: "AAAA")
        try await SignInServices.with(clients: [client]) { services in
            let run = try await WkndRun.run(
                ["list", "--service-credentials", "creds.json"],
                environment: services.environment, files: ["creds.json": broken])
            #expect(run.status == 78)
            #expect(run.stderr.contains("signing the JWT"))
            #expect(services.ims.jwtExchangeRequests == 0)
        }
    }

    @Test("an expired local development token: exit 77 before any request, saying how to get a new one")
    func expiredDeveloperToken() async throws {
        func part(_ object: [String: String]) throws -> String {
            try JSONSerialization.data(withJSONObject: object).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(
                    of: "=", with: "")
        }
        let token =
            try part(["alg": "RS256"]) + "."
            + part([
                "created_at": "1600000000000", "expires_in": "86400000",
                "user_id": "DEV@AdobeID",
            ]) + ".c2ln"
        let json = #"{"ok": true, "statusCode": 200, "accessToken": "\#(token)"}"#
        try await SignInServices.with(clients: []) { services in
            let run = try await WkndRun.run(
                ["list", "--token-file", "dev-token.json"], environment: services.environment,
                files: ["dev-token.json": json])
            #expect(run.status == 77)
            #expect(run.stdout.isEmpty && run.stderrLines.count == 1, "\(run.stderr)")
            #expect(run.stderr.contains("expired") && run.stderr.contains("Get Local Development Token"))
            #expect(services.emulator.requests.isEmpty)
            Self.expectNoSecret(run, [token])

            let status = try await WkndRun.run(
                ["auth", "status", "--token-file", "dev-token.json"],
                environment: services.environment, files: ["dev-token.json": json])
            #expect(status.status == 0)
            #expect(
                status.stdout.contains("kind: local development token") && status.stdout.contains("user: DEV@AdobeID"))
            #expect(status.stdout.contains("(expired)"))
            Self.expectNoSecret(status, [token])
        }
    }

    @Test("a token expiring in the middle of download --all: every file arrives, after one renewal")
    func expiryDuringDownload() async throws {
        let (client, file) = try await TestCredentials.service()
        try await SignInServices.with(clients: [client], lifetimes: [1, 3600], latency: .milliseconds(200)) {
            services in
            try await withTemporaryFolder("wknd-signin") { parent in
                let folder = parent.appendingPathComponent("wknd-signin")
                let started = ContinuousClock.now
                let run = try await WkndRun.run(
                    [
                        "download", "--all", "--output", folder.path, "--concurrency", "2",
                        "--service-credentials", "creds.json",
                    ],
                    environment: services.environment, files: ["creds.json": file])
                #expect(run.status == 0, "\(run.stderr)")
                let images = services.emulator.requests.filter { !$0.path.hasPrefix("/graphql/") && $0.status == 200 }
                #expect(run.stdout.split(separator: "\n").count == images.count)
                #expect(images.count > 10)
                // At least ten rounds of 200 ms: the run outlasted the first token, so exactly one renewal was needed.
                #expect(ContinuousClock.now - started > .seconds(1))
                #expect(services.ims.jwtExchangeRequests == 2)
            }
        }
    }

    @Test("auth status, token and logout")
    func authCommands() async throws {
        let (client, file) = try await TestCredentials.service()
        try await SignInServices.with(clients: [client]) { services in
            let files = ["creds.json": file]
            let before = try await WkndRun.run(
                ["auth", "status", "--service-credentials", "creds.json"],
                environment: services.environment, files: files)
            #expect(before.status == 0, "\(before.stderr)")
            #expect(before.stdout.contains("kind: service credentials"))
            #expect(before.stdout.contains("client id: \(TestCredentials.clientID)"))
            #expect(before.stdout.contains("technical account: \(TestCredentials.account)"))
            #expect(before.stdout.contains("token: none cached"))
            #expect(services.ims.jwtExchangeRequests == 0)

            let token = try await WkndRun.run(
                ["auth", "token", "--service-credentials", "creds.json"],
                environment: services.environment, files: files)
            #expect(token.status == 0, "\(token.stderr)")
            let value = token.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(services.ims.tokens.isValid(value))

            let after = try await WkndRun.run(
                ["auth", "status", "--service-credentials", "creds.json"],
                environment: services.environment, files: files)
            #expect(after.stdout.contains("h 59 min left") || after.stdout.contains("h 58 min left"))
            for run in [before, after] {
                Self.expectNoSecret(run, [TestCredentials.clientSecret, value] + TestCredentials.keyLines(file))
            }

            let logout = try await WkndRun.run(["auth", "logout"], environment: services.environment)
            #expect(logout.status == 0)
            #expect(logout.stderr.contains("removed 1 cached token"))
            #expect(try services.cachedFiles().isEmpty)
        }
    }

    @Test(
        "profiles: selected by --profile or AEM_PROFILE, below the environment, with the host from program and environment"
    )
    func profiles() async throws {
        let profiles = """
            {"profiles": {
              "author": {"program": "123", "environment": "456", "tier": "author", "auth": "service",
                         "serviceCredentials": "creds/author.json"},
              "local": {"scheme": "http", "host": "localhost:4503"}
            }}
            """
        let environment = ["AEM_PROFILES_FILE": "profiles.json"]
        let author = try await WkndRun.run(
            ["config", "--profile", "author"], environment: environment,
            files: ["profiles.json": profiles])
        #expect(author.stdout.contains("author-p123-e456.adobeaemcloud.com"))
        #expect(author.stdout.contains("profile author"))
        // The credentials file does not exist: a configuration failure naming it.
        #expect(author.status == 78)
        #expect(author.stderr.contains("creds/author.json"))

        var overridden = environment
        overridden["AEM_PROFILE"] = "local"
        overridden["AEM_HOST"] = "env.example:4502"
        let local = try await WkndRun.run(["config"], environment: overridden, files: ["profiles.json": profiles])
        #expect(local.status == 0, "\(local.stderr)")
        #expect(local.stdout.contains("service: http://env.example:4502"))
        #expect(local.stdout.contains("AEM_SCHEME") && local.stdout.contains("profile local"))

        let derived = try await WkndRun.run(
            ["config", "--program", "7", "--environment", "8", "--tier", "preview"],
            environment: overridden, files: ["profiles.json": profiles])
        #expect(derived.stdout.contains("service: http://preview-p7-e8.adobeaemcloud.com"))

        let missing = try await WkndRun.run(
            ["config", "--profile", "nope"], environment: environment,
            files: ["profiles.json": profiles])
        #expect(missing.status == 78)
        #expect(missing.stderr.contains("author, local"))

        let secret = try await WkndRun.run(
            ["config", "--profile", "bad"], environment: environment,
            files: ["profiles.json": #"{"profiles": {"bad": {"clientSecret": "x"}}}"#])
        #expect(secret.status == 78)
        #expect(secret.stderr.contains("unknown key \"clientSecret\""))
    }
}
