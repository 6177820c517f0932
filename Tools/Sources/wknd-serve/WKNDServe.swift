import AEMEmulator
import CompanionLaunch
import Foundation

/// `wknd-serve`: the AEM emulator as a program of its own, run by `wknd serve` and, with no AEM
/// configured, by `wknd` for the built-in sample. It reads a `EmulatorLaunch` as JSON on standard
/// input, prints the URL it listens on as the first line of standard output, and runs until
/// SIGINT or SIGTERM.
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
        guard let tier = EmulatorTier(rawValue: launch.tier ?? EmulatorTier.author.rawValue) else {
            throw Failure(status: .usage, message: "Unknown tier \(launch.tier ?? ""): use author or publish.")
        }
        var options = EmulatorOptions(
            dynamicURLs: launch.dynamicURLs,
            authentication: launch.credentials.map(emulatorAuthentication),
            content: content,
            allowsAdHocQueries: launch.allowsAdHocQueries,
            live: EmulatorLiveContent(tier: tier),
            allowsControl: launch.control == true)
        if talks {
            options.requestLog = { record in
                let milliseconds = record.duration / .milliseconds(1)
                say("\(record.method) \(record.target) \(record.status) \(String(format: "%.1f", milliseconds)) ms")
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
            try await Emulator.serve(options: options, host: launch.host, port: launch.port) { url in
                FileHandle.standardOutput.write(Data((url.absoluteString + "\n").utf8))
                guard talks else { return }
                say("serving \(name), authentication \(authentication); Ctrl-C stops")
                if let reason = Emulator.imageRenderingUnavailableReason {
                    say("images are sent as stored, not resized or converted: \(reason)")
                }
                let host = url.absoluteString.replacingOccurrences(of: "http://", with: "")
                say("use it with: AEM_SCHEME=http AEM_HOST=\(host) wknd list")
                say(
                    "content events (\(tier.rawValue) tier): \(url.absoluteString)\(EventJournal.path)"
                        + (watcher == nil ? "" : " (watching the package for edits)"))
                if launch.control == true {
                    say(
                        "control: POST \(url.absoluteString)/emulator/control/<publish|unpublish|touch>?path=<fragment path>"
                    )
                }
            }
        } catch {
            throw Failure(
                status: .unavailable,
                message: "Cannot serve on \(launch.host):\(launch.port) (\(error)); choose another --port or --bind.")
        }
        if talks { say("stopped") }
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
