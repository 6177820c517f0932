import AEMHeadless
import Testing

@testable import WKNDCore
@testable import wknd

@Suite("ConfigurationResolver")
struct ConfigurationResolverTests {
    @Test("each setting from the highest source that has it")
    func precedence() {
        let resolved = ConfigurationResolver.resolve(
            ConfigurationInputs(
                options: [.host: "option.example"],
                environment: ["AEM_HOST": "env.example", "AEM_SCHEME": "http", "AEM_USERNAME": ""],
                file: (
                    path: "Config.xcconfig",
                    values: [
                        "AEM_HOST": "file.example", "AEM_SCHEME": "https",
                        "AEM_USERNAME": "file-user",
                    ]
                )))
        #expect(resolved.setting(.host) == ResolvedSetting(value: "option.example", source: .option("--host")))
        #expect(resolved.setting(.scheme) == ResolvedSetting(value: "http", source: .environment("AEM_SCHEME")))
        #expect(
            resolved.setting(.username) == ResolvedSetting(value: "file-user", source: .file(path: "Config.xcconfig")))
        #expect(resolved.setting(.token) == ResolvedSetting(value: nil, source: .builtIn))
    }

    @Test("no host anywhere: the built-in sample service")
    func builtIn() throws {
        let resolved = ConfigurationResolver.resolve(ConfigurationInputs(environment: ["AEM_SCHEME": "http"]))
        guard case .builtInSample = try resolved.service() else {
            Issue.record("expected the built-in sample service")
            return
        }
    }

    @Test("the sample app's auth rule: basic, token, anything else none (with a warning)")
    func authType() throws {
        func resolve(_ values: [String: String]) -> ResolvedConfiguration {
            ConfigurationResolver.resolve(
                ConfigurationInputs(environment: values.merging(["AEM_HOST": "h.example"]) { $1 }))
        }
        #expect(try resolve(["AEM_AUTH_TYPE": "Token", "AEM_TOKEN": "t"]).authentication() == .token("t"))
        #expect(
            try resolve(["AEM_AUTH_TYPE": "basic", "AEM_USERNAME": "u", "AEM_PASSWORD": "p"]).authentication()
                == .basic(username: "u", password: "p"))
        let unknown = resolve(["AEM_AUTH_TYPE": "saml", "AEM_TOKEN": "t"])
        #expect(try unknown.authentication() == .none)
        #expect(unknown.warnings.count == 1)
        #expect(throws: AemConfigurationError.self) { try resolve(["AEM_AUTH_TYPE": "token"]).service() }
        #expect(throws: AemConfigurationError.self) { try resolve(["AEM_SCHEME": "ftp"]).service() }
    }

    @Test("secrets include the basic credentials as sent")
    func secrets() {
        let resolved = ConfigurationResolver.resolve(
            ConfigurationInputs(
                environment: ["AEM_USERNAME": "u", "AEM_PASSWORD": "pw-1", "AEM_TOKEN": "tok-2"]))
        #expect(Set(resolved.scrubber.secrets) == ["pw-1", "tok-2", "dTpwdy0x"])
        #expect(
            resolved.scrubber.scrub("Authorization: Basic dTpwdy0x; password pw-1; token tok-2")
                == "Authorization: Basic ••••; password ••••; token ••••")
    }
}
