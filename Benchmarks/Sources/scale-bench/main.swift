// scale-bench: the stand-in at 10,000 to 100,000 content fragments.
//
//   scale-bench [--sizes 10000,30000,100000] [--runs 21] [--processes 3] [--images 1000] [--seed 1]
//               [--requests paginated,paginated-next,list,get-hydrated] [--packages DIR]
//
// For each size it generates with ScalePackage (see scale-package), or reuses from DIR (default
// $TMPDIR/scale-bench-packages), a content package of that many fragments, then runs `--processes` fresh child
// processes of itself (`--measure`), so that each size's peak RSS is its own, each after reading every file of the
// package once (so the load is timed from the page cache, not the disk). Each child:
//   1. loads the package with `EmulatorContent.load(jcrRoot:)`: wall time, and peak RSS (VmHWM) once loaded;
//   2. starts the emulator on 127.0.0.1 (its indexes are built then: wall time);
//   3. times, from the emulator's own request log (request head in to response head out, body serialised and
//      hashed) and at the client (URLSession round trip over loopback), the first request of each kind (cold) and
//      `--runs` repeated ones:
//        paginated        /graphql/execute.json/scale/adventures-paginated;first=100  (sorted: price DESC, title ASC)
//        paginated-next   the pages after the first, each request the next one (`after` = the end cursor of the
//                         page before), so no answer is asked twice
//        list             /adobe/contentFragments?path=/content/dam/scale/en&limit=50
//        get-hydrated     /adobe/contentFragments/<an article's id>?references=all-hydrated
//   4. runs every persisted query of the package once and fails when one answers errors (the schema is accepted);
//   5. with `--watch-edits N`, watches the package as `wknd serve --watch` does and saves N adventures' files one
//      after another (a changed title, then the original bytes again), timing each save until its event is in the
//      journal (the package is left as it was);
//   6. prints one JSON object on stdout.
// `--settle S` waits S seconds after the emulator starts before the first request (its indexes are built in the
// background meanwhile), to time a cold request with the indexes ready.
// `--requests` times only the kinds named (to profile one: `perf record -g -p <pid of the child>`).
// The parent prints markdown tables on stdout: load and memory per size, and per request the cold figure and the
// median, p10 and p90 of the repeated ones (pooled over the processes). Progress goes to stderr.
//   cd Benchmarks && swift build -c release --product scale-bench && .build/release/scale-bench
import AEMEmulator
import Foundation
import ScalePackage

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("scale-bench: \(message)\n".utf8))
    exit(64)
}

func progress(_ message: String) {
    FileHandle.standardError.write(Data("scale-bench: \(message)\n".utf8))
}

// MARK: - What a child reports

/// One timed request kind in one process: milliseconds, server side and at the client.
struct RequestTimings: Codable {
    let name: String
    let coldServerMS: Double
    let serverMS: [Double]
    let clientMS: [Double]
    let bytes: Int
}

/// Everything one child process measured.
struct Measurement: Codable {
    let loadSeconds: Double
    /// The machine's 1-minute load average when the load ended: other work on the cores slows every figure.
    let loadAverage: Double
    let startSeconds: Double
    let baselineRSSMiB: Double
    let loadedRSSMiB: Double
    let finalRSSMiB: Double
    let requests: [RequestTimings]
    /// Seconds from each save of a fragment's file to its event in the journal, with `--watch-edits`.
    let watchSeconds: [Double]
}

/// The process's peak resident set so far, in MiB. On Linux VmHWM, which belongs to this process image alone:
/// `ru_maxrss` would also count the parent's memory, which a child spawned with `vfork` semantics shares until
/// it runs `exec`.
func peakRSSMiB() -> Double {
    #if os(Linux)
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kibibytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
    else { return 0 }
    return kibibytes / 1024
    #else
    var usage = rusage()
    getrusage(RUSAGE_SELF, &usage)
    return Double(usage.ru_maxrss) / 1024 / 1024
    #endif
}

func seconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

// MARK: - The child: one size, one process

/// GETs over loopback without any client cache, so every request reaches the emulator.
struct LoopbackClient {
    let base: URL
    let session: URLSession

    init(base: URL) {
        self.base = base
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    /// The body of `target` and the round trip in milliseconds; fails on anything but 200.
    func get(_ target: String) async -> (body: Data, milliseconds: Double) {
        guard let url = URL(string: base.absoluteString + target) else { fail("bad target \(target)") }
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            let (data, response) = try await session.data(from: url)
            let elapsed = seconds(since: start) * 1000
            guard let status = (response as? HTTPURLResponse)?.statusCode, status == 200 else {
                fail("\(target) did not answer 200: \(String(decoding: data.prefix(300), as: UTF8.self))")
            }
            return (data, elapsed)
        } catch {
            fail("\(target) failed: \(error)")
        }
    }
}

/// The JSON object of a body, or a failure naming `what`.
func object(_ body: Data, _ what: String) -> [String: Any] {
    guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
        fail("\(what) is not a JSON object")
    }
    return object
}

/// The connection (`adventurePaginated`) of a paginated answer, after checking it holds `count` edges.
func connection(_ body: Data, edges count: Int) -> [String: Any] {
    let answer = object(body, "the paginated answer")
    guard answer["errors"] == nil, let data = answer["data"] as? [String: Any],
        let connection = data["adventurePaginated"] as? [String: Any],
        let edges = connection["edges"] as? [Any], edges.count == count
    else {
        fail("the paginated query did not answer \(count) edges: \(String(decoding: body.prefix(300), as: UTF8.self))")
    }
    return connection
}

/// The cold request and `runs` repeated ones of `target`, with the emulator's durations.
func time(
    _ name: String, _ target: String, runs: Int, client: LoopbackClient, emulator: RunningEmulator,
    check: (Data) -> Void
) async -> RequestTimings {
    await time(name, runs: runs, client: client, emulator: emulator, check: check) { _ in target }
}

/// `runs` + 1 requests, the first one cold, each to the target `next` gives for the body of the one before (nil for
/// the first), with the emulator's durations.
func time(
    _ name: String, runs: Int, client: LoopbackClient, emulator: RunningEmulator, check: (Data) -> Void,
    next: (Data?) -> String
) async -> RequestTimings {
    emulator.clearRequests()
    let cold = await client.get(next(nil))
    check(cold.body)
    var body = cold.body
    var clientMS: [Double] = []
    for _ in 0..<runs {
        let answer = await client.get(next(body))
        check(answer.body)
        body = answer.body
        clientMS.append(answer.milliseconds)
    }
    var records = emulator.requests
    for _ in 0..<100 where records.count < runs + 1 {
        try? await Task.sleep(for: .milliseconds(10))
        records = emulator.requests
    }
    guard records.count == runs + 1 else {
        fail("\(name): the emulator recorded \(records.count) requests, not \(runs + 1)")
    }
    let serverMS = records.map { $0.duration / .milliseconds(1) }
    return RequestTimings(
        name: name, coldServerMS: serverMS[0], serverMS: Array(serverMS.dropFirst()),
        clientMS: clientMS, bytes: cold.body.count)
}

/// The page after the one `body` holds.
func nextPage(after body: Data) -> String {
    let pageInfo = connection(body, edges: 100)["pageInfo"] as? [String: Any]
    guard let endCursor = pageInfo?["endCursor"] as? String,
        let encodedCursor = endCursor.addingPercentEncoding(withAllowedCharacters: .alphanumerics)
    else { fail("a page has no end cursor") }
    return firstPage + ";after=" + encodedCursor
}

/// The requests timed, in the order they run.
enum RequestKind: String, CaseIterable {
    case paginated
    case paginatedNext = "paginated-next"
    case list
    case getHydrated = "get-hydrated"
}

