import AEMEmulator
import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import EmulatorTestSupport
import Testing
import WKNDSample

/// Every request names the library (and the app, when it names itself) in its `User-Agent`.
struct UserAgentTests {
    @Test func everyRequestCarriesTheLibrarysUserAgentOrTheAppsAheadOfIt() async throws {
        try await withRunning { emulator in
            try await AsyncHTTPClientTransport.withTransport { transport in
                let plain = Aem(try AemConfiguration(scheme: .http, host: emulator.hostAndPort), transport: transport)
                _ = try await plain.execute(WKNDQueries.adventures(limit: 1)).map(\.adventures)
                let named = Aem(
                    try AemConfiguration(
                        scheme: .http, host: emulator.hostAndPort,
                        userAgent: ClientIdentity.userAgent(product: "MyApp/2.1")),
                    transport: transport)
                _ = try await named.fragments(under: "/content/dam/wknd-shared/en", pageSize: 1).first { _ in true }
            }
            let agents = emulator.requests.compactMap { $0.headers["user-agent"] }
            #expect(agents.count == 2)
            #expect(agents.first?.hasPrefix("aem-headless-swift/\(ClientIdentity.version) (") == true)
            #expect(agents.last?.hasPrefix("MyApp/2.1 aem-headless-swift/") == true)
        }
    }

    @Test func anExtraHeaderReplacesIt() async throws {
        try await withRunning { emulator in
            try await AsyncHTTPClientTransport.withTransport { transport in
                let aem = Aem(
                    try AemConfiguration(
                        scheme: .http, host: emulator.hostAndPort, extraHeaders: ["User-Agent": "Probe/1"]),
                    transport: transport)
                _ = try await aem.execute(WKNDQueries.adventures(limit: 1)).map(\.adventures)
            }
            #expect(emulator.requests.first?.headers["user-agent"] == "Probe/1")
        }
    }
}
