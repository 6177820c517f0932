import AEMHeadless
import ArgumentParser
import WKNDCore

/// `wknd config`: the configuration in effect, each value with where it came from, secrets masked.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the configuration in effect and where each value comes from.",
        discussion: """
            Each setting comes from the first of: option, environment, profile
            (--profile or AEM_PROFILE), configuration file, default. A host made
            from AEM_PROGRAM and AEM_ENVIRONMENT says so. Passwords, tokens and
            client secrets show as •••••••• when set. Exits with 78, the reason
            on stderr, when the configuration cannot work.

            EXAMPLES
              wknd config
              AEM_HOST=localhost:4503 AEM_SCHEME=http wknd config
              wknd config --config ~/aem/Config.xcconfig
              wknd config --profile wknd-author
            """
    )

    @OptionGroup var options: ServiceOptions

    func run() async throws {
        try await CommandContext.run(options) { context in
            let resolved = context.configuration.resolved
            let terminal = Terminal.standardOutput
            let table = TableRenderer(
                columns: [
                    .init(header: "KEY"), .init(header: "VALUE", shrinkPriority: 1, minimumWidth: 12),
                    .init(header: "SOURCE"),
                ],
                width: terminal.width, usesColor: terminal.usesColor)
            let rows = SettingKey.allCases.map { key -> [String] in
                let setting = resolved.setting(key)
                switch (setting.value, key) {
                case (nil, .scheme): return [key.rawValue, resolved.scheme, "default"]
                case (nil, .timeout):
                    return [key.rawValue, "\(ResolvedConfiguration.defaultTimeoutSeconds)", "default"]
                case (nil, .tier): return [key.rawValue, "publish", "default"]
                case (nil, _): return [key.rawValue, "—", "not set"]
                case (_?, _) where key.isSecret: return [key.rawValue, "••••••••", setting.source.description]
                case (let value?, _): return [key.rawValue, value, setting.source.description]
                }
            }
            var output = table.render(rows) + "\n"
            let service = Result { () throws(AemConfigurationError) in try resolved.service() }
            switch service {
            case .success(.configured(let aem)):
                output += "service: \(aem.origin), authentication \(aem.authentication)\n"
            case .success(.builtInSample):
                output += "service: the built-in sample service (no AEM host configured)\n"
            case .failure:
                break
            }
            Terminal.standardOutput.write(output)
            _ = try service.get()
        }
    }
}