/// The first page of the sorted, paginated query.
let firstPage = "/graphql/execute.json/\(ScaleLayout.paginatedQuery);first=100"

func measure(
    jcrRoot: URL, layout: ScaleLayout, runs: Int, kinds: [RequestKind], settleSeconds: Double, watchEdits: Int
) async -> Measurement {
    let baselineRSS = peakRSSMiB()
    let loadStart = DispatchTime.now().uptimeNanoseconds
    let content: EmulatorContent
    do {
        content = try EmulatorContent.load(jcrRoot: jcrRoot)
    } catch {
        fail("cannot load \(jcrRoot.path): \(error)")
    }
    let loadSeconds = seconds(since: loadStart)
    let loadedRSS = peakRSSMiB()
    var loadAverage = 0.0
    getloadavg(&loadAverage, 1)
    guard content.fragmentPaths.count == layout.fragments else {
        fail("loaded \(content.fragmentPaths.count) fragments, not \(layout.fragments)")
    }
    guard let article = content[fragment: layout.articlePath(layout.articles / 2)] else {
        fail("no article at \(layout.articlePath(layout.articles / 2))")
    }
    progress("\(layout.fragments) fragments loaded in \(String(format: "%.2f", loadSeconds)) s; starting the emulator")

    let startStart = DispatchTime.now().uptimeNanoseconds
    let emulator: RunningEmulator
    do {
        emulator = try await Emulator.start(options: EmulatorOptions(content: content))
    } catch {
        fail("the emulator did not start: \(error)")
    }
    let startSeconds = seconds(since: startStart)
    let client = LoopbackClient(base: emulator.baseURL)
    if settleSeconds > 0 { try? await Task.sleep(for: .seconds(settleSeconds)) }

    var timings: [RequestTimings] = []
    for kind in kinds {
        switch kind {
        case .paginated:
            timings.append(
                await time(kind.rawValue, firstPage, runs: runs, client: client, emulator: emulator) {
                    _ = connection($0, edges: 100)
                })
        case .paginatedNext:
            let first = await client.get(firstPage).body
            timings.append(
                await time(
                    kind.rawValue, runs: runs, client: client, emulator: emulator,
                    check: { _ = connection($0, edges: 100) }, next: { nextPage(after: $0 ?? first) }))
        case .list:
            timings.append(
                await time(
                    kind.rawValue, "/adobe/contentFragments?path=\(ScaleLayout.damRoot)&limit=50", runs: runs,
                    client: client, emulator: emulator
                ) { body in
                    guard (object(body, "the list page")["items"] as? [Any])?.count == 50 else {
                        fail("the list page has no 50 items")
                    }
                })
        case .getHydrated:
            timings.append(
                await time(
                    kind.rawValue, "/adobe/contentFragments/\(article.uuid)?references=all-hydrated", runs: runs,
                    client: client, emulator: emulator
                ) { body in
                    guard let references = object(body, "the hydrated fragment")["references"] as? [String: Any],
                        !references.isEmpty
                    else { fail("the hydrated fragment has no references") }
                })
        }
    }

    for query in ScaleQueries.all {
        let variables = query.checkVariables.sorted { $0.key < $1.key }.map { ";\($0.key)=\($0.value)" }.joined()
        let answer = object(
            await client.get("/graphql/execute.json/\(ScaleLayout.configuration)/\(query.name)\(variables)").body,
            query.name)
        guard answer["errors"] == nil, let data = answer["data"] as? [String: Any], !data.isEmpty else {
            fail("the persisted query \(query.name) answered errors or no data: \(answer)")
        }
    }
    let watchSeconds = await timeWatchedEdits(watchEdits, jcrRoot: jcrRoot, layout: layout, emulator, content)
    await emulator.stop()
    return Measurement(
        loadSeconds: loadSeconds, loadAverage: loadAverage, startSeconds: startSeconds,
        baselineRSSMiB: baselineRSS, loadedRSSMiB: loadedRSS, finalRSSMiB: peakRSSMiB(),
        requests: timings, watchSeconds: watchSeconds)
}

