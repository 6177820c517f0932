import AEMHeadless
import AEMHeadlessAuthoring
import Foundation

/// One setting of the configuration, named by its key in the sample app's `Config.xcconfig`.
package enum SettingKey: String, CaseIterable, Sendable {
    case scheme = "AEM_SCHEME"
    case host = "AEM_HOST"
    case authorHost = "AEM_AUTHOR_HOST"
    case previewHost = "AEM_PREVIEW_HOST"
    case authType = "AEM_AUTH_TYPE"
    case username = "AEM_USERNAME"
    case password = "AEM_PASSWORD"
    case token = "AEM_TOKEN"
    case timeout = "AEM_TIMEOUT"
    case tokenFile = "AEM_TOKEN_FILE"
    case serviceCredentials = "AEM_SERVICE_CREDENTIALS"
    case clientID = "AEM_CLIENT_ID"
    case clientSecret = "AEM_CLIENT_SECRET"
    case scopes = "AEM_SCOPES"
    case imsURL = "AEM_IMS_URL"
    case program = "AEM_PROGRAM"
    case environment = "AEM_ENVIRONMENT"
    case tier = "AEM_TIER"
    case locale = "AEM_LOCALE"
    case eventsURL = "AEM_EVENTS_URL"

    /// Whether the value is a secret, never shown.
    package var isSecret: Bool { self == .password || self == .token || self == .clientSecret }

    /// The command-line option that sets it; for a token, never an option value, its variable.
    package var option: String {
        switch self {
        case .scheme: "--scheme"
        case .host: "--host"
        case .authorHost: "--author-host"
        case .previewHost: "--preview-host"
        case .authType: "--auth"
        case .username: "--username"
        case .password: "--password-stdin"
        case .token: "AEM_TOKEN"
        case .timeout: "--timeout"
        case .tokenFile: "--token-file"
        case .serviceCredentials: "--service-credentials"
        case .clientID: "--client-id"
        case .clientSecret: "--client-secret-file"
        case .scopes: "--scopes"
        case .imsURL: "--ims-url"
        case .program: "--program"
        case .environment: "--environment"
        case .tier: "--tier"
        case .locale: "--locale"
        case .eventsURL: "--events-url"
        }
    }

    /// The key in a profile of the profiles file; nil for secrets, which profiles never hold
    /// (a profile names the files that hold them).
    package var profileKey: String? {
        switch self {
        case .scheme: "scheme"
        case .host: "host"
        case .authorHost: "authorHost"
        case .previewHost: "previewHost"
        case .authType: "auth"
        case .username: "username"
        case .password, .token, .clientSecret: nil
        case .timeout: "timeout"
        case .tokenFile: "tokenFile"
        case .serviceCredentials: "serviceCredentials"
        case .clientID: "clientId"
        case .scopes: "scopes"
        case .imsURL: "imsUrl"
        case .program: "program"
        case .environment: "environment"
        case .tier: "tier"
        case .locale: "locale"
        case .eventsURL: "eventsUrl"
        }
    }

    /// Whether the value is the path of a file, taken relative to the profiles file when a profile sets it.
    package var isPath: Bool { self == .tokenFile || self == .serviceCredentials }
}

/// Where a setting's value came from.
package enum SettingSource: Equatable, Sendable, CustomStringConvertible {
    /// A command-line option, such as `--host` or `--token-file`.
    case option(String)
    case environment(String)
    /// A profile of the profiles file at `path`.
    case profile(name: String, path: String)
    /// A key of the configuration file at `path`.
    case file(path: String)
    /// Made from other settings: the host from the program, environment and tier.
    case derived(from: String)
    /// The value used when nothing sets it.
    case builtIn

    package var description: String {
        switch self {
        case .option(let name): "option \(name)"
        case .environment(let name): "environment \(name)"
        case .profile(let name, let path): "profile \(name) (\(path))"
        case .file(let path): "file \(path)"
        case .derived(let from): "derived from \(from)"
        case .builtIn: "default"
        }
    }

    /// The precedence: a higher rank wins.
    package var rank: Int {
        switch self {
        case .option: 5
        case .environment: 4
        case .profile: 3
        case .file: 2
        case .derived: 1
        case .builtIn: 0
        }
    }
}

