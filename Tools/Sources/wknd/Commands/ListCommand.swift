import AEMHeadless
import ArgumentParser
import Foundation
import WKNDCore
import WKNDSample

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
            price, tripLength, path (the fragment's _path), imageUrl (the
            absolute image URL, or null) and locale (the language copy the
            adventure is in, such as de, or null).

            --locale lists one language copy with the persisted query
            wknd-shared/adventures-by-locale (Adobe's tutorial names it so); a
            chain such as de-CH,de,en lists every adventure once, in the first
            locale that has it, with a LOCALE column.

            --store DIR lists the adventures a `wknd sync DIR` mirrored, with no
            network, in the same formats; --sort takes members of the stored
            adventures (price DESC, title), --where a condition on them, and
            --search words in their titles and rich text (best match first).
            A mirror of other items (`wknd sync DIR --query` of articles, or
            --fragments) is listed by `wknd fragments list --store DIR`.

            EXAMPLES
              wknd list
              wknd list --limit 5 --offset 10 --sort "price DESC"
              wknd list --locale de
              wknd list --locale de-CH,de,en
              wknd list --json | jq -r '.[].slug'
              wknd list --store wknd-mirror --where 'price<1000' --sort 'price DESC'
              wknd list --store wknd-mirror --search surf
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

    @Flag(
        help:
            "Keep running: read AEM's content events and print the list again each time a change alters it (Ctrl-C stops)."
    )
    var follow = false

    @Option(
        help: ArgumentHelp(
            "With --follow: the Adobe I/O Events journal's URL (default: AEM_EVENTS_URL or the profile's eventsUrl, else a `wknd serve` emulator's).",
            valueName: "url"))
    var eventsUrl: String?

    @OptionGroup var options: ServiceOptions

    @OptionGroup(title: "Response cache") var caching: CacheOptions

    @OptionGroup(title: "Offline, from a synced folder") var mirror: StoreOptions

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more.") }
        if let offset, offset < 0 { throw ValidationError("--offset must be 0 or more.") }
        if follow, mirror.store != nil {
            throw ValidationError("--follow follows the service; a mirror follows it with `wknd sync DIR --follow`.")
        }
        if eventsUrl != nil, !follow { throw ValidationError("--events-url goes with --follow.") }
    }

    func run() async throws {
        if mirror.store != nil { return try await listMirrored() }
        try await CommandContext.run(options) { context in
            let locales = try context.configuration.resolved.locales()
            try await context.withAem(caching: caching) { aem, cache in
                var shown = try await text(aem: aem, cache: cache, locales: locales, context: context)
                Terminal.standardOutput.write(shown)
                guard follow else { return }
                let settings = context.configuration.resolved
                let journal = try EventJournalLocation.url(
                    given: eventsUrl, configured: settings.setting(.eventsURL).value, aem: aem)
                let since = try await EventJournalReader(aem: aem, journal: journal).latestPosition()
                context.console.note("following \(journal.absoluteString); Ctrl-C stops")
                let reader = EventJournalReader(
                    aem: aem, journal: journal, since: since, apiKey: settings.setting(.clientID).value,
                    organization: ProcessInfo.processInfo.environment["AEM_IMS_ORG"])
                do {
                    for try await batch in reader.batches() {
                        let changes = batch.events.compactMap(ContentChange.init)
                        guard !changes.isEmpty else { continue }
                        await aem.invalidateCache(for: changes)
                        let next = try await text(aem: aem, cache: cache, locales: locales, context: context)
                        guard next != shown else { continue }
                        let what = batch.events.map { "\($0.type.split(separator: ".").last ?? "") \($0.path ?? "")" }
                        context.console.note("changed: " + what.joined(separator: ", "))
                        Terminal.standardOutput.write(next)
                        shown = next
                    }
                } catch is CancellationError {}
            }
        }
    }

    /// The list as text (or JSON), read through the cache.
    private func text(aem: Aem, cache: CommandCache, locales: LocaleChain?, context: CommandContext) async throws
        -> String
    {
        let adventures: [Adventure]
        if let locales, locales.locales.count > 1 {
            adventures = try await merged(locales, aem: aem, cache: cache, context: context)
        } else if let locale = locales?.first {
            let result = try await WKNDQueries.byLocale {
                try await cache.value {
                    try await aem.execute(
                        WKNDQueries.adventures(locale: locale, offset: offset, limit: limit, sort: sort)
                    ).map(\.adventures)
                }
            }
            adventures = try context.data(of: result)
        } else {
            let result = try await cache.value {
                try await aem.execute(WKNDQueries.adventures(offset: offset, limit: limit, sort: sort))
                    .map(\.adventures)
            }
            adventures = try context.data(of: result)
        }
        let origin = aem.configuration.origin
        return try render(adventures, showsLocale: locales != nil, context: context) {
            $0.primaryImage?.url(on: origin)
        }
    }

    /// `--store`: the mirrored adventures `--search`, `--where` and `--sort` select; with a locale chain, each
    /// adventure once in the first locale that has it.
    private func listMirrored() async throws {
        try await CommandContext.run(options) { context in
            let locales = try context.configuration.resolved.locales()
            let (adventures, files) = try mirror.read { store in
                let adventures: [Adventure]
                if let locales, locales.locales.count > 1 {
                    let lists = try locales.locales.map { locale in
                        try store.adventures(
                            matching: try mirror.query(locale: locale, sort: sort, limit: nil, offset: nil))
                    }
                    adventures = locales.merged(lists) { $0.path ?? "" }.dropFirst(offset ?? 0)
                        .prefix(limit ?? Int.max).map(\.value)
                } else {
                    let query = try mirror.query(locale: locales?.first, sort: sort, limit: limit, offset: offset)
                    adventures = try store.adventures(matching: query)
                }
                // The local files of the images, in place of their URLs.
                return (adventures, adventures.map { $0.primaryImage.flatMap(store.imageFile(for:)) })
            }
            if !adventures.isEmpty, adventures.allSatisfy(\.hasNoAdventureFields), let folder = mirror.store {
                context.console.note(
                    "no item in \(folder) has an adventure's activity, type, price or trip length (a mirror of "
                        + "another model, or of a query that does not select them); "
                        + "`wknd fragments list --store \(folder)` lists them as they are stored")
            }
            var fileOf: [String: URL] = [:]
            for (adventure, file) in zip(adventures, files) { fileOf[adventure.path ?? ""] = file }
            Terminal.standardOutput.write(
                try render(adventures, showsLocale: locales != nil, context: context) { fileOf[$0.path ?? ""] })
        }
    }

    /// Every adventure once, in the first locale of `locales` that has it, with `--offset` and `--limit`
    /// applied to the merged list.
    private func merged(_ locales: LocaleChain, aem: Aem, cache: CommandCache, context: CommandContext)
        async throws -> [Adventure]
    {
        let result = try await cache.value {
            try await aem.allAdventures(locales: locales, sort: sort)
        }
        let all = try context.data(of: result)
        return all.dropFirst(offset ?? 0).prefix(limit ?? Int.max).map(\.value)
    }

    /// The table, or the JSON with `imageURL` of each adventure (its URL, or a mirror's local file).
    private func render(
        _ adventures: [Adventure], showsLocale: Bool, context: CommandContext, imageURL: (Adventure) -> URL?
    ) throws -> String {
        if json {
            return try JSONOutput.text(
                adventures.map { JSONOutput.AdventureSummary(adventure: $0, imageURL: imageURL($0)) })
        }
        guard !adventures.isEmpty else {
            context.console.note("no adventures")
            return ""
        }
        let terminal = Terminal.standardOutput
        var columns: [TableRenderer.Column] = [
            .init(header: "TITLE", shrinkPriority: 3, minimumWidth: 12),
            .init(header: "SLUG"),
            .init(header: "ACTIVITY", shrinkPriority: 2),
            .init(header: "PRICE", alignment: .right),
            .init(header: "TRIP LENGTH", shrinkPriority: 1),
        ]
        if showsLocale { columns.append(.init(header: "LOCALE")) }
        let table = TableRenderer(columns: columns, width: terminal.width, usesColor: terminal.usesColor)
        return table.render(
            adventures.map { adventure in
                var cells = [
                    adventure.title, adventure.slug, adventure.activity, adventure.price.map(PriceFormat.text),
                    adventure.tripLength,
                ]
                if showsLocale { cells.append(adventure.locale?.identifier) }
                return cells.map { $0 ?? "—" }
            })
    }
}

extension Adventure {
    /// Whether none of the fields only an adventure has is set: an item of another model read as an adventure.
    fileprivate var hasNoAdventureFields: Bool {
        activity == nil && adventureType == nil && price == nil && tripLength == nil
    }
}