/// Watches the package and saves `count` adventures' files, each changed and then restored: the seconds from each
/// changing save to its event in the journal.
func timeWatchedEdits(
    _ count: Int, jcrRoot: URL, layout: ScaleLayout, _ emulator: RunningEmulator, _ content: EmulatorContent
) async -> [Double] {
    guard count > 0 else { return [] }
    let watcher = PackageWatcher(jcrRoot: jcrRoot)
    let watching = Task { await watcher.run(emulator.live, serving: content) { _ in } }
    defer { watching.cancel() }
    // Time for the watcher to set up before the first save.
    try? await Task.sleep(for: .seconds(3))
    var latencies: [Double] = []
    for edit in 0..<count {
        let file = jcrRoot.appendingPathComponent(String(layout.adventurePath(edit).dropFirst()))
            .appendingPathComponent(".content.xml")
        guard let original = try? Data(contentsOf: file) else { fail("cannot read \(file.path)") }
        let edited = String(decoding: original, as: UTF8.self)
            .replacingOccurrences(of: " title=\"", with: " title=\"Edited \(edit) ")
        for (bytes, timed) in [(Data(edited.utf8), true), (original, false)] {
            let before = emulator.live.journal.all.count
            let start = DispatchTime.now().uptimeNanoseconds
            do {
                try bytes.write(to: file, options: .atomic)
            } catch {
                fail("cannot write \(file.path): \(error)")
            }
            var waited = 0
            while emulator.live.journal.all.count == before {
                waited += 1
                guard waited < 12_000 else { fail("a save of \(file.path) reached no event in 60 s") }
                try? await Task.sleep(for: .milliseconds(5))
            }
            if timed {
                latencies.append(seconds(since: start))
                progress(String(format: "save %d reached the journal in %.3f s", edit + 1, latencies.last ?? 0))
            }
        }
    }
    return latencies
}

// MARK: - The parent: every size

/// The value at `fraction` (0.5: the median) of `values`, nearest rank.
func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted[Int((Double(sorted.count - 1) * fraction).rounded())]
}

/// Reads every file below `folder` once, so that a load measures the loader rather than the disk: a package written
/// minutes ago may have left the page cache (this build machine pages out idle memory, page cache included).
func warmPageCache(_ folder: URL) {
    guard let paths = FileManager.default.enumerator(atPath: folder.path) else { fail("cannot list \(folder.path)") }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    for case let path as String in paths {
        let descriptor = open(folder.appendingPathComponent(path).path, O_RDONLY)
        guard descriptor >= 0 else { continue }
        while read(descriptor, &buffer, buffer.count) > 0 {}
        close(descriptor)
    }
}

