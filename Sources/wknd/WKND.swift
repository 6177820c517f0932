import ArgumentParser

/// The `wknd` command: WKND adventures from an AEM service's persisted queries.
@main
struct WKND: AsyncParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "wknd",
        abstract: "Read WKND adventures from Adobe Experience Manager (AEM) headless persisted queries.",
        usage: """
            wknd list [--limit <n>] [--offset <n>] [--sort <expr>] [--json] [--offline | --refresh | --no-cache]
            wknd show <slug> [--json] [--offline | --refresh | --no-cache]
            wknd download (<slug>... | --all) [--output <dir>] [--concurrency <n>] [--force]
            wknd cache stats | clear | path
            wknd config
            wknd serve [--port <n>] [--bind <address>]
            """,
        discussion: """
            EXAMPLES
              wknd list                       (the built-in sample service)
              AEM_HOST=publish-p123-e456.adobeaemcloud.com wknd list --limit 5
              wknd show bali-surf-camp --json | jq .title
              wknd list --auth token --token-file ~/.aem-token \\
                        --host author-p123-e456.adobeaemcloud.com

            CONFIGURATION (highest first, setting by setting)
              1. options: --scheme --host --auth --username --password-stdin
                 --token-file --timeout
              2. environment: AEM_SCHEME AEM_HOST AEM_AUTH_TYPE AEM_USERNAME
                 AEM_PASSWORD AEM_TOKEN AEM_TIMEOUT
              3. the file named by --config, else ./Config.xcconfig when it
                 exists: the sample app's .xcconfig keys (Config.xcconfig.sample)
              4. defaults: scheme https; with no host set anywhere, the
                 built-in sample service, started in-process
            Passwords and tokens are never option values: use the environment,
            the file, --password-stdin or --token-file. `wknd config` shows the
            settings in effect and where each comes from.

            RESPONSE CACHE
              list and show keep AEM's answers (see `wknd cache --help`) and
              reuse them while AEM's Cache-Control says they are fresh; a
              stale answer is flagged with one line on stderr. --offline
              answers from the cache only, --refresh asks AEM again,
              --no-cache leaves the cache alone. The built-in sample service
              is never cached.

            OUTPUT
              Data goes to stdout; messages go to stderr. Colour only on a
              terminal, with TERM not "dumb" and NO_COLOR unset. --json output
              never has colour.

            EXIT CODES
            \(ExitStatus.helpText)

            SHELL COMPLETION AND MANUAL
              wknd --generate-completion-script zsh > ~/.zfunc/_wknd   (or bash, fish)
              man ./docs/wknd.1   (in the source tree)
            """,
        version: version,
        subcommands: [ListCommand.self, ShowCommand.self, DownloadCommand.self, ConfigCommand.self, ServeCommand.self,
                      CacheCommand.self]
    )
}
