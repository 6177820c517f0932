import AEMEmulator
import AEMHeadless
import AEMHeadlessSync
import EmulatorTestSupport
import Foundation
import Testing
import WKNDSample

@testable import WKNDCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("wknd sync: the built binary against the emulator", .serialized)
struct SyncCommandTests {
    /// The sample with 70 more adventures (copies sharing the sample's images).
    let content: EmulatorContent

    init() throws {
        var content = try EmulatorContent.sample()
        let originals = content.adventures
        for index in 0..<70 {
            var copy = originals[index % originals.count]
            copy.master["slug"] = .string("\(copy.slug)-copy\(index)")
            copy.master["title"] = .string("Copy \(index)")
            copy.uuid = UUID().uuidString.lowercased()
            content[fragment: copy.path + "-copy\(index)"] = copy
        }
        self.content = content
    }

    @Test(
        "killed with SIGKILL at seeded points of its requests, the store stays consistent; resumed, it equals a clean run",
        arguments: [11, 23, 37] as [UInt64])
    func killedAndResumed(seed: UInt64) async throws {
        var random = SeededRandom(seed: seed)
        let killer = RequestTrigger<pid_t> { kill($0, SIGKILL) }
        var options = EmulatorOptions(content: content)
        options.requestLog = killer.requestAnswered
        try await withEmulator(options) { _, environment in
            try await withSyncFolders { folder, clean in
                let arguments = ["sync", folder.path, "--page-size", "6", "--concurrency", "2"]
                var kills = 0
                for _ in 0..<3 {
                    // Killed as the emulator answers its 1st to 15th request, before that answer reaches
                    // it: a first run makes at least 16 (the pages of 6), so it is always killed; a
                    // resumed one may end first.
                    killer.arm(after: 1 + random.below(15))
                    let child = try ChildWknd(arguments, environment: environment)
                    killer.aim(at: child.process.processIdentifier)
                    let status = await child.exitStatus()
                    killer.disarm()
                    let errors = await child.stderr.all
                    if killer.fired {
                        kills += 1
                        #expect(status == SIGKILL, "killed, it ended with \(status): \(errors)")
                    } else {
                        #expect(status == 0, "\(errors)")
                    }
                    if FileManager.default.fileExists(atPath: folder.appendingPathComponent("content.sqlite").path) {
                        try expectConsistent(folder)
                    }
                }
                #expect(kills > 0, "no run was killed: the sync ended before every kill")
                let resumed = try await WkndRun.run(arguments + ["--json"], environment: environment)
                #expect(resumed.status == 0, "\(resumed.stderr)")
                let fresh = try await WkndRun.run(["sync", clean.path, "--json"], environment: environment)
                #expect(fresh.status == 0, "\(fresh.stderr)")
                #expect(try storeContents(folder) == storeContents(clean))
                #expect(try storeContents(folder).fragments.count == content.adventures.count)
            }
        }
    }

    @Test("a second sync of the same folder exits with 75 and says why; --wait waits for the first")
    func concurrentRuns() async throws {
        // The first run's first page is held until the test lets it go: until then the first run
        // holds the folder's lock (taken before any request).
        let gate = EmulatorGate()
        let options = EmulatorOptions(content: content)
        options.faults.script("/graphql/execute.json/" + AdventureSyncSource.paginatedPath, .hold(gate))
        try await withEmulator(options) { _, environment in
            defer { gate.open() }
            try await withSyncFolders { folder, _ in
                let first = try ChildWknd(["sync", folder.path], environment: environment)
                let held = await gate.waitForArrivals(1, timeout: .seconds(120))
                try #require(held, "the first run never asked for its first page")
                let second = try await WkndRun.run(["sync", folder.path], environment: environment)
                #expect(second.status == 75)
                #expect(second.stderr.contains("Another sync is running on"))
                let waiting = try ChildWknd(["sync", folder.path, "--wait", "--json"], environment: environment)
                #if os(Linux)
                // It waits with the lock file open, and cannot have the lock while the first is held.
                let lockFile = folder.appendingPathComponent(".sync.lock").resolvingSymlinksInPath().path
                let blocked = try await eventually(timeout: .seconds(120)) {
                    openFiles(of: waiting.process.processIdentifier).contains(lockFile)
                }
                #expect(blocked, "the --wait run never opened the lock file")
                #endif
                gate.open()
                let (firstStatus, firstErrors) = (await first.exitStatus(), await first.stderr.all)
                #expect(firstStatus == 0, "\(firstErrors)")
                let (waitingStatus, waitingErrors) = (await waiting.exitStatus(), await waiting.stderr.all)
                #expect(waitingStatus == 0, "\(waitingErrors)")
                let json = try JSONSerialization.jsonObject(with: Data(await waiting.stdout.all.utf8))
                let report = try #require(json as? [String: Any])
                #expect(report["unchanged"] as? Int == content.adventures.count)
            }
        }
    }

