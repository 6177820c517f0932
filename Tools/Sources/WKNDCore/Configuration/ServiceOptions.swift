import AEMHeadless
import ArgumentParser
import Foundation

/// The options of the commands that query AEM: where the service is, and the common options.
package struct ServiceOptions: ParsableArguments, ConfigurationOptions {
    package init() {}

    @Option(help: "The scheme of the AEM service (overrides AEM_SCHEME).")
    package var scheme: SchemeChoice?

    @Option(
        help: ArgumentHelp(
            "The AEM host with an optional :port, no scheme (overrides AEM_HOST).",
            valueName: "host"))
    package var host: String?

    @Option(
        help: ArgumentHelp(
            "The AEM author host, where content is written, with an optional :port (overrides AEM_AUTHOR_HOST).",
            valueName: "host"))
    package var authorHost: String?

    @Option(
        help: ArgumentHelp(
            "The AEM preview host, which --preview reads, with an optional :port (overrides AEM_PREVIEW_HOST).",
            valueName: "host"))
    package var previewHost: String?

    @Option(
        help: ArgumentHelp(
            "How long to wait for each answer to begin, in seconds (default \(ResolvedConfiguration.defaultTimeoutSeconds); overrides AEM_TIMEOUT).",
            valueName: "seconds"))
    package var timeout: String?

    @Option(
        help: ArgumentHelp(
            "The Cloud Manager program id: with --environment, makes the host <tier>-p<program>-e<environment>.adobeaemcloud.com (overrides AEM_PROGRAM).",
            valueName: "id"))
    package var program: String?

    @Option(help: ArgumentHelp("The Cloud Manager environment id (overrides AEM_ENVIRONMENT).", valueName: "id"))
    package var environment: String?

    @Option(help: "The tier of the environment, publish by default (overrides AEM_TIER).")
    package var tier: TierChoice?

    @Option(
        help: ArgumentHelp(
            "The locales to read content in, most wanted first, such as de or de-CH,de,en (overrides AEM_LOCALE).",
            valueName: "codes"))
    package var locale: String?

    @Flag(
        help:
            "Read drafts: the content as it is now on the author service (AEM_AUTHOR_HOST; the built-in sample's author when none is set), signed in, never from a cache."
    )
    package var draft = false

    @Flag(
        help:
            "Read preview: the content published to the preview service (AEM_PREVIEW_HOST; the built-in sample's preview when no host is set), through the response cache."
    )
    package var preview = false

    @OptionGroup package var common: CommonOptions

    package var verbose: Bool { common.verbose }

    package func validate() throws {
        if draft && preview {
            throw ValidationError(
                "--draft and --preview cannot be used together: drafts are on author, preview is a tier of its own.")
        }
    }

    package func resolveConfiguration() throws(AemConfigurationError) -> LoadedConfiguration {
        let options: [SettingKey: String?] = [
            .scheme: scheme?.rawValue, .host: host, .authorHost: authorHost, .previewHost: previewHost,
            .timeout: timeout, .program: program, .environment: environment, .tier: tier?.rawValue, .locale: locale,
        ]
        var loaded = try common.resolveConfiguration(options: options.compactMapValues { $0 })
        loaded.perspective = draft ? .drafts : preview ? .preview : .published
        return loaded
    }
}

/// What a command needs to load its configuration and talk on stderr.
package protocol ConfigurationOptions {
    var verbose: Bool { get }
    /// Reads the configuration sources and applies the precedence.
    func resolveConfiguration() throws(AemConfigurationError) -> LoadedConfiguration
}

