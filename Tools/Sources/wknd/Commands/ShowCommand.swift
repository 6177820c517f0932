import AEMHeadless
import AEMHeadlessSync
import ArgumentParser
import Foundation
import WKNDCore
import WKNDSample

/// `wknd show <slug>`: one adventure with every field, as text or as one JSON object.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one adventure (persisted query wknd-shared/adventure-by-slug).",
        discussion: """
            Shows every field. The description and itinerary are laid out from
            their rich text; related adventures come from the _references.

            --json prints one object: the keys of `wknd list --json` plus
            adventureType, groupSize, difficulty, description, itinerary and
            gearList (each the object AEM sent, with plaintext, html and json,
            or null) and references: an array of objects with type (adventure,
            image, or AEM's type name), path, and for an adventure the keys of
            `wknd list --json`, for an image imageUrl, width, height, mimeType.

            No adventure with that slug: nothing on stdout, one line on
            stderr, exit code 66.

            --locale de-CH,de,en shows the adventure in the first locale of
            the chain that has it, and names that locale on stderr.

            --store DIR shows the adventure a `wknd sync DIR` mirrored, with no
            network; its image is the folder's file.

            EXAMPLES
              wknd show lofoten-winter-surf
              wknd show lofoten-winter-surf --store wknd-mirror    (after `wknd sync wknd-mirror`)
              wknd show lofoten-winter-surf --json | jq -r .description.plaintext
              wknd show dolomites-ski-safari --locale de-CH,de,en
            """
    )

    @Argument(help: "The adventure's slug, as `wknd list` shows it.")
    var slug: String

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var options: ServiceOptions

    @OptionGroup(title: "Response cache") var caching: CacheOptions

    @Option(
        help: ArgumentHelp("Answer from this synced folder (`wknd sync DIR`), with no network.", valueName: "dir"))
    var store: String?

    func run() async throws {
        if let store { return try await showMirrored(from: store) }
        try await CommandContext.run(options) { context in
            let locales = try context.configuration.resolved.locales()
            try await context.withAem(caching: caching) { aem, cache in
                let origin = aem.configuration.origin
                let detail: AdventureDetail
                if let locales {
                    let result = try await cache.value {
                        try await aem.adventure(slug: slug, locales: locales)
                    }
                    context.warnAboutErrors(in: result)
                    guard let found = result.data else {
                        throw Failure(
                            .notFound,
                            "No adventure has the slug \"\(slug)\" in \(locales) on \(origin); `wknd list --locale \(locales)` shows the slugs."
                        )
                    }
                    context.console.note("\(slug): \(found.locale) (asked for \(locales))")
                    detail = found.value
                } else {
                    let result = try await cache.value {
                        try await aem.execute(WKNDQueries.adventureBySlug(slug)).map { try $0.adventureDetail() }
                    }
                    context.warnAboutErrors(in: result)
                    guard let found = result.data else {
                        throw Failure(
                            .notFound,
                            "No adventure has the slug \"\(slug)\" on \(origin); `wknd list` shows the slugs.")
                    }
                    detail = found
                }
                try write(detail, images: ImageLocator(origin: origin))
            }
        }
    }

    /// `--store`: the mirrored adventure, its images the folder's files; others resolve against the configured
    /// service, if any.
    private func showMirrored(from folder: String) async throws {
        try await CommandContext.run(options) { context in
            let locales = try context.configuration.resolved.locales()
            let mirror = try StoreOptions.open(folder)
            let found: AdventureDetail?
            do {
                if let locales {
                    let localized = try mirror.adventure(slug: slug, locales: locales)
                    if let localized { context.console.note("\(slug): \(localized.locale) (asked for \(locales))") }
                    found = localized?.value
                } else {
                    found = try mirror.adventure(slug: slug)
                }
            } catch let error as SyncError {
                throw StoreOptions.failure(error)
            }
            guard let detail = found else {
                throw Failure(
                    .notFound,
                    "No adventure has the slug \"\(slug)\" in \(folder); `wknd list --store \(folder)` shows the slugs."
                )
            }
            var origin = try AemOrigin(scheme: .http, host: "localhost:4502")
            if case .configured(let configuration) = try context.configuration.resolved.service() {
                origin = configuration.origin
            }
            try write(detail, images: ImageLocator(origin: origin) { mirror.imageFile(for: $0) })
        }
    }

    private func write(_ detail: AdventureDetail, images: ImageLocator) throws {
        let terminal = Terminal.standardOutput
        let imageURL = detail.adventure.primaryImage.flatMap(images.url(for:))
        terminal.write(
            json
                ? try JSONOutput.text(JSONOutput.AdventureDocument(detail: detail, imageURL: imageURL, images: images))
                : AdventureTextRenderer(width: terminal.width, usesColor: terminal.usesColor, images: images)
                    .render(detail, imageURL: imageURL))
    }
}
