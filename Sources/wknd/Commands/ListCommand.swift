import AEMHeadless
import ArgumentParser

/// `wknd list`: the adventures as a table, or as one JSON array.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List adventures (persisted query wknd-shared/adventures-all).",
        discussion: """
            The table shows title, slug, activity, price and trip length and
            fits the terminal. Prices have two decimals and comma-separated
            thousands on every machine (4,500.00); AEM stores no currency.

            --json prints one array; each element has slug, title, activity,
            price, tripLength, path (the fragment's _path) and imageUrl (the
            absolute image URL, or null).

            EXAMPLES
              wknd list
              wknd list --limit 5 --offset 10 --sort "price DESC"
              wknd list --json | jq -r '.[].slug'
            """
    )

    @Option(help: "The most adventures to list.")
    var limit: Int?

    @Option(help: "How many adventures to skip.")
    var offset: Int?

    @Option(help: ArgumentHelp("AEM's sort expression, such as \"title ASC\" or \"price DESC\".", valueName: "expr"))
    var sort: String?

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @OptionGroup var options: ServiceOptions

    @OptionGroup(title: "Response cache") var caching: CacheOptions

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more.") }
        if let offset, offset < 0 { throw ValidationError("--offset must be 0 or more.") }
    }

    func run() async throws {
        try await CommandContext.run(options) { context in
            try await context.withAem(caching: caching) { aem, cache in
                let result = try await cache.result { store, policy in
                    try await aem.adventures(offset: offset, limit: limit, sort: sort, cache: store, policy: policy)
                } uncached: {
                    try await aem.adventures(offset: offset, limit: limit, sort: sort)
                }
                let adventures = try context.data(of: result)
                Terminal.standardOutput.write(
                    try render(adventures, origin: aem.configuration.origin, context: context))
            }
        }
    }

    private func render(_ adventures: [Adventure], origin: AemOrigin, context: CommandContext) throws -> String {
        if json {
            return try JSONOutput.text(
                adventures.map {
                    JSONOutput.AdventureSummary(adventure: $0, imageURL: $0.primaryImage?.url(on: origin))
                })
        }
        guard !adventures.isEmpty else {
            context.console.note("no adventures")
            return ""
        }
        let terminal = Terminal.standardOutput
        let table = TableRenderer(
            columns: [
                .init(header: "TITLE", shrinkPriority: 3, minimumWidth: 12),
                .init(header: "SLUG"),
                .init(header: "ACTIVITY", shrinkPriority: 2),
                .init(header: "PRICE", alignment: .right),
                .init(header: "TRIP LENGTH", shrinkPriority: 1),
            ],
            width: terminal.width, usesColor: terminal.usesColor)
        return table.render(
            adventures.map {
                [$0.title, $0.slug, $0.activity, $0.price.map(PriceFormat.text), $0.tripLength].map { $0 ?? "—" }
            })
    }
}
