import AEMHeadless
import Foundation

/// One setting of the configuration, named by its key in the sample app's `Config.xcconfig`.
enum SettingKey: String, CaseIterable, Sendable {
    case scheme = "AEM_SCHEME"
    case host = "AEM_HOST"
    case authType = "AEM_AUTH_TYPE"
    case username = "AEM_USERNAME"
    case password = "AEM_PASSWORD"
    case token = "AEM_TOKEN"
    case timeout = "AEM_TIMEOUT"

    /// Whether the value is a secret, never shown.
    var isSecret: Bool { self == .password || self == .token }

    /// The command-line option that sets it.
    var option: String {
        switch self {
        case .scheme: "--scheme"
        case .host: "--host"
        case .authType: "--auth"
        case .username: "--username"
        case .password: "--password-stdin"
        case .token: "--token-file"
        case .timeout: "--timeout"
        }
    }
}

/// Where a setting's value came from.
enum SettingSource: Equatable, Sendable, CustomStringConvertible {
    /// A command-line option, such as `--host` or `--token-file`.
    case option(String)
    case environment(String)
    /// A key of the configuration file at `path`.
    case file(path: String)
    /// The value used when nothing sets it.
    case builtIn

    var description: String {
        switch self {
        case .option(let name): "option \(name)"
        case .environment(let name): "environment \(name)"
        case .file(let path): "file \(path)"
        case .builtIn: "default"
        }
    }
}

/// A setting's value and where it came from; `value` nil when nothing sets it.
struct ResolvedSetting: Equatable, Sendable {
    var value: String?
    var source: SettingSource
}

/// What the configuration sources hold, already read: the resolver does no I/O.
struct ConfigurationInputs: Sendable {
    /// Values given on the command line (secrets read through `--password-stdin` and `--token-file`).
    var options: [SettingKey: String] = [:]
    var environment: [String: String] = [:]
    /// The configuration file's path, as shown to the user, and its settings.
    var file: (path: String, values: [String: String])?
}

/// Applies the precedence — command-line option, then environment, then configuration file,
/// then the built-in default — key by key, and keeps where each value came from.
///
/// Empty values count as unset, so an empty `AEM_TOKEN =` in a file or an empty environment
/// variable lets the next source through.
struct ConfigurationResolver {
    static func resolve(_ inputs: ConfigurationInputs) -> ResolvedConfiguration {
        var settings: [SettingKey: ResolvedSetting] = [:]
        for key in SettingKey.allCases {
            settings[key] = resolve(key, inputs)
        }
        return ResolvedConfiguration(settings: settings)
    }

    private static func resolve(_ key: SettingKey, _ inputs: ConfigurationInputs) -> ResolvedSetting {
        if let value = nonEmpty(inputs.options[key]) {
            return ResolvedSetting(value: value, source: .option(key.option))
        }
        if let value = nonEmpty(inputs.environment[key.rawValue]) {
            return ResolvedSetting(value: value, source: .environment(key.rawValue))
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
struct ResolvedConfiguration: Equatable, Sendable {
    var settings: [SettingKey: ResolvedSetting]

    /// Where the commands send their queries.
    enum Service: Sendable {
        /// The AEM service configured by the user.
        case configured(AemConfiguration)
        /// No host is configured anywhere: the built-in sample service, started in-process.
        case builtInSample
    }

    func setting(_ key: SettingKey) -> ResolvedSetting {
        settings[key] ?? ResolvedSetting(value: nil, source: .builtIn)
    }

    /// The scheme in effect: the configured one, else `https`.
    var scheme: String { setting(.scheme).value?.lowercased() ?? "https" }

    /// The authentication type in effect, by the sample app's rule: `basic` or `token`
    /// (any case), anything else none.
    var authType: AuthType {
        AuthType(rawValue: setting(.authType).value?.lowercased() ?? "") ?? .none
    }

    /// Notes about settings that are taken leniently, such as an unknown `AEM_AUTH_TYPE`.
    var warnings: [String] {
        let auth = setting(.authType)
        if let value = auth.value, AuthType(rawValue: value.lowercased()) == nil {
            return ["\(SettingKey.authType.rawValue) \"\(value)\" (\(auth.source)) is not none, basic or token; no credentials are sent"]
        }
        return []
    }

    /// Every secret set, in every form the library sends it, for masking in messages; known
    /// even when the configuration is incomplete or invalid.
    var scrubber: SecretScrubber {
        var secrets = setting(.token).value.map { Authentication.token($0).secrets } ?? []
        if let password = setting(.password).value {
            secrets += Authentication.basic(username: setting(.username).value ?? "", password: password).secrets
        }
        return SecretScrubber(secrets)
    }

    /// The default request timeout, in seconds.
    static let defaultTimeoutSeconds = 30

    /// The request timeout in effect: the configured number of seconds, else the default.
    func timeout() throws(AemConfigurationError) -> Duration {
        let setting = setting(.timeout)
        guard let text = setting.value else { return .seconds(Self.defaultTimeoutSeconds) }
        guard let seconds = Double(text.trimmingCharacters(in: .whitespaces)), seconds.isFinite, seconds > 0, seconds <= 86_400 else {
            throw AemConfigurationError("\(SettingKey.timeout.rawValue) \"\(text)\" (\(setting.source)) must be a number of seconds above 0, such as 30 or 2.5.")
        }
        return .milliseconds(Int((seconds * 1000).rounded(.up)))
    }

    /// The service named by the settings, with its credentials checked.
    func service() throws(AemConfigurationError) -> Service {
        guard let host = setting(.host).value else {
            _ = try timeout()
            return .builtInSample
        }
        guard let scheme = AemOrigin.Scheme(rawValue: scheme) else {
            throw AemConfigurationError("AEM_SCHEME \"\(setting(.scheme).value ?? "")\" (\(setting(.scheme).source)) must be http or https.")
        }
        return .configured(try AemConfiguration(scheme: scheme, host: host, authentication: try authentication(),
                                                timeout: try timeout()))
    }

    /// The credentials for the configured authentication type, or an error naming what is missing.
    func authentication() throws(AemConfigurationError) -> Authentication {
        switch authType {
        case .none:
            return .none
        case .basic:
            guard let username = setting(.username).value else {
                throw AemConfigurationError("Basic authentication needs a user name: set AEM_USERNAME or use --username.")
            }
            guard let password = setting(.password).value else {
                throw AemConfigurationError("Basic authentication needs a password: set AEM_PASSWORD, add it to the configuration file, or pipe it to --password-stdin.")
            }
            return .basic(username: username, password: password)
        case .token:
            guard let token = setting(.token).value else {
                throw AemConfigurationError("Token authentication needs a token: set AEM_TOKEN, add it to the configuration file, or use --token-file PATH.")
            }
            return .token(token)
        }
    }
}