    @Test("--json reports the counts; a rerun with nothing changed sends one request per page")
    func jsonReport() async throws {
        try await withEmulator(EmulatorOptions(content: content)) { _, environment in
            try await withSyncFolders { folder, _ in
                let first = try await WkndRun.run(
                    ["sync", folder.path, "--json", "--page-size", "50"], environment: environment)
                #expect(first.status == 0, "\(first.stderr)")
                let report = try #require(try first.json() as? [String: Any])
                #expect(report["added"] as? Int == content.adventures.count)
                #expect(first.stderr.contains("\(content.adventures.count) added, 0 changed"))
                let again = try await WkndRun.run(
                    ["sync", folder.path, "--json", "--page-size", "50"], environment: environment)
                let quiet = try #require(try again.json() as? [String: Any])
                let pages = (content.adventures.count + 49) / 50
                #expect(quiet["requests"] as? Int == pages)
                #expect(quiet["pagesNotModified"] as? Int == pages)
            }
        }
    }

    @Test("--query mirrors each item as `wknd query --all` prints it, with its images; another query is refused")
    func query() async throws {
        var content = self.content
        content[query: "/wknd-shared/titles"] = StoredQuery(
            configuration: "wknd-shared", name: "titles",
            text:
                "query ($offset: Int, $limit: Int) { adventureList(offset: $offset, limit: $limit) { items { slug title } } }"
        )
        try await withEmulator(EmulatorOptions(content: content)) { _, environment in
            try await withSyncFolders { folder, other in
                let synced = try await WkndRun.run(
                    ["sync", folder.path, "--query", "wknd-shared/adventures-all", "--page-size", "13", "--json"],
                    environment: environment)
                #expect(synced.status == 0, "\(synced.stderr)")
                let report = try #require(try synced.json() as? [String: Any])
                #expect(report["added"] as? Int == content.adventures.count)

                let printed = try await WkndRun.run(
                    ["query", "wknd-shared/adventures-all", "--all", "--jsonl", "--page-size", "13"],
                    environment: environment)
                #expect(printed.status == 0, "\(printed.stderr)")
                let lines = printed.stdout.split(separator: "\n")
                #expect(lines.count == content.adventures.count)
                let store = try ContentStore(directory: folder)
                let stored = Dictionary(uniqueKeysWithValues: try store.fragments().map { ($0.path, $0.json) })
                for line in lines {
                    let item = try UntypedJSON(parsing: String(line))
                    let path = try #require(item["_path"]?.stringValue)
                    #expect(stored[path] == Data(line.utf8), "\(path) is stored as wknd query prints it")
                    let slug = try #require(item["slug"]?.stringValue)
                    for image in item.referencedImages {
                        let file = try #require(store.imageFile(for: image.reference))
                        let expected = try await content.primaryImageBytes(ofSlug: slug)
                        #expect(try Data(contentsOf: file) == expected)
                    }
                }

                let again = try await WkndRun.run(
                    ["sync", folder.path, "--query", "wknd-shared/adventures-all", "--json"], environment: environment)
                #expect(again.status == 0, "\(again.stderr)")
                #expect(
                    try #require(try again.json() as? [String: Any])["unchanged"] as? Int == content.adventures.count)

                let refused = try await WkndRun.run(
                    ["sync", folder.path, "--query", "wknd-shared/adventures-all", "--var", "sort=title"],
                    environment: environment)
                #expect(refused.status == 64)
                #expect(refused.stderr.contains("This folder mirrors the items of wknd-shared/adventures-all"))
                let adventures = try await WkndRun.run(["sync", folder.path], environment: environment)
                #expect(adventures.status == 64)

                let noPath = try await WkndRun.run(
                    ["sync", other.path, "--query", "wknd-shared/titles"], environment: environment)
                #expect(noPath.status != 0)
                #expect(noPath.stderr.contains("An item of wknd-shared/titles has no _path"), "\(noPath.stderr)")

                let misused = try await WkndRun.run(["sync", other.path, "--var", "a=b"], environment: environment)
                #expect(misused.status == 64)
                #expect(misused.stderr.contains("go with --query"))
            }
        }
    }
}