/// A setting's value and where it came from; `value` nil when nothing sets it.
package struct ResolvedSetting: Equatable, Sendable {
    package var value: String?
    package var source: SettingSource
}

/// What the configuration sources hold, already read: the resolver does no I/O.
package struct ConfigurationInputs: Sendable {
    /// Values given on the command line (secrets read through `--password-stdin` and `--token-file`).
    package var options: [SettingKey: String] = [:]
    package var environment: [String: String] = [:]
    /// The selected profile: its name, the profiles file's path, and its settings by key.
    package var profile: (name: String, path: String, values: [SettingKey: String])?
    /// The configuration file's path, as shown to the user, and its settings.
    package var file: (path: String, values: [String: String])?
}

/// Applies the precedence — command-line option, then environment, then the selected profile,
/// then configuration file, then the built-in default — key by key, and keeps where each value
/// came from. A program and environment make the host (`<tier>-p<program>-e<environment>.adobeaemcloud.com`), the
/// author host and the preview host, each unless it is set at a higher precedence.
///
/// Empty values count as unset, so an empty `AEM_TOKEN =` in a file or an empty environment
/// variable lets the next source through.
package struct ConfigurationResolver {
    package static func resolve(_ inputs: ConfigurationInputs) -> ResolvedConfiguration {
        var settings: [SettingKey: ResolvedSetting] = [:]
        for key in SettingKey.allCases {
            settings[key] = resolve(key, inputs)
        }
        if let derived = derivedHost(settings) { settings[.host] = derived }
        for (key, tier) in [(SettingKey.authorHost, AemOrigin.CloudServiceTier.author), (.previewHost, .preview)] {
            if let derived = derivedTierHost(key, tier: tier, settings) { settings[key] = derived }
        }
        return ResolvedConfiguration(settings: settings)
    }

    /// The host of `tier` made from the program and environment, for `key` (the author or preview host), when they
    /// outrank any value of `key` set.
    private static func derivedTierHost(
        _ key: SettingKey, tier: AemOrigin.CloudServiceTier, _ settings: [SettingKey: ResolvedSetting]
    ) -> ResolvedSetting? {
        guard let program = settings[.program], let programValue = program.value,
            let environment = settings[.environment], let environmentValue = environment.value,
            max(program.source.rank, environment.source.rank) > (settings[key]?.source.rank ?? 0),
            let origin = try? AemOrigin.cloudService(program: programValue, environment: environmentValue, tier: tier)
        else { return nil }
        return ResolvedSetting(
            value: origin.host,
            source: .derived(
                from:
                    "\(SettingKey.program.rawValue) (\(program.source)), \(SettingKey.environment.rawValue) (\(environment.source))"
            ))
    }

    /// The host made from the program, environment and tier, when they outrank any host set.
    private static func derivedHost(_ settings: [SettingKey: ResolvedSetting]) -> ResolvedSetting? {
        guard let program = settings[.program], let programValue = program.value,
            let environment = settings[.environment], let environmentValue = environment.value
        else { return nil }
        let tierText = settings[.tier]?.value?.lowercased() ?? "publish"
        let rank = max(program.source.rank, environment.source.rank, settings[.tier]?.source.rank ?? 0)
        guard rank > (settings[.host]?.source.rank ?? 0) else { return nil }
        // A tier that is none of the three is refused later, with the setting it came from.
        let tier = AemOrigin.CloudServiceTier(rawValue: tierText) ?? .publish
        // A program or environment that is not a number makes no origin; the host then shows them as given, for the
        // check of the host to refuse.
        let origin = try? AemOrigin.cloudService(program: programValue, environment: environmentValue, tier: tier)
        return ResolvedSetting(
            value: origin?.host ?? "\(tier.rawValue)-p\(programValue)-e\(environmentValue).adobeaemcloud.com",
            source: .derived(
                from:
                    "\(SettingKey.program.rawValue) (\(program.source)), \(SettingKey.environment.rawValue) (\(environment.source))"
            ))
    }

    private static func resolve(_ key: SettingKey, _ inputs: ConfigurationInputs) -> ResolvedSetting {
        if let value = nonEmpty(inputs.options[key]) {
            return ResolvedSetting(value: value, source: .option(key.option))
        }
        if let value = nonEmpty(inputs.environment[key.rawValue]) {
            return ResolvedSetting(value: value, source: .environment(key.rawValue))
        }
        if let profile = inputs.profile, let value = nonEmpty(profile.values[key]) {
            return ResolvedSetting(value: value, source: .profile(name: profile.name, path: profile.path))
        }
        if let file = inputs.file, let value = nonEmpty(file.values[key.rawValue]) {
            return ResolvedSetting(value: value, source: .file(path: file.path))
        }
        return ResolvedSetting(value: nil, source: .builtIn)
    }

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }
}

