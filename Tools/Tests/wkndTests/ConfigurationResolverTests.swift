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

    @Test("a program and environment make the author and preview hosts, below a host set at a higher precedence")
    func derivedTierHosts() throws {
        let derived = ConfigurationResolver.resolve(
            ConfigurationInputs(environment: ["AEM_PROGRAM": "7", "AEM_ENVIRONMENT": "8"]))
        #expect(derived.setting(.authorHost).value == "author-p7-e8.adobeaemcloud.com")
        #expect(derived.setting(.previewHost).value == "preview-p7-e8.adobeaemcloud.com")
        guard case .derived = derived.setting(.previewHost).source else {
            Issue.record("expected the preview host derived, got \(derived.setting(.previewHost).source)")
            return
        }
        let preview = try #require(try derived.previewService())
        #expect("\(preview.origin)" == "https://preview-p7-e8.adobeaemcloud.com")
        #expect(preview.perspective == .preview)

        // A preview host set by an option outranks the environment's program and environment; one in the file does not.
        let option = ConfigurationResolver.resolve(
            ConfigurationInputs(
                options: [.previewHost: "preview.example:4504"],
                environment: ["AEM_PROGRAM": "7", "AEM_ENVIRONMENT": "8"]))
        #expect(
            option.setting(.previewHost)
                == ResolvedSetting(value: "preview.example:4504", source: .option("--preview-host")))
        let file = ConfigurationResolver.resolve(
            ConfigurationInputs(
                environment: ["AEM_PROGRAM": "7", "AEM_ENVIRONMENT": "8"],
                file: (path: "Config.xcconfig", values: ["AEM_PREVIEW_HOST": "preview.example"])))
        #expect(file.setting(.previewHost).value == "preview-p7-e8.adobeaemcloud.com")
    }

    @Test("preview: nil for the built-in sample; a publish host without a preview host is refused, naming the setting")
    func previewService() throws {
        #expect(try ConfigurationResolver.resolve(ConfigurationInputs()).previewService() == nil)
        let publishOnly = ConfigurationResolver.resolve(
            ConfigurationInputs(environment: ["AEM_HOST": "publish-p1-e2.adobeaemcloud.com"]))
        #expect {
            try publishOnly.previewService()
        } throws: { error in
            (error as? AemConfigurationError)?.message.contains("AEM_PREVIEW_HOST") == true
        }
        let both = ConfigurationResolver.resolve(
            ConfigurationInputs(
                environment: ["AEM_SCHEME": "http", "AEM_HOST": "127.0.0.1:4503", "AEM_PREVIEW_HOST": "127.0.0.1:4504"])
        )
        #expect(try both.previewService().map { "\($0.origin)" } == "http://127.0.0.1:4504")
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
