import AEMHeadless
import ArgumentParser
import Foundation
import WKNDCore

/// `wknd query <configuration>/<name>`: any persisted query, its `data` printed as JSON.
struct QueryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Run any persisted query and print its data as JSON.",
        discussion: """
            Prints the answer's data as JSON on stdout, members in the order AEM
            sent them and numbers as sent: indented on a terminal, compact
            otherwise, never coloured. Variables go into the URL through the same
            encoder as every other command (;name=value; with ; = / ? # % + &,
            spaces and non-ASCII percent-encoded).

            GraphQL errors are printed on stderr, one line each; any partial data
            is still printed on stdout, and the exit code is 76, also when AEM
            sends them with a 400 or 500 status (69 when AEM cannot be reached,
            the query does not exist, or the answer is not GraphQL).

            --all follows the query's paging and prints every item: for a
            …Paginated query it passes first/after and follows pageInfo until
            hasNextPage is false; for a list query with offset/limit it asks for
            limit + 1 items per page to see whether more follow. The style comes
            from the variables the stored query declares (or its name, when AEM
            does not list it); --paging chooses it. Items are printed as pages
            arrive: one array, or one item per line with --jsonl. A --var first,
            limit, after or offset sets the page size or where paging starts. If
            a page fails, the output stops there (an array is left unclosed) and
            the exit code says why.

            --raw prints the whole body as AEM sent it, whatever its status.

            --locale (or AEM_LOCALE) sets the variable locale to the first locale
            of the chain when the stored query declares $locale, for its _locale
            argument; a --var locale wins.

            A single answer goes through the response cache, as with list and
            show (see `wknd cache --help`); --raw and --all always ask AEM.

            EXAMPLES
              wknd query wknd-shared/adventures-all --var limit=3
              wknd query wknd-shared/adventure-by-slug --var slug=lofoten-winter-surf | jq .adventureList.items[0].title
              wknd query my-site/articles --var-json 'filter={"author":{"_expressions":[{"value":"Olsen"}]}}'
              wknd query wknd-shared/adventures-paginated --all --jsonl | wc -l
            """
    )

    @Argument(help: ArgumentHelp("The persisted query, as <configuration>/<name>.", valueName: "configuration/name"))
    var path: String

    @OptionGroup var variables: QueryVariableOptions

    @Flag(help: "Follow the paging and print every item.")
    var all = false

    @Flag(help: "With --all: one item per line (JSON Lines) instead of one array.")
    var jsonl = false

    @Option(
        help: ArgumentHelp(
            "With --all: items per request (1-1000; AEM allows up to 100 per …Paginated page).", valueName: "n"))
    var pageSize = 100

    @Option(
        help: ArgumentHelp(
            "With --all: how the query pages (\(PagingStyle.allCases.map(\.rawValue).joined(separator: ", "))); found from the stored query by default.",
            valueName: "style"))
    var paging: PagingStyle?

    @Flag(help: "Print the response body exactly as AEM sent it.")
    var raw = false

    @OptionGroup var options: ServiceOptions

    @OptionGroup(title: "Response cache") var caching: CacheOptions

    func validate() throws {
        guard QueryPath.isValid(path) else {
            throw ValidationError("Give the query as <configuration>/<name>, such as wknd-shared/adventures-all.")
        }
        if raw, all { throw ValidationError("--raw prints one answer as it came; it cannot be used with --all.") }
        if !all, jsonl || paging != nil { throw ValidationError("--jsonl and --paging go with --all.") }
        guard (1...1000).contains(pageSize) else { throw ValidationError("--page-size must be from 1 to 1000.") }
        if raw || all, caching.offline || caching.cachePolicy != nil {
            throw ValidationError(
                "--raw and --all always ask AEM; --offline and --cache-policy go with a single answer.")
        }
    }

    func run() async throws {
        var status = ExitStatus.success
        try await CommandContext.run(options) { context in
            let output = QueryOutput(console: context.console)
            let locales = try context.configuration.resolved.locales()
            var values = try variables.variables()
            status = try await context.withAem(caching: raw || all ? .none : caching) { aem, cache -> ExitStatus in
                do {
                    if let locale = locales?.first, values["locale"] == nil,
                        try await declaresLocale(aem, console: context.console)
                    {
                        values["locale"] = .string(locale.aemCode)
                    }
                    if all {
                        let pages = aem.pages(
                            of: PersistedQuery<UntypedJSON>(path, variables: values), style: paging, pageSize: pageSize)
                        let hadErrors = try await output.stream(pages, jsonl: jsonl)
                        return hadErrors ? .graphQLErrors : .success
                    }
                    let query = PersistedQuery<UntypedJSON>(path, variables: values)
                    if raw { return try await runRaw(aem, query: query, output: output) }
                    let result = try await cache.value {
                        try await aem.execute(query)
                    }
                    if let data = result.data { output.write(data) }
                    output.report(result.errors)
                    return result.errors.isEmpty ? .success : .graphQLErrors
                } catch let error as AemError where error.kind == .queryNotFound {
                    throw Failure.unknownQuery(error)
                } catch let error as AemError where error.kind == .httpStatus && !error.graphQLErrors.isEmpty {
                    // AEM set to answer errors with 400 or 500 (GraphQL over HTTP), or a broken stored query.
                    let status = error.status.map { " \($0)" } ?? ""
                    context.console.report(
                        Failure(.graphQLErrors, "AEM answered\(status) to \(path), with these GraphQL errors:"))
                    output.report(error.graphQLErrors)
                    return .graphQLErrors
                }
            }
        }
        if status != .success { throw ExitCode(status.rawValue) }
    }

    /// Whether the stored query declares `$locale`: from its text when the service lists it (saying so when it
    /// does not declare it), else assumed, as AEM ignores a variable the query does not declare.
    private func declaresLocale(_ aem: Aem, console: Console) async throws -> Bool {
        let entries: [PersistedQueryEntry]
        do {
            entries = try await aem.persistedQueries(configuration: String(path.prefix { $0 != "/" }))
        } catch is AemError {
            return true
        }
        guard let entry = entries.first(where: { $0.path == path }) else {
            throw AemError(
                .queryNotFound,
                "The persisted query \(path) does not exist on \(aem.configuration.origin). `wknd queries list` lists those that do."
            )
        }
        guard entry.text == nil || entry.variableNames.contains("locale") else {
            console.note("\(path) declares no $locale variable: --locale does not apply to it")
            return false
        }
        return true
    }

    /// One request, without the cache: the body on stdout as AEM sent it, the errors on stderr.
    private func runRaw(_ aem: Aem, query: PersistedQuery<UntypedJSON>, output: QueryOutput) async throws
        -> ExitStatus
    {
        let body = try await aem.rawResponse(query).body
        output.writeRaw(Array(body))
        let errors = (try? JSONDecoder().decode(ErrorsOnly.self, from: body))?.errors ?? []
        output.report(errors)
        return errors.isEmpty ? .success : .graphQLErrors
    }

    /// The `errors` of an answer, whatever else it holds.
    private struct ErrorsOnly: Decodable {
        var errors: [GraphQLError]?
    }
}

// The libraries' type, read from the command line by the tools' parser: both packages are this repository's.
// swift-format-ignore: AvoidRetroactiveConformances
extension PagingStyle: @retroactive ExpressibleByArgument {}