/// Runs this program again with `arguments` and decodes the measurement it prints.
func measureInChild(_ arguments: [String]) -> Measurement {
    let process = Process()
    process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    do {
        try process.run()
    } catch {
        fail("cannot run a measuring process: \(error)")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { fail("a measuring process exited with \(process.terminationStatus)") }
    do {
        return try JSONDecoder().decode(Measurement.self, from: data)
    } catch {
        fail("a measuring process printed no measurement: \(error)")
    }
}

func format(_ milliseconds: Double) -> String {
    String(format: milliseconds < 10 ? "%.2f" : "%.1f", milliseconds)
}

/// The measurements of one size, and how long its package took to generate (nil: reused).
struct SizeResult {
    let layout: ScaleLayout
    let generateSeconds: Double?
    let measurements: [Measurement]
}

func printTables(_ results: [SizeResult], runs: Int) {
    print(
        "| fragments | load: median (min–max) | peak RSS before load | after load | at the end | emulator start "
            + "| load average (per process) | package generated |")
    print("|---:|---|---:|---:|---:|---:|---|---|")
    for result in results {
        let (layout, measurements) = (result.layout, result.measurements)
        let loads = measurements.map(\.loadSeconds)
        let generated = result.generateSeconds.map { String(format: "in %.1f s", $0) } ?? "reused"
        let loadAverages = measurements.map { String(format: "%.1f", $0.loadAverage) }.joined(separator: ", ")
        print(
            String(
                format: "| %d | %.2f s (%.2f–%.2f) | %.0f MiB | %.0f MiB | %.0f MiB | %.2f s | %@ | %@ |",
                layout.fragments, percentile(loads, 0.5), loads.min() ?? 0, loads.max() ?? 0,
                measurements.map(\.baselineRSSMiB).max() ?? 0, measurements.map(\.loadedRSSMiB).max() ?? 0,
                measurements.map(\.finalRSSMiB).max() ?? 0,
                percentile(measurements.map(\.startSeconds), 0.5), loadAverages, generated))
    }
    let processes = results.first?.measurements.count ?? 0
    print("")
    print(
        "Server side (the emulator's request log), ms; cold: median of \(processes) first requests, one per process; "
            + "repeated: \(runs) runs × \(processes) processes. Client: URLSession round trip over loopback.")
    print("")
    print("| fragments | request | cold | median | p10 | p90 | client median | body |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|")
    for result in results {
        let (layout, measurements) = (result.layout, result.measurements)
        guard let names = measurements.first?.requests.map(\.name) else { continue }
        for name in names {
            let timings = measurements.compactMap { $0.requests.first { $0.name == name } }
            let server = timings.flatMap(\.serverMS)
            print(
                "| \(layout.fragments) | \(name) | \(format(percentile(timings.map(\.coldServerMS), 0.5))) | "
                    + "**\(format(percentile(server, 0.5)))** | \(format(percentile(server, 0.1))) | "
                    + "\(format(percentile(server, 0.9))) | \(format(percentile(timings.flatMap(\.clientMS), 0.5))) | "
                    + "\(timings.first.map { String(format: "%.1f kB", Double($0.bytes) / 1000) } ?? "") |")
        }
    }
    let watched = results.filter { $0.measurements.contains { !$0.watchSeconds.isEmpty } }
    guard !watched.isEmpty else { return }
    print("")
    print("From saving an adventure's file to its event in the journal (`wknd serve --watch`), seconds:")
    print("")
    print("| fragments | saves | median | min | max |")
    print("|---:|---:|---:|---:|---:|")
    for result in watched {
        let latencies = result.measurements.flatMap(\.watchSeconds)
        print(
            String(
                format: "| %d | %d | **%.3f** | %.3f | %.3f |", result.layout.fragments, latencies.count,
                percentile(latencies, 0.5), latencies.min() ?? 0, latencies.max() ?? 0))
    }
}

// MARK: - Arguments

let usage =
    "usage: scale-bench [--sizes 10000,30000,100000] [--runs 21] [--processes 3] [--images 1000] [--seed 1] "
    + "[--requests paginated,paginated-next,list,get-hydrated] [--packages DIR] [--settle S] [--watch-edits N]"
var sizes = [10_000, 30_000, 100_000]
var runs = 21
var processes = 3
var images = 1_000
var seed: UInt64 = 1
var packages = FileManager.default.temporaryDirectory.appendingPathComponent("scale-bench-packages")
var kinds = RequestKind.allCases
var measuredRoot: URL?
var settleSeconds = 0.0
var watchEdits = 0
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--sizes":
        let values = arguments.popFirst()?.split(separator: ",").map { Int($0) } ?? []
        guard !values.isEmpty, values.allSatisfy({ ($0 ?? 0) >= ScaleLayout.minimumFragments }) else {
            fail("--sizes needs comma-separated numbers of at least \(ScaleLayout.minimumFragments)")
        }
        sizes = values.compactMap { $0 }
    case "--runs":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 else { fail("--runs needs a number") }
        runs = value
    case "--processes":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 else {
            fail("--processes needs a number")
        }
        processes = value
    case "--images":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 else {
            fail("--images needs a positive number")
        }
        images = value
    case "--seed":
        guard let value = arguments.popFirst().flatMap({ UInt64($0) }) else { fail("--seed needs a number") }
        seed = value
    case "--packages":
        guard let value = arguments.popFirst() else { fail("--packages needs a folder") }
        packages = URL(fileURLWithPath: value)
    case "--requests":
        let names = arguments.popFirst()?.split(separator: ",").map { RequestKind(rawValue: String($0)) } ?? []
        guard !names.isEmpty, names.allSatisfy({ $0 != nil }) else {
            fail("--requests needs some of \(RequestKind.allCases.map(\.rawValue).joined(separator: ","))")
        }
        kinds = names.compactMap { $0 }
    case "--settle":
        guard let value = arguments.popFirst().flatMap({ Double($0) }), value >= 0 else {
            fail("--settle needs a number of seconds")
        }
        settleSeconds = value
    case "--watch-edits":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value >= 0 else {
            fail("--watch-edits needs a number")
        }
        watchEdits = value
    case "--measure":
        guard let value = arguments.popFirst() else { fail("--measure needs a jcr_root folder") }
        measuredRoot = URL(fileURLWithPath: value)
    case "--help", "-h":
        print(usage)
        exit(0)
    default:
        fail("unknown argument \(argument); \(usage)")
    }
}

