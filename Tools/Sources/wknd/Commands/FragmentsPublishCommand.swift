import AEMHeadless
import AEMHeadlessAuthoring
import ArgumentParser
import WKNDCore

/// `wknd fragments publish` and `unpublish`: fragments to the publish service or off it, several at once.
struct FragmentsPublishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Publish content fragments (POST /adobe/sites/cf/fragments/publish).",
        discussion: """
            Asks author to publish each fragment given (by path or id) and prints
            what it did with each: TRIGGERED when its job started, or why not
            (exit 66 when one is not found). A publish is a job: --wait returns
            only once the publish service serves each fragment as it is on author
            now (up to --wait-timeout seconds). --references publishes the
            fragments they reference that are not published as they are (new,
            draft, modified or unpublished) along with them.

            EXAMPLES
              wknd fragments publish /content/dam/wknd-shared/en/adventures/fjord-kayak-week --wait
              wknd fragments publish <id> <id> --references
            """
    )

    @Argument(help: ArgumentHelp("The fragments' paths under /content/dam/, or their ids.", valueName: "id-or-path"))
    var fragments: [String]

    @Flag(help: "Publish the fragments they reference that are new, draft, modified or unpublished too.")
    var references = false

    @OptionGroup var waiting: PublicationOptions

    @OptionGroup var options: ServiceOptions

    func validate() throws {
        try PublicationRun.validate(fragments)
    }

    func run() async throws {
        try await PublicationRun(fragments: fragments, unpublish: false, references: references, waiting: waiting)
            .run(options)
    }
}

/// `wknd fragments unpublish`.
struct FragmentsUnpublishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unpublish",
        abstract: "Unpublish content fragments: the publish service stops serving them.",
        discussion: """
            Asks author to take each fragment given (by path or id) off publish
            and prints what it did with each. They stay on author, UNPUBLISHED.
            --wait returns once publish no longer serves them.

            EXAMPLES
              wknd fragments unpublish /content/dam/wknd-shared/en/adventures/fjord-kayak-week --wait
            """
    )

    @Argument(help: ArgumentHelp("The fragments' paths under /content/dam/, or their ids.", valueName: "id-or-path"))
    var fragments: [String]

    @OptionGroup var waiting: PublicationOptions

    @OptionGroup var options: ServiceOptions

    func validate() throws {
        try PublicationRun.validate(fragments)
    }

    func run() async throws {
        try await PublicationRun(fragments: fragments, unpublish: true, references: false, waiting: waiting)
            .run(options)
    }
}

/// How long `publish` and `unpublish` wait.
struct PublicationOptions: ParsableArguments {
    @Flag(help: "Return only once the publish service serves the change.")
    var wait = false

    @Option(help: ArgumentHelp("How long --wait waits, in seconds.", valueName: "seconds"))
    var waitTimeout: Double = 60
}

/// One publish or unpublish, as both commands run it.
struct PublicationRun {
    var fragments: [String]
    var unpublish: Bool
    var references: Bool
    var waiting: PublicationOptions

    static func validate(_ fragments: [String]) throws {
        if fragments.isEmpty { throw ValidationError("Give the fragments' paths or ids.") }
        for fragment in fragments where fragment.hasPrefix("/") {
            if let error = ValidationError.damPath(fragment) { throw error }
        }
    }

    func run(_ options: ServiceOptions) async throws {
        try await CommandContext.run(options) { context in
            try await context.withAuthoring { services in
                var paths: [String] = []
                var ids: [String: String] = [:]
                for fragment in fragments {
                    if fragment.hasPrefix("/") {
                        paths.append(fragment)
                    } else {
                        let read = try await services.author.send(.fragment(id: fragment))
                        paths.append(read.path)
                        ids[read.path] = read.id
                    }
                }
                let statuses: [FragmentStatus] = references ? [.new, .draft, .modified, .unpublished] : []
                let outcome = try await services.author.send(
                    unpublish ? .unpublish(paths: paths) : .publish(paths: paths, filterReferencesByStatus: statuses))
                let action = unpublish ? "unpublish" : "publish"
                for item in outcome.items {
                    Terminal.standardOutput.write(
                        "\(item.status.isTriggered ? action : "failed") \(item.path) (\(item.status))\n")
                    if let id = item.id { ids[item.path] = id }
                }
                if waiting.wait {
                    let wait = PublicationWait(
                        services: services, limit: .milliseconds(Int(waiting.waitTimeout * 1000)))
                    for item in outcome.items where item.status.isTriggered {
                        let id: String
                        if let known = ids[item.path] {
                            id = known
                        } else {
                            guard let read = try await services.author.send(.fragment(path: item.path)) else {
                                continue
                            }
                            id = read.id
                        }
                        try await wait.wait(forFragment: id, path: item.path, unpublished: unpublish)
                        context.console.note(
                            "publish serves \(item.path) as \(unpublish ? "unpublished" : "published")")
                    }
                }
                if let failed = outcome.failures.first {
                    throw Failure(
                        failed.status == .notFound ? .notFound : .unavailable,
                        "AEM did not \(action) \(outcome.failures.map(\.path).joined(separator: ", ")) (\(failed.status))."
                    )
                }
            }
        }
    }
}