/// The options of every command: how to sign in, the configuration file, and how much to say.
package struct CommonOptions: ParsableArguments, ConfigurationOptions {
    package init() {}

    @Option(help: "How to sign in (overrides AEM_AUTH_TYPE).")
    package var auth: AuthType?

    @Option(help: "The user name for basic authentication (overrides AEM_USERNAME).")
    package var username: String?

    @Flag(help: "Read the password for basic authentication from standard input (overrides AEM_PASSWORD).")
    package var passwordStdin = false

    @Option(
        help: ArgumentHelp(
            "Read the bearer token from this file: a raw token or the Developer Console's local development token JSON (overrides AEM_TOKEN_FILE).",
            valueName: "path"))
    package var tokenFile: String?

    @Option(
        help: ArgumentHelp(
            "The Developer Console's service credentials JSON file, exchanged at IMS for tokens (overrides AEM_SERVICE_CREDENTIALS).",
            valueName: "path"))
    package var serviceCredentials: String?

    @Option(
        help: ArgumentHelp(
            "The client id of OAuth server-to-server credentials (overrides AEM_CLIENT_ID).", valueName: "id"))
    package var clientId: String?

    @Option(
        help: ArgumentHelp(
            "Read the OAuth client secret from this file (overrides AEM_CLIENT_SECRET).", valueName: "path"))
    package var clientSecretFile: String?

    @Option(help: ArgumentHelp("The OAuth scopes, comma-separated (overrides AEM_SCOPES).", valueName: "scopes"))
    package var scopes: String?

    @Option(
        help: ArgumentHelp(
            "The IMS base URL (overrides AEM_IMS_URL; default: the credentials' own IMS).", valueName: "url"))
    package var imsUrl: String?

    @Option(help: ArgumentHelp("Use this profile of the profiles file (overrides AEM_PROFILE).", valueName: "name"))
    package var profile: String?

    @Option(
        help: ArgumentHelp(
            "The configuration file in .xcconfig syntax (default: ./Config.xcconfig when present).",
            valueName: "path"))
    package var config: String?

    @Flag(
        name: .shortAndLong, help: "Say more on stderr: the configuration, each request and the details of a failure.")
    package var verbose = false

    /// The configuration file looked for when `--config` is not given.
    package static let defaultConfigFile = "Config.xcconfig"

    package func resolveConfiguration() throws(AemConfigurationError) -> LoadedConfiguration {
        try resolveConfiguration(options: [:])
    }

    /// Reads the configuration sources (files and standard input) and applies the precedence,
    /// with `options` holding the values of further command-line options.
    package func resolveConfiguration(
        options: [SettingKey: String], environment: [String: String] = Environment.current
    )
        throws(AemConfigurationError) -> LoadedConfiguration
    {
        var inputs = ConfigurationInputs(options: options, environment: environment)
        inputs.options[.authType] = auth?.rawValue
        inputs.options[.username] = username
        if passwordStdin { inputs.options[.password] = try Self.readPasswordFromStandardInput() }
        inputs.options[.tokenFile] = tokenFile
        inputs.options[.serviceCredentials] = serviceCredentials
        inputs.options[.clientID] = clientId
        inputs.options[.scopes] = scopes
        inputs.options[.imsURL] = imsUrl
        if let clientSecretFile {
            inputs.options[.clientSecret] = try Self.readSecret(
                at: clientSecretFile, what: "client secret file", option: "--client-secret-file")
        }
        inputs.profile = try selectedProfile(environment: environment)
        var fileIssues: [String] = []
        if let file = try configurationFile() {
            let parsed = XCConfigParser.parse(file.text)
            inputs.file = (file.path, parsed.values)
            fileIssues = parsed.issues.map { "\(file.path) \($0)" }
        }
        return LoadedConfiguration(resolved: ConfigurationResolver.resolve(inputs), fileIssues: fileIssues)
    }

    /// The text of `--config PATH`, else of `./Config.xcconfig` when there is one.
    private func configurationFile() throws(AemConfigurationError) -> (path: String, text: String)? {
        if let config {
            guard let text = Self.readText(at: config) else {
                throw AemConfigurationError(
                    "Cannot read the configuration file \(config); check the path given to --config.")
            }
            return (config, text)
        }
        guard FileManager.default.fileExists(atPath: Self.defaultConfigFile) else { return nil }
        guard let text = Self.readText(at: Self.defaultConfigFile) else {
            throw AemConfigurationError(
                "Cannot read ./\(Self.defaultConfigFile); check its permissions, or name another file with --config.")
        }
        return (Self.defaultConfigFile, text)
    }

    private static func readText(at path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The profile named by `--profile` or `AEM_PROFILE`, read from the profiles file.
    private func selectedProfile(environment: [String: String]) throws(AemConfigurationError)
        -> (name: String, path: String, values: [SettingKey: String])?
    {
        guard let name = profile ?? environment["AEM_PROFILE"].flatMap({ $0.isEmpty ? nil : $0 }) else { return nil }
        let path = ProfilesFile.defaultPath(environment: environment)
        guard let data = FileManager.default.contents(atPath: (path as NSString).expandingTildeInPath) else {
            throw AemConfigurationError(
                "Profile \"\(name)\" was asked for, but there is no profiles file at \(path); create it (see wknd --help) or set AEM_PROFILES_FILE."
            )
        }
        let file = try ProfilesFile(path: path, text: data)
        var values = try file.profile(name)
        if let secretFile = file.clientSecretFiles[name] {
            values[.clientSecret] = try Self.readSecret(
                at: secretFile, what: "client secret file", option: "profile \(name)")
        }
        return (name, path, values)
    }

    /// A secret kept in a file: its text without the surrounding white space.
    private static func readSecret(at path: String, what: String, option: String) throws(AemConfigurationError)
        -> String
    {
        guard let text = readText(at: (path as NSString).expandingTildeInPath) else {
            throw AemConfigurationError(
                "Cannot read the \(what) \(path) (\(option)); check the path and its permissions.")
        }
        let secret = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !secret.isEmpty else { throw AemConfigurationError("The \(what) \(path) is empty.") }
        return secret
    }

    /// The first line of standard input, which must not be a terminal (so the password is never echoed).
    private static func readPasswordFromStandardInput() throws(AemConfigurationError) -> String {
        guard isatty(STDIN_FILENO) == 0 else {
            throw AemConfigurationError(
                "--password-stdin reads the password from a pipe, for example: printf '%s' \"$AEM_PASSWORD\" | wknd list --auth basic --username admin --password-stdin"
            )
        }
        let data = FileHandle.standardInput.readDataToEndOfFile()
        let line =
            String(decoding: data, as: UTF8.self).split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            .first ?? ""
        let password = line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        guard !password.isEmpty else { throw AemConfigurationError("--password-stdin read an empty password.") }
        return password
    }
}

/// The resolved configuration and any problems found in the configuration file.
package struct LoadedConfiguration: Sendable {
    package var resolved: ResolvedConfiguration
    /// Lines of the file that were skipped, each naming the file and line.
    package var fileIssues: [String]
    /// What the command reads: what was published (the default), preview (`--preview`) or drafts on the author
    /// service (`--draft`).
    package var perspective: ContentPerspective = .published

    /// Everything worth a warning on stderr.
    package var warnings: [String] { fileIssues + resolved.warnings }

    /// Every secret in effect, those read from credential files included, in every form the library sends it, for
    /// masking.
    package var scrubber: SecretScrubber {
        let credential = [.token, .service, .oauth].contains(resolved.authType) ? try? SignInCredential(resolved) : nil
        return SecretScrubber(resolved.scrubber.secrets + (credential?.secrets ?? []))
    }
}
