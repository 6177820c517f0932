import AEMEmulator
import Foundation
import Testing

/// Optional authentication, as on AEM author: 401 with an empty body without the right credentials.
struct AuthenticationTests {
    private func basic(_ user: String, _ password: String) -> String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    @Test func basicCredentialsAreRequiredForQueriesAndImages() async throws {
        try await withEmulator(EmulatorOptions(authentication: .basic(username: "admin", password: "pä ss:word"))) {
            emulator in
            for target in [
                Paths.adventuresAll, Paths.adventureBySlug + ";slug=algarve-first-waves;", Paths.lofotenImageEncoded,
                "/graphql/list.json",
            ] {
                let anonymous = try await emulator.get(target)
                #expect(anonymous.status == 401, "\(target)")
                #expect(anonymous.body.isEmpty)
                let wrong = try await emulator.get(target, headers: [("Authorization", basic("admin", "nope"))])
                #expect(wrong.status == 401)
                let bearer = try await emulator.get(target, headers: [("Authorization", "Bearer pä ss:word")])
                #expect(bearer.status == 401)
                let right = try await emulator.get(target, headers: [("Authorization", basic("admin", "pä ss:word"))])
                #expect(right.status == 200, "\(target)")
            }
        }
    }

    @Test func bearerTokenIsRequired() async throws {
        try await withEmulator(EmulatorOptions(authentication: .bearer(token: "dev-token-123"))) { emulator in
            let status1 = try await emulator.get(Paths.adventuresAll).status
            #expect(status1 == 401)
            let status2 = try await emulator.get(Paths.adventuresAll, headers: [("Authorization", "Bearer other")])
                .status
            #expect(status2 == 401)
            let status3 = try await emulator.get(
                Paths.adventuresAll, headers: [("Authorization", "Bearer Optional(\"dev-token-123\")")]
            ).status
            #expect(status3 == 401)
            let status4 = try await emulator.get(
                Paths.adventuresAll, headers: [("Authorization", "Bearer dev-token-123")]
            ).status
            #expect(status4 == 200)
            let status5 = try await emulator.get(
                Paths.lofotenImageEncoded, headers: [("Authorization", "bearer dev-token-123")]
            ).status
            #expect(status5 == 200)
            #expect(emulator.requests.first?.authorization == nil)
        }
    }

    @Test func publishIsAnonymous() async throws {
        try await withEmulator { emulator in
            let status6 = try await emulator.get(Paths.adventuresAll).status
            #expect(status6 == 200)
        }
    }

    @Test func descriptionHidesTheSecret() {
        #expect(!"\(EmulatorAuthentication.basic(username: "u", password: "hunter2"))".contains("hunter2"))
        #expect(!"\(EmulatorAuthentication.bearer(token: "tok-987"))".contains("tok-987"))
    }
}
