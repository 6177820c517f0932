import AEMEmulator
import CompanionLaunch
import Foundation

/// `wknd-serve`: the AEM emulator as a program of its own, run by `wknd serve` and, with no AEM
/// configured, by `wknd` for the built-in sample. It reads a `EmulatorLaunch` as JSON on standard
/// input, prints the publish origin's URL, then the author origin's and the preview origin's, one a line, on standard
/// output, and runs until SIGINT or SIGTERM.
@main
enum WKNDServe {
    /// The exit statuses, as `wknd` uses them.
    private enum Status: Int32 {
        case usage = 64
        case unavailable = 69
        case internalError = 70
        case configuration = 78
    }

    private struct Failure: Error {
        var status: Status
        var message: String
    }

    static func main() async {
        do {
            try await serve(try readLaunch())
        } catch let failure as Failure {
            say("error: " + failure.message)
            exit(failure.status.rawValue)
        } catch {
            say("error: \(error)")
            exit(Status.internalError.rawValue)
        }
    }

    private static func readLaunch() throws -> EmulatorLaunch {
        let input = FileHandle.standardInput.readDataToEndOfFile()
        guard let launch = try? JSONDecoder().decode(EmulatorLaunch.self, from: input) else {
            throw Failure(
                status: .usage,
                message:
                    "\(EmulatorLaunch.programName) is started by `wknd serve`, which gives it its settings on standard input; run `wknd serve --help`."
            )
        }
        return launch
    }

    private static func serve(_ launch: EmulatorLaunch) async throws {
        let (content, name) = try loadContent(launch.contentPath)
        let talks = launch.talks
        let authorLog = try openState(launch)
        var options = EmulatorOptions(
            dynamicURLs: launch.dynamicURLs,
            authentication: launch.credentials.map(emulatorAuthentication),
            authorAuthentication: .basic(username: "admin", password: "admin"),
            authorLog: authorLog,
            content: content,
            allowsAdHocQueries: launch.allowsAdHocQueries,
            live: EmulatorLiveContent(
                publishLag: .milliseconds(Int(max(0, launch.publishLag ?? 0) * 1000))),
            cdn: launch.cdn == true ? EmulatorCDN(purgeKey: launch.purgeKey) : nil)
        if talks {
            options.requestLog = { record in
                let milliseconds = record.duration / .milliseconds(1)
                say(
                    "\(record.method) \(record.target) \(record.status) \(String(format: "%.1f", milliseconds)) ms"
                        + (record.cache.map { " " + $0 } ?? ""))
            }
        }
        let authentication = options.authentication.map { "\($0)" } ?? "none"
        let watcher =
            launch.watch == true ? launch.contentPath.map { PackageWatcher(jcrRoot: URL(fileURLWithPath: $0)) } : nil
        let live = options.live
        // The address is printed once the watcher knows the package, so that an edit saved after it is served.
        let (watchingStarted, started) = AsyncStream<Never>.makeStream()
        let watching = Task {
            defer { started.finish() }
            guard let watcher else { return }
            await watcher.run(live, serving: content, watching: { started.finish() }) { outcome in
                switch outcome {
                case .reloaded(let events):
                    let counts = Dictionary(grouping: events, by: \.type).map {
                        let noun = $0.key.hasPrefix("aem.assets.") ? "asset " : ""
                        return "\($0.value.count) \(noun)\($0.key.split(separator: ".").last ?? "")"
                    }.sorted()
                    say(
                        "reloaded \(watcher.jcrRoot.path)"
                            + (counts.isEmpty ? ": nothing changed" : ": " + counts.joined(separator: ", ")))
                case .failed(let error):
                    say("the package no longer loads, still serving the last good content: \(error)")
                }
            }
        }
        defer { watching.cancel() }
        for await _ in watchingStarted {}
        do {
            try await Emulator.serve(
                options: options, host: launch.host, port: launch.port, authorPort: launch.authorPort,
                previewPort: launch.previewPort
            ) { origins in
                let lines = [origins.publish, origins.author, origins.preview].map { $0.absoluteString + "\n" }
                FileHandle.standardOutput.write(Data(lines.joined().utf8))
                if let folder = authorLog?.folder {
                    EmulatorServing(
                        publish: origins.publish, author: origins.author, preview: origins.preview,
                        shared: launch.credentials == nil
                    ).write(into: folder)
                }
                guard talks else { return }
                say("serving \(name); Ctrl-C stops")
                say("publish: \(origins.publish.absoluteString) (authentication \(authentication))")
                say(
                    "author:  \(origins.author.absoluteString) (Sites API at /adobe/sites; sign in as admin/admin, as on the AEM SDK's author)"
                )
                say(
                    "preview: \(origins.preview.absoluteString) (what was published to preview: publish with agentId preview, or wknd fragments publish --to preview)"
                )
                if launch.cdn == true {
                    say(
                        "publish answers through a CDN as AEM's: answers kept for s-maxage, stale while revalidated, Age and X-Cache; "
                            + (launch.purgeKey == nil
                                ? "PURGE is refused (set AEM_PURGE_KEY to allow it)"
                                : "PURGE with X-AEM-Purge-Key: $AEM_PURGE_KEY"))
                }
                if let folder = authorLog?.folder.path {
                    say("author writes are kept in \(folder) (--reset starts afresh)")
                }
                if let reason = Emulator.imageRenderingUnavailableReason {
                    say("images are sent as stored, not resized or converted: \(reason)")
                }
                let host = origins.publish.absoluteString.replacingOccurrences(of: "http://", with: "")
                let authorHost = origins.author.absoluteString.replacingOccurrences(of: "http://", with: "")
                let previewHost = origins.preview.absoluteString.replacingOccurrences(of: "http://", with: "")
                say(
                    "use it with: AEM_SCHEME=http AEM_HOST=\(host) AEM_AUTHOR_HOST=\(authorHost) "
                        + "AEM_PREVIEW_HOST=\(previewHost) wknd list")
                say(
                    "content events: \(origins.publish.absoluteString)\(EventJournal.path)"
                        + (watcher == nil ? "" : " (watching the package for edits)"))
            }
        } catch {
            throw Failure(
                status: .unavailable,
                message:
                    "Cannot serve on \(launch.host):\(launch.port) (\(error)); choose another --port, --author-port, --preview-port or --bind."
            )
        }
        if let folder = authorLog?.folder { EmulatorServing.remove(from: folder) }
        if talks { say("stopped") }
    }