/// The built `wknd` running in the background with `arguments` and `environment` (plus `PATH`),
/// its output kept. Its end is awaited without blocking a thread: the emulator it talks to runs
/// in this process, on the same few threads.
private final class ChildWknd: Sendable {
    let process: Process
    private let end: ProcessEnd

    init(_ arguments: [String], environment: [String: String]) throws {
        let process = Process()
        process.executableURL = try #require(WkndRun.executable, "the wknd binary was not built")
        process.arguments = arguments
        process.environment = environment.merging([
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": FileManager.default.temporaryDirectory.path,
        ]) { $1 }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        end = ProcessEnd(process)
        try launch(process)
        self.process = process
        stdout = OutputLines(output.fileHandleForReading)
        stderr = OutputLines(errors.fileHandleForReading)
    }

    /// What it wrote on stdout, once it has ended.
    let stdout: OutputLines
    /// What it wrote on stderr, once it has ended.
    let stderr: OutputLines

    /// The exit status (or signal number) once the process has ended.
    func exitStatus() async -> Int32 {
        await end.status
    }
}

#if os(Linux)
/// The files process `pid` has open, by path; none once it has ended.
private func openFiles(of pid: pid_t) -> Set<String> {
    let folder = "/proc/\(pid)/fd"
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return Set(
        descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0) })
}
#endif

/// Two fresh folders, removed after `body`.
private func withSyncFolders<T>(_ body: (URL, URL) async throws -> T) async throws -> T {
    try await withTemporaryFolder("wknd-sync") { parent in
        try await body(parent.appendingPathComponent("mirror"), parent.appendingPathComponent("clean"))
    }
}

/// What a store holds: the JSON per slug, and each image file's bytes by name.
private struct StoreContents: Equatable {
    var fragments: [String: Data] = [:]
    var images: [String: Data] = [:]
}

private func storeContents(_ folder: URL) throws -> StoreContents {
    var contents = StoreContents()
    for fragment in try ContentStore(directory: folder).fragments() {
        contents.fragments[fragment.slug ?? fragment.path] = fragment.json
    }
    let images = folder.appendingPathComponent("images")
    for name in try FileManager.default.contentsOfDirectory(atPath: images.path) {
        contents.images[name] = try Data(contentsOf: images.appendingPathComponent(name))
    }
    return contents
}

/// A store left by a killed run opens (or, killed while the database was being created, says it
/// holds nothing yet), every fragment decodes, and every image it names is on disk.
private func expectConsistent(_ folder: URL) throws {
    let store: ContentStore
    do {
        store = try ContentStore(directory: folder)
    } catch let error as SyncError where error.kind == .notSynced {
        return
    }
    let fragments = try store.fragments()
    let adventures = try store.adventures()
    #expect(adventures.count == fragments.count)
    for adventure in adventures {
        guard let image = adventure.primaryImage, let file = store.imageFile(for: image) else { continue }
        #expect(FileManager.default.fileExists(atPath: file.path), "\(adventure.slug ?? "") names a missing image")
    }
}
