import AEMHeadless
import AEMHeadlessSync
import ArgumentParser
import WKNDCore

/// `wknd fragments list`: the fragments below a DAM folder, as a table or as AEM's JSON objects.
struct FragmentsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the content fragments below a DAM folder (GET /adobe/contentFragments).",
        discussion: """
            Lists every fragment below --path, sub-folders included (a fragment's
            own path lists that one fragment; no --path lists every fragment
            the service delivers), in pages of --limit. Without --all only the
            first page is shown, and a note on stderr says when more follow.

            The table shows title, model name, path and id and fits the
            terminal. --json prints one array of the fragment objects exactly as
            AEM sent them (id, path, title, description, model, fields);
            --jsonl prints one object per line. With --all every page is
            followed and printed as it arrives.

            --locale de lists the same folder in the German language copy
            (…/en/adventures becomes …/de/adventures; a site folder such as
            /content/dam/wknd-shared becomes …/wknd-shared/de); with a chain,
            the first locale's. Without --path, each site's German copy (the
            fragments in a folder named de, de_ch, … below /content/dam).

            --store DIR lists what a `wknd sync DIR` mirrored, with no network, in
            the same formats: fragments of the delivery API (--fragments) as AEM
            sent them, a query's items (--query) and adventures as they are
            stored, with the model the sync recorded: every fragment below --path
            (or all), --model only one model's, --where a condition on their
            fields (price<500, author.lastName=Olsen), --search words in their
            titles and rich text (best match first), --sort their order
            (price DESC, title); --limit is then the most to list, --all lists
            every one.

            EXAMPLES
              wknd fragments list --path /content/dam/wknd-shared/en/adventures
              wknd fragments list --store mirror --model adventure --where "price<1000" --sort "price DESC"
              wknd fragments list --path /content/dam/wknd-shared --locale de
              wknd fragments list --all --jsonl | jq -r '.fields.slug // empty'
              wknd fragments list --path /content/dam/wknd-shared/en --limit 10 --json
            """
    )

    @Option(
        help: ArgumentHelp(
            "The DAM folder (or fragment) to list below, such as /content/dam/wknd-shared/en.", valueName: "path"))
    var path: String?

    @Option(help: ArgumentHelp("Fragments per page (1-50).", valueName: "n"))
    var limit = 50

    @Flag(help: "Follow every page instead of showing the first.")
    var all = false

    @Flag(help: "Print one JSON array of the fragment objects instead of a table.")
    var json = false

    @Flag(help: "Print one fragment object per line (JSON Lines) instead of a table.")
    var jsonl = false

    @OptionGroup var options: ServiceOptions

    @OptionGroup(title: "Response cache") var caching: CacheOptions

    @OptionGroup(title: "Offline, from a synced folder") var mirror: StoreOptions

    @Option(help: ArgumentHelp("With --store: only fragments of this model, such as adventure.", valueName: "name"))
    var model: String?

    @Option(help: ArgumentHelp("With --store: the order, such as \"price DESC, title\".", valueName: "keys"))
    var sort: String?

    func validate() throws {
        if let path, let error = ValidationError.damPath(path) { throw error }
        guard (try? DeliveryRequest.fragmentPage(pageSize: limit)) != nil else {
            throw ValidationError("--limit must be from 1 to 50.")
        }
        if json, jsonl { throw ValidationError("Give either --json or --jsonl, not both.") }
        if mirror.store == nil, model != nil || sort != nil {
            throw ValidationError("--model and --sort read a synced folder: give it with --store DIR.")
        }
    }

    func run() async throws {
        if mirror.store != nil { return try await listMirrored() }
        try await CommandContext.run(options) { context in
            let (path, locale) = try languageCopy(context: context)
            try await context.withAem(caching: caching) { aem, cache in
                let pages = try aem.fragments(under: path, pageSize: limit)
                if json || jsonl {
                    var output = JSONItemStream(jsonLines: jsonl)
                    output.begin()
                    try await forEachPage(of: pages, in: locale, cache: cache, context: context) {
                        output.write($0.map(\.json))
                    }
                    output.end()
                } else {
                    var rows: [[String]] = []
                    try await forEachPage(of: pages, in: locale, cache: cache, context: context) {
                        rows += $0.map { [$0.title, $0.model.name, $0.path, $0.id] }
                    }
                    render(rows, context: context)
                }
            }
        }
    }

    /// `--store`: the mirrored fragments the options select, from a mirror of any kind: a delivery-API mirror's as
    /// the service's would be shown, a query mirror's items and an adventure mirror's adventures as they are stored.
    private func listMirrored() async throws {
        try await CommandContext.run(options) { context in
            let (folder, locale) = try languageCopy(context: context)
            var stored = try mirror.read { store in
                try store.fragments(
                    matching: try mirror.query(
                        model: model, folder: folder, sort: sort, limit: all || locale != nil ? nil : limit,
                        offset: nil))
            }
            if let locale {
                stored.removeAll { ContentLocale(ofPath: $0.path) != locale }
                if !all { stored = Array(stored.prefix(limit)) }
            }
            // Each stored fragment with its JSON, kept together so that one that does not parse leaves no gap.
            let listed = stored.compactMap { fragment in
                (try? UntypedJSON(parsing: fragment.json)).map { (fragment, $0) }
            }
            if listed.count < stored.count, let store = mirror.store {
                let count = stored.count - listed.count
                context.console.warning(
                    "\(count) stored fragment\(count == 1 ? " is" : "s are") damaged (the JSON does not read) and "
                        + "left out; `wknd sync \(store) --revalidate-all` (with the folder's --query or --fragments) fetches "
                        + "\(count == 1 ? "it" : "them") again")
            }
            if json || jsonl {
                var output = JSONItemStream(jsonLines: jsonl)
                output.begin()
                output.write(listed.map(\.1))
                output.end()
            } else {
                render(listed.map { Self.row(of: $0, json: $1) }, context: context)
            }
        }
    }

    /// A mirrored fragment's row: a delivery-API fragment's title, model, path and id; for any other (a query's item,
    /// an adventure), its `title` member (an adventure's item's), the model the store recorded, and its path.
    private static func row(of stored: StoredFragment, json: UntypedJSON) -> [String] {
        if let fragment = try? DeliveredFragment(json) {
            return [fragment.title, fragment.model.name, fragment.path, fragment.id]
        }
        let title = json["title"]?.stringValue ?? json["item"]?["title"]?.stringValue ?? ""
        return [title, stored.model ?? "—", stored.path, "—"]
    }

    /// The folder to list: `--path` in the language copy of the first locale asked for, if any. Without `--path`, no
    /// folder and that locale, whose fragments are the ones listed (each site's language copy).
    private func languageCopy(context: CommandContext) throws -> (folder: String?, locale: ContentLocale?) {
        guard let locales = try context.configuration.resolved.locales() else { return (path, nil) }
        if locales.locales.count > 1 {
            context.console.note("listing the \(locales.first) language copy of \(locales)")
        }
        guard let path else { return (nil, locales.first) }
        return (locales.first.languageCopyFolder(of: path), nil)
    }

    /// Hands `show` the fragments of each page to list, those of `locale`'s language copy when one is asked for.
    /// Without --all the first page with any ends the list, with a note when more follow.
    private func forEachPage(
        of pages: FragmentPages, in locale: ContentLocale?, cache: CommandCache, context: CommandContext,
        _ show: ([DeliveredFragment]) -> Void
    ) async throws {
        for try await fetched in pages {
            let page = cache.noted(fetched)
            let items =
                locale.map { locale in page.items.filter { ContentLocale(ofPath: $0.path) == locale } }
                ?? page.items
            guard !items.isEmpty else { continue }
            show(items)
            if !all, page.cursor != nil {
                context.console.note("more fragments follow; --all lists them all")
                return
            }
        }
    }

    /// Rows of title, model, path and id as a table that fits the terminal; a note when there are none.
    private func render(_ rows: [[String]], context: CommandContext) {
        guard !rows.isEmpty else {
            context.console.note("no fragments" + (path.map { " below \($0)" } ?? ""))
            return
        }
        let terminal = Terminal.standardOutput
        let table = TableRenderer(
            columns: [
                .init(header: "TITLE", shrinkPriority: 2, minimumWidth: 12),
                .init(header: "MODEL", shrinkPriority: 1),
                .init(header: "PATH", shrinkPriority: 3, minimumWidth: 24, keepsEnd: true),
                .init(header: "ID", shrinkPriority: 4),
            ],
            width: terminal.width, usesColor: terminal.usesColor)
        terminal.write(
            table.render(rows.map { row in [row[0].isEmpty ? "—" : TextLayout.singleLine(row[0])] + row.dropFirst() }))
    }
}