if let measuredRoot {
    guard let size = sizes.first, sizes.count == 1 else { fail("--measure takes one size") }
    let measurement = await measure(
        jcrRoot: measuredRoot, layout: ScaleLayout(fragments: size, images: images, seed: seed), runs: runs,
        kinds: kinds, settleSeconds: settleSeconds, watchEdits: watchEdits)
    do {
        FileHandle.standardOutput.write(try JSONEncoder().encode(measurement) + Data("\n".utf8))
    } catch {
        fail("cannot encode the measurement: \(error)")
    }
    exit(0)
}

var results: [SizeResult] = []
for size in sizes {
    let layout = ScaleLayout(fragments: size, images: images, seed: seed)
    let pagesWalked = runs + 2
    if kinds.contains(.paginatedNext), layout.adventures < 100 * pagesWalked {
        fail(
            "paginated-next walks \(pagesWalked) pages of 100, more than the \(layout.adventures) adventures of "
                + "\(size) fragments; ask fewer --runs, a larger size, or leave it out of --requests")
    }
    let package = packages.appendingPathComponent("scale-\(size)-images-\(images)-seed-\(seed)")
    var generateSeconds: Double?
    if FileManager.default.fileExists(atPath: package.path) {
        progress("reusing \(package.path)")
    } else {
        progress("generating \(size) fragments into \(package.path)")
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            try FileManager.default.createDirectory(at: packages, withIntermediateDirectories: true)
            try ScalePackageWriter.write(layout, to: package)
        } catch {
            fail("cannot generate the package: \(error)")
        }
        generateSeconds = seconds(since: start)
    }
    var measurements: [Measurement] = []
    for number in 1...processes {
        progress("\(size) fragments: process \(number) of \(processes)")
        warmPageCache(package)
        measurements.append(
            measureInChild([
                "--measure", package.appendingPathComponent("jcr_root").path, "--sizes", String(size), "--runs",
                String(runs), "--images", String(images), "--seed", String(seed), "--requests",
                kinds.map(\.rawValue).joined(separator: ","), "--settle", String(settleSeconds), "--watch-edits",
                String(watchEdits),
            ]))
    }
    results.append(SizeResult(layout: layout, generateSeconds: generateSeconds, measurements: measurements))
}
printTables(results, runs: runs)
