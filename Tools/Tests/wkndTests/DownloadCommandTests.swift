import AEMEmulator
import EmulatorTestSupport
import Foundation
import Testing

@testable import WKNDCore

/// A folder for downloads, removed after `body`; its parent is a fresh folder too, so writes
/// outside it can be seen.
func withDownloadFolder<T>(_ body: (_ folder: URL, _ parent: URL) async throws -> T) async throws -> T {
    try await withTemporaryFolder("wknd-download") { parent in
        let folder = parent.appendingPathComponent("images", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try await body(folder, parent)
    }
}

/// The names in a folder, hidden ones included, sorted.
func names(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
}

/// The bytes the emulator delivers for the primary image of `slug` at its `_dynamicUrl`.
func sampleImageBytes(_ slug: String, in content: EmulatorContent) async throws -> Data {
    try #require(try await content.primaryImageBytes(ofSlug: slug))
}

/// Images being downloaded or left half-written: temporary `.part` files.
func partFiles(in folder: URL) throws -> [String] {
    try names(in: folder).filter { $0.hasSuffix(".part") }
}

@Suite("wknd download: images to disk against the emulator")
struct DownloadCommandTests {
    let content: EmulatorContent
    let slugs = ["lofoten-winter-surf", "algarve-first-waves", "fontainebleau-bouldering"]

    init() throws {
        content = try EmulatorContent.sample()
    }

    @Test("several slugs: one file each, the server's bytes, paths on stdout", .rendersImages)
    func severalSlugs() async throws {
        try await withEmulator { _, environment in
            try await withDownloadFolder { folder, _ in
                let run = try await WkndRun.run(
                    ["download"] + slugs + ["--output", folder.path], environment: environment)
                #expect(run.status == 0, "\(run.stderr)")
                let written = run.stdout.split(separator: "\n").map(String.init).sorted()
                #expect(
                    written
                        == ["algarve-first-waves.jpg", "fontainebleau-bouldering.jpg", "lofoten-winter-surf.jpg"]
                        .map { folder.appendingPathComponent($0).path })
                for slug in slugs {
                    let file = try #require(try names(in: folder).first { $0.hasPrefix(slug + ".") })
                    let expected = try await sampleImageBytes(slug, in: content)
                    #expect(try Data(contentsOf: folder.appendingPathComponent(file)) == expected)
                }
                #expect(try partFiles(in: folder).isEmpty)
                #expect(run.stderr.contains("3 downloaded, 0 unchanged, 0 failed"))
            }
        }
    }

    @Test("--all pages through every adventure, fetches each URL once, and a rerun is all 304s")
    func allThenRerun() async throws {
        // 60 adventures, more than one page; the copies share their originals' images.
        var many = content
        for adventure in content.adventures {
            for copy in 1...2 {
                var extra = adventure
                extra.master["slug"] = .string("\(adventure.slug)-copy\(copy)")
                extra.uuid = UUID().uuidString.lowercased()
                many[fragment: adventure.path + "-copy\(copy)"] = extra
            }
        }
        let withImages = many.adventures.filter { $0.primaryImagePath != nil }
        try await withEmulator(EmulatorOptions(content: many)) { emulator, environment in
            try await withDownloadFolder { folder, _ in
                let first = try await WkndRun.run(
                    ["download", "--all", "--output", folder.path, "--concurrency", "4"],
                    environment: environment)
                #expect(first.status == 0, "\(first.stderr)")
                #expect(first.stdout.split(separator: "\n").count == withImages.count)
                for adventure in withImages {
                    let file = try #require(try names(in: folder).first { $0.hasPrefix(adventure.slug + ".") })
                    let original = adventure.slug.replacingOccurrences(
                        of: #"-copy\d$"#, with: "", options: .regularExpression)
                    let expected = try await sampleImageBytes(original, in: content)
                    #expect(try Data(contentsOf: folder.appendingPathComponent(file)) == expected)
                }
                let imageRequests = emulator.requests.filter { !$0.path.hasPrefix("/graphql/") }
                #expect(imageRequests.count == Set(content.adventures.compactMap(\.primaryImagePath)).count)
                #expect(Set(imageRequests.map(\.target)).count == imageRequests.count)
                let pages = emulator.requests.filter { $0.path == QueryPath.list }
                #expect(pages.count == 2)

                emulator.clearRequests()
                let second = try await WkndRun.run(
                    ["download", "--all", "--output", folder.path], environment: environment)
                #expect(second.status == 0, "\(second.stderr)")
                #expect(second.stdout.isEmpty)
                #expect(second.stderr.contains("0 downloaded, \(withImages.count) unchanged, 0 failed"))
                let again = emulator.requests.filter { !$0.path.hasPrefix("/graphql/") }
                #expect(!again.isEmpty)
                #expect(again.allSatisfy { $0.status == 304 })

                let forced = try await WkndRun.run(
                    ["download", "--all", "--output", folder.path, "--force"],
                    environment: environment)
                #expect(forced.stdout.split(separator: "\n").count == withImages.count)
                #expect(try partFiles(in: folder).isEmpty)
            }
        }
    }

    @Test("the built-in sample, on a new port each run: a rerun finds every image unchanged")
    func rerunAgainstTheBuiltInSample() async throws {
        try await withDownloadFolder { folder, _ in
            let first = try await WkndRun.run(["download", "--all", "--output", folder.path])
            #expect(first.status == 0, "\(first.stderr)")
            let count = first.stdout.split(separator: "\n").count
            #expect(count > 10)
            let second = try await WkndRun.run(["download", "--all", "--output", folder.path])
            #expect(second.status == 0, "\(second.stderr)")
            #expect(second.stdout.isEmpty)
            #expect(second.stderr.contains("0 downloaded, \(count) unchanged, 0 failed"), "\(second.stderr)")
        }
    }

    /// Downloads `slug` with `faults` scripted on its image path (images served at `_path`).
    func download(_ slug: String, faults: [FaultAction]) async throws -> (WkndRun, [EmulatorRequestRecord], [String]) {
        let imagePath = try #require(content[slug: slug]?.primaryImagePath)
        return try await withEmulator(EmulatorOptions(dynamicURLs: false)) { emulator, environment in
            emulator.faults.script(imagePath, faults)
            return try await withDownloadFolder { folder, _ in
                let run = try await WkndRun.run(
                    ["download", slug, "algarve-first-waves", "--output", folder.path],
                    environment: environment)
                let files = try names(in: folder)
                if let file = files.first(where: { $0.hasPrefix(slug + ".") }) {
                    // Served at `_path`: the original.
                    #expect(
                        try Data(contentsOf: folder.appendingPathComponent(file))
                            == content.bytes(ofAssetAt: imagePath))
                }
                return (run, emulator.requests.filter { $0.path == imagePath }, files)
            }
        }
    }

    @Test("a connection dropped mid-body is resumed with Range and If-Range")
    func droppedAndResumed() async throws {
        let (run, requests, files) = try await download(
            "lofoten-winter-surf", faults: [.dropConnection(afterBodyBytes: 20_000)])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(files == [".aem-downloads.json", "algarve-first-waves.jpg", "lofoten-winter-surf.jpg"])
        #expect(requests.count == 2)
        #expect(requests.last?.headers["range"]?.hasPrefix("bytes=") == true)
        #expect(requests.last?.headers["if-range"] != nil)
        #expect(requests.last?.status == 206)
    }

    @Test("a connection dropped where Range is ignored starts over")
    func droppedNotResumable() async throws {
        let (run, requests, files) = try await download(
            "lofoten-winter-surf",
            faults: [.dropConnection(afterBodyBytes: 20_000), .ignoreRange])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(files == [".aem-downloads.json", "algarve-first-waves.jpg", "lofoten-winter-surf.jpg"])
        #expect(requests.map(\.status) == [200, 200])
    }

    @Test("a truncated body that does not recover: the image fails, nothing partial is left, the others are saved")
    func truncatedBody() async throws {
        let (run, _, files) = try await download(
            "lofoten-winter-surf",
            faults: Array(repeating: .overstatedContentLength(by: 5000), count: 8))
        #expect(run.status == 69, "\(run.stderr)")
        #expect(files == [".aem-downloads.json", "algarve-first-waves.jpg"])
        #expect(run.stdout.split(separator: "\n").count == 1)
        #expect(run.stderr.contains("lofoten-winter-surf:"))
        #expect(run.stderr.contains("1 downloaded, 0 unchanged, 1 failed"))
    }

    @Test("a connection that keeps dropping: the image fails and nothing partial is left")
    func keepsDropping() async throws {
        let (run, _, files) = try await download(
            "lofoten-winter-surf",
            faults: Array(repeating: .dropConnection(afterBodyBytes: 10_000), count: 8))
        #expect(run.status == 69, "\(run.stderr)")
        #expect(files == [".aem-downloads.json", "algarve-first-waves.jpg"])
    }

    @Test("images on a second origin get no Authorization; the AEM origin does")
    func credentialsOnlyToTheOrigin() async throws {
        let cdn = try await Emulator.start()
        defer { Task { await cdn.stop() } }
        let options = EmulatorOptions(
            dynamicURLBase: cdn.baseURL.absoluteString, authentication: .bearer(token: "s3cret-token"))
        try await withEmulator(options) { emulator, environment in
            var signedIn = environment
            signedIn["AEM_AUTH_TYPE"] = "token"
            signedIn["AEM_TOKEN"] = "s3cret-token"
            try await withDownloadFolder { folder, _ in
                let run = try await WkndRun.run(
                    ["download"] + slugs + ["--output", folder.path], environment: signedIn)
                #expect(run.status == 0, "\(run.stderr)")
                #expect(run.stdout.split(separator: "\n").count == 3)
            }
            #expect(!emulator.requests.isEmpty)
            #expect(emulator.requests.allSatisfy { $0.authorization == "Bearer s3cret-token" })
            let images = cdn.requests.filter { !$0.path.hasPrefix("/graphql/") }
            #expect(images.count == 3)
            #expect(images.allSatisfy { $0.authorization == nil })
        }
        await cdn.stop()
    }

    @Test("hostile slugs in a response cannot write outside the folder")
    func hostileSlugs() async throws {
        var hostile = content
        let image = try #require(content[slug: "lofoten-winter-surf"]?.primaryImagePath)
        let slugs = ["../../escaped", "/tmp/absolute-escape", "..", ".hidden", "a/../../b", "UPPER case"]
        for (index, slug) in slugs.enumerated() {
            let path = EmulatorContent.adventuresFolder + "/hostile-\(index)"
            hostile[fragment: path] = hostile.makeAdventure(
                slug: slug, title: "Hostile \(index)", path: path,
                primaryImage: image)
        }
        try await withEmulator(EmulatorOptions(content: hostile)) { _, environment in
            try await withDownloadFolder { folder, parent in
                let run = try await WkndRun.run(
                    ["download", "--all", "--output", folder.path], environment: environment)
                #expect(try names(in: parent) == ["images"])
                #expect(!FileManager.default.fileExists(atPath: "/tmp/absolute-escape.jpg"))
                let files = try names(in: folder)
                #expect(files.allSatisfy { !$0.contains("/") && ($0 == ".aem-downloads.json" || !$0.hasPrefix(".")) })
                for line in run.stdout.split(separator: "\n") {
                    #expect(
                        URL(fileURLWithPath: String(line)).deletingLastPathComponent().standardizedFileURL.path
                            == folder.standardizedFileURL.path)
                }
                // ".." has nothing to name a file after: reported, and the run fails; the others are saved.
                #expect(run.status != 0)
                #expect(files.contains { $0.hasPrefix("escaped-") })
                #expect(files.contains { $0.hasPrefix("upper-case-") })
                #expect(try partFiles(in: folder).isEmpty)
            }
        }
    }

    @Test("SIGINT or SIGTERM mid-download leaves nothing partial", arguments: [SIGINT, SIGTERM])
    func interrupted(signal: Int32) async throws {
        var large = content
        large.setSyntheticImage(forSlug: "lofoten-winter-surf", byteCount: 4_000_000)
        let imagePath = try #require(large[slug: "lofoten-winter-surf"]?.primaryImagePath)
        // The image's body stops after its first 256 KiB until the run has been interrupted: a
        // download known to be under way for as long as it takes (images served at `_path`).
        let gate = EmulatorGate()
        let options = EmulatorOptions(dynamicURLs: false, content: large)
        options.faults.script(imagePath, .holdBody(afterBytes: 256 * 1024, gate))
        try await withEmulator(options) { _, environment in
            defer { gate.open() }
            try await withDownloadFolder { folder, parent in
                let process = Process()
                process.executableURL = try #require(WkndRun.executable)
                process.arguments = ["download", "lofoten-winter-surf", "--output", folder.path]
                process.environment = environment.merging(["PATH": "/usr/bin:/bin"]) { $1 }
                process.currentDirectoryURL = parent
                let log = parent.appendingPathComponent("stderr.txt")
                FileManager.default.createFile(atPath: log.path, contents: nil)
                process.standardError = try FileHandle(forWritingTo: log)
                process.standardOutput = FileHandle.nullDevice
                let end = ProcessEnd(process)
                let status = try await withLaunched(process) {
                    // Wait until the image is being written, then interrupt.
                    let held = await gate.waitForArrivals(1, timeout: .seconds(120))
                    try #require(held, "the download did not start")
                    let writing = try await eventually(timeout: .seconds(120)) { try !partFiles(in: folder).isEmpty }
                    #expect(writing, "the image is not being written")
                    kill(process.processIdentifier, signal)
                    return await end.status
                }
                #expect(
                    status == 128 + signal, "\(String(decoding: (try? Data(contentsOf: log)) ?? Data(), as: UTF8.self))"
                )
                #expect(try partFiles(in: folder).isEmpty)
                #expect(try names(in: folder).filter { $0.hasPrefix("lofoten-winter-surf") }.isEmpty)
            }
        }
    }
}