    /// The author log of `launch`'s state folder (emptied first with `reset`); nil keeps writes in memory.
    private static func openState(_ launch: EmulatorLaunch) throws -> AuthorLog? {
        guard let path = launch.statePath else { return nil }
        let folder = URL(fileURLWithPath: path)
        let content =
            launch.contentPath.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? "the built-in sample"
        do {
            return try AuthorLog.open(
                folder: folder, content: content, reset: launch.reset == true,
                lockWait: .milliseconds(Int((launch.stateWait ?? 30) * 1000)))
        } catch {
            throw Failure(status: .configuration, message: error.message)
        }
    }

    private static func loadContent(_ path: String?) throws -> (EmulatorContent, String) {
        guard let path else {
            do {
                return (try EmulatorContent.sample(), "the built-in sample content")
            } catch {
                throw Failure(
                    status: .internalError, message: "The built-in sample content could not be loaded (\(error)).")
            }
        }
        let folder = URL(fileURLWithPath: path)
        do {
            let package = try ContentPackage(jcrRoot: folder)
            return (EmulatorContent(package), "\(folder.path) (\(package))")
        } catch {
            throw Failure(status: .configuration, message: "Cannot serve --content \(path): \(error)")
        }
    }

    private static func emulatorAuthentication(_ credentials: EmulatorLaunch.Credentials) -> EmulatorAuthentication {
        switch credentials {
        case .basic(let username, let password): .basic(username: username, password: password)
        case .bearer(let token): .bearer(token: token)
        }
    }

    /// One line on stderr, as `wknd` writes its own.
    private static func say(_ line: String) {
        FileHandle.standardError.write(Data(("wknd: " + line + "\n").utf8))
    }
}