/// The configuration after precedence: each setting with its source, and the service it names.
package struct ResolvedConfiguration: Equatable, Sendable {
    package var settings: [SettingKey: ResolvedSetting]

    /// Where the commands send their queries.
    package enum Service: Sendable {
        /// The AEM service configured by the user.
        case configured(AemConfiguration)
        /// No host is configured anywhere: the built-in sample service, the emulator program beside `wknd`.
        case builtInSample
    }

    package func setting(_ key: SettingKey) -> ResolvedSetting {
        settings[key] ?? ResolvedSetting(value: nil, source: .builtIn)
    }

    /// The scheme in effect: the configured one, else `https`.
    package var scheme: String { setting(.scheme).value?.lowercased() ?? "https" }

    /// The authentication type in effect, by the sample app's rule: `basic` or `token`
    /// (any case), anything else none; when no type is set, the kind of credential file or
    /// client id that is set (service credentials, then OAuth, then a token file).
    package var authType: AuthType {
        guard let value = setting(.authType).value else {
            if setting(.serviceCredentials).value != nil { return .service }
            if setting(.clientID).value != nil { return .oauth }
            if setting(.tokenFile).value != nil { return .token }
            return .none
        }
        return AuthType(rawValue: value.lowercased()) ?? .none
    }

    /// Notes about settings that are taken leniently, such as an unknown `AEM_AUTH_TYPE`.
    package var warnings: [String] {
        let auth = setting(.authType)
        if let value = auth.value, AuthType(rawValue: value.lowercased()) == nil {
            let kinds = AuthType.allCases.map(\.rawValue).joined(separator: ", ")
            return [
                "\(SettingKey.authType.rawValue) \"\(value)\" (\(auth.source)) is not one of \(kinds); no credentials are sent"
            ]
        }
        return []
    }

    /// Every secret set, in every form the library sends it, for masking in messages; known
    /// even when the configuration is incomplete or invalid.
    package var scrubber: SecretScrubber {
        var secrets = setting(.token).value.map { Authentication.token($0).secrets } ?? []
        if let password = setting(.password).value {
            secrets += Authentication.basic(username: setting(.username).value ?? "", password: password).secrets
        }
        if let clientSecret = setting(.clientSecret).value { secrets.append(clientSecret) }
        return SecretScrubber(secrets)
    }

    /// The default request timeout, in seconds.
    package static let defaultTimeoutSeconds = 30

    /// The request timeout in effect: the configured number of seconds, else the default.
    package func timeout() throws(AemConfigurationError) -> Duration {
        let setting = setting(.timeout)
        guard let text = setting.value else { return .seconds(Self.defaultTimeoutSeconds) }
        guard let seconds = Double(text.trimmingCharacters(in: .whitespaces)), seconds.isFinite, seconds > 0,
            seconds <= 86_400
        else {
            throw AemConfigurationError(
                "\(SettingKey.timeout.rawValue) \"\(text)\" (\(setting.source)) must be a number of seconds above 0, such as 30 or 2.5."
            )
        }
        return .milliseconds(Int((seconds * 1000).rounded(.up)))
    }

    /// The locales to read content in, most wanted first, when a locale is set.
    package func locales() throws(AemConfigurationError) -> LocaleChain? {
        let setting = setting(.locale)
        guard let text = setting.value else { return nil }
        do {
            return try LocaleChain(parsing: text)
        } catch {
            throw AemConfigurationError("\(SettingKey.locale.rawValue) (\(setting.source)): \(error.message)")
        }
    }

    /// The service named by the settings, with its credentials checked.
    package func service() throws(AemConfigurationError) -> Service {
        guard let host = setting(.host).value else {
            _ = try timeout()
            return .builtInSample
        }
        if case .derived = setting(.host).source { try validateProgramAndEnvironment() }
        guard let scheme = AemOrigin.Scheme(rawValue: scheme) else {
            throw AemConfigurationError(
                "AEM_SCHEME \"\(setting(.scheme).value ?? "")\" (\(setting(.scheme).source)) must be http or https.")
        }
        return .configured(
            try AemConfiguration(
                scheme: scheme, host: host, authentication: try authentication(),
                timeout: try timeout(), userAgent: ToolIdentity.userAgent))
    }

    /// The author service named by the settings (`AEM_AUTHOR_HOST`, or the program and environment), with the same
    /// scheme and credentials as the service; nil when no host at all is configured (the built-in sample's author).
    /// `perspective` is `.drafts` for reading the author's current content, `.published` for writing through the Sites
    /// API (which never caches).
    /// - Throws: when a publish host is configured but no author host.
    package func authorService(perspective: ContentPerspective = .published) throws(AemConfigurationError)
        -> AemConfiguration?
    {
        guard case .configured(let service) = try service() else { return nil }
        guard let host = setting(.authorHost).value else {
            throw AemConfigurationError(
                "Drafts and writes need the author service: set AEM_AUTHOR_HOST (or --author-host), such as author-p123-e456.adobeaemcloud.com; AEM_HOST (\(service.origin)) is where content is read."
            )
        }
        return try AemConfiguration(
            scheme: service.origin.scheme, host: host, authentication: service.authentication,
            timeout: service.timeout, retry: .authorService, userAgent: ToolIdentity.userAgent, perspective: perspective
        )
    }

    /// The preview service named by the settings (`AEM_PREVIEW_HOST`, or the program and environment), read with the
    /// `.preview` perspective and the same scheme and credentials as the service; nil when no host at all is
    /// configured (the built-in sample's preview).
    /// - Throws: when a publish host is configured but no preview host.
    package func previewService() throws(AemConfigurationError) -> AemConfiguration? {
        guard case .configured(let service) = try service() else { return nil }
        guard let host = setting(.previewHost).value else {
            throw AemConfigurationError(
                "Preview needs its host: set AEM_PREVIEW_HOST (or --preview-host, or AEM_PROGRAM and AEM_ENVIRONMENT), such as preview-p123-e456.adobeaemcloud.com; AEM_HOST (\(service.origin)) is the publish service."
            )
        }
        return try AemConfiguration(
            scheme: service.origin.scheme, host: host, authentication: service.authentication,
            timeout: service.timeout, userAgent: ToolIdentity.userAgent, perspective: .preview)
    }

    /// The credentials for the configured authentication type, or an error naming what is missing.
    package func authentication() throws(AemConfigurationError) -> Authentication {
        switch authType {
        case .none:
            return .none
        case .basic:
            guard let username = setting(.username).value else {
                throw AemConfigurationError(
                    "Basic authentication needs a user name: set AEM_USERNAME or use --username.")
            }
            guard let password = setting(.password).value else {
                throw AemConfigurationError(
                    "Basic authentication needs a password: set AEM_PASSWORD, add it to the configuration file, or pipe it to --password-stdin."
                )
            }
            return .basic(username: username, password: password)
        case .token, .service, .oauth:
            return try SignInCredential(self).authentication(cache: SignInCredential.tokenCache)
        }
    }

    /// Checks the program, environment and tier that make the host.
    private func validateProgramAndEnvironment() throws(AemConfigurationError) {
        for key in [SettingKey.program, .environment] {
            let value = setting(key).value ?? ""
            guard !value.isEmpty, value.allSatisfy(\.isASCII), value.allSatisfy(\.isNumber) else {
                throw AemConfigurationError(
                    "\(key.rawValue) \"\(value)\" (\(setting(key).source)) must be a number, as in the Cloud Manager URL (p123 → 123)."
                )
            }
        }
        let tier = setting(.tier)
        // The delivery tier serves only assets: a service is author, preview or publish.
        if let value = tier.value,
            AemOrigin.CloudServiceTier(rawValue: value.lowercased()).map({ $0 != .delivery }) != true
        {
            throw AemConfigurationError(
                "\(SettingKey.tier.rawValue) \"\(value)\" (\(tier.source)) must be author, preview or publish.")
        }
    }
}
