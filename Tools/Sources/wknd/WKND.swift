import AEMHeadless
import ArgumentParser
import WKNDCore

/// The `wknd` command: WKND adventures from an AEM service's persisted queries.
@main
struct WKND: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wknd",
        abstract: "Read WKND adventures from Adobe Experience Manager (AEM) headless persisted queries.",
        usage: """
            wknd list [--limit <n>] [--offset <n>] [--sort <expr>] [--json] [--offline | --refresh | --no-cache]
            wknd show <slug> [--json] [--offline | --refresh | --no-cache]
            wknd download (<slug>... | --all | --query <conf>/<name> [--var <name=value>]... [--all]) [--output <dir>] [--concurrency <n>] [--width <px>] [--quality <1-100>] [--format <f>] [--force]
            wknd query <conf>/<name> [--var <name=value>]... [--var-json <name=JSON>]... [--all [--jsonl]] [--raw]
            wknd fragments list | get | create | edit | set | delete | publish | unpublish | versions | restore
            wknd models list | show <model>
            wknd queries list [<conf>] | show <conf>/<name> | persist <conf>/<name> <file> [--update]
            wknd sync <dir> [--query <conf>/<name> [--var <name=value>]... [--paging <style>]] [--page-size <n>] [--concurrency <n>] [--revalidate-all] [--wait] [--json]
            wknd cache stats | clear | path
            wknd config
            wknd auth status|token|logout
            wknd mcp [--store <dir>]
            wknd serve [--port <n>] [--author-port <n>] [--preview-port <n>] [--bind <address>] [--content <jcr_root> [--watch]] [--state <dir> | --no-state] [--reset] [--publish-lag <s>]
            wknd codegen [<conf>/<name>...] --output <dir> [--configuration <conf>] [--access <level>] [--schema <file>] [--query-file <file> --name <conf>/<name>]
            """,
        discussion: """
            EXAMPLES
              wknd list                       (the built-in sample service)
              wknd show lofoten-winter-surf --json | jq .title
              wknd query wknd-shared/adventures-paginated --all --jsonl   (any query)
              AEM_HOST=publish-p123-e456.adobeaemcloud.com wknd list --limit 5
                                              (your AEM publish service)
              wknd list --auth token --token-file ~/.aem-token \\
                        --host author-p123-e456.adobeaemcloud.com
                                              (your author service and a token)
              P=/content/dam/wknd-shared/en/adventures/lofoten-winter-surf/lofoten-winter-surf
              wknd fragments set $P tripLength="6 days" && wknd fragments publish $P
                                              (write on author and publish: the
                                              sample's, or AEM_AUTHOR_HOST's)

            CONFIGURATION (highest first, setting by setting)
              1. options: --scheme --host --author-host --preview-host --program
                 --environment --tier --auth --username --password-stdin
                 --token-file --service-credentials --client-id
                 --client-secret-file --scopes --ims-url --timeout
              2. environment: AEM_SCHEME AEM_HOST AEM_AUTHOR_HOST AEM_PREVIEW_HOST
                 AEM_PROGRAM AEM_ENVIRONMENT AEM_TIER AEM_AUTH_TYPE AEM_USERNAME
                 AEM_PASSWORD AEM_TOKEN AEM_TOKEN_FILE AEM_SERVICE_CREDENTIALS
                 AEM_CLIENT_ID AEM_CLIENT_SECRET AEM_SCOPES AEM_IMS_URL AEM_TIMEOUT
              3. the profile named by --profile or AEM_PROFILE, in the JSON file
                 $AEM_PROFILES_FILE, else ~/.config/wknd/profiles.json
              4. the file named by --config, else ./Config.xcconfig when it
                 exists: the sample app's .xcconfig keys (Config.xcconfig.sample)
              5. defaults: scheme https, tier publish; with no host set anywhere,
                 the built-in sample service, started in the background
            --program and --environment make the host
            <tier>-p<program>-e<environment>.adobeaemcloud.com, and the author and
            preview hosts (author-p…, preview-p…) that writing, --draft and
            --preview use. Passwords, tokens and client secrets are never option
            values: use the environment, a file, --password-stdin, --token-file or
            --client-secret-file.
            `wknd config` shows the settings in effect and where each comes from.

            SIGNING IN TO AEM AS A CLOUD SERVICE
              --token-file       a raw token or a local development token JSON;
                                 an expired one is refused before any request
              --service-credentials  the Developer Console's JSON, exchanged at
                                 IMS for tokens that are cached and renewed
              --client-id (with AEM_CLIENT_SECRET) --scopes  OAuth
                                 server-to-server, exchanged at IMS
              wknd auth status | token | logout

            RESPONSE CACHE
              list, show and query keep AEM's answers (see `wknd cache
              --help`) and reuse them while AEM's Cache-Control says they are
              fresh; a stale answer is flagged with one line on stderr. --offline
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
        version: ToolIdentity.version,
        subcommands: [
            ListCommand.self, ShowCommand.self, FragmentsCommand.self, ModelsCommand.self, DownloadCommand.self,
            AssetsCommand.self,
            QueryCommand.self,
            QueriesCommand.self, SchemaCommand.self,
            SyncCommand.self, CodegenCommand.self, ConfigCommand.self, AuthCommand.self, CacheCommand.self,
            ServeCommand.self, MCPCommand.self,
        ]
    )

    /// Starts the warm-up for the command in the arguments, then parses them and runs it.
    static func main() async {
        StartupWarmup.start(arguments: Array(CommandLine.arguments.dropFirst()), environment: Environment.current)
        await main(nil)
        await StartupWarmup.shutDownUnused()
    }
}
