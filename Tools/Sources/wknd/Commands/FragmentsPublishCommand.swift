import AEMHeadless
import AEMHeadlessAuthoring
import ArgumentParser
import WKNDCore

/// `wknd fragments publish` and `unpublish`: fragments to the publish (or preview) service or off it, several at
/// once.
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

            --to preview publishes to the preview service instead, for a review
            before the content goes live: the fragments' status, which tracks
            publish only, does not change. --wait then waits for preview
            (AEM_PREVIEW_HOST, or the host AEM_PROGRAM and AEM_ENVIRONMENT make;
            the built-in sample's preview when no host is set), and
            `wknd show <slug> --preview` reads it.

            EXAMPLES
              wknd fragments publish /content/dam/wknd-shared/en/adventures/fjord-kayak-week --wait
              wknd fragments publish <id> <id> --references
              wknd fragments publish <id> --to preview --wait
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

/// The services `--to` names.
enum PublicationTarget: String, CaseIterable, ExpressibleByArgument {
    case publish
    case preview

    var destination: PublishDestination {
        switch self {
        case .publish: .publish
        case .preview: .preview
        }
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
            --wait returns once publish no longer serves them. --to preview takes
            them off the preview service instead, and leaves their status alone.

            EXAMPLES
              wknd fragments unpublish /content/dam/wknd-shared/en/adventures/fjord-kayak-week --wait
              wknd fragments unpublish <id> --to preview
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

/// Where `publish` and `unpublish` go, and how long they wait.
struct PublicationOptions: ParsableArguments {
    @Option(help: "The service to publish to or unpublish from.")
    var to: PublicationTarget = .publish

    @Flag(help: "Return only once that service serves the change.")
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
                let destination = waiting.to.destination
                let served = destination == .preview ? services.preview : services.publish
                guard served != nil || !waiting.wait else {
                    throw Failure(
                        .configuration,
                        "--wait needs the preview service's host: set AEM_PREVIEW_HOST (or --preview-host, or AEM_PROGRAM and AEM_ENVIRONMENT), or leave out --wait. Nothing was published."
                    )
                }
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
                    unpublish
                        ? .unpublish(paths: paths, from: destination)
                        : .publish(paths: paths, filterReferencesByStatus: statuses, to: destination))
                let action = unpublish ? "unpublish" : "publish"
                for item in outcome.items {
                    Terminal.standardOutput.write(
                        "\(item.status.isTriggered ? action : "failed") \(item.path) (\(item.status))\n")
                    if let id = item.id { ids[item.path] = id }
                }
                if waiting.wait, let served {
                    let wait = PublicationWait(
                        author: services.author, served: served, destination: destination,
                        limit: .milliseconds(Int(waiting.waitTimeout * 1000)))
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
                            "\(waiting.to.rawValue) serves \(item.path) as \(unpublish ? "unpublished" : "published")")
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
