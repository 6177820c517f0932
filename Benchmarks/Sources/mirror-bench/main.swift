// mirror-bench: queries and search over a large synced folder, through the library's public API only.
//
//   mirror-bench [--fragments 100000] [--runs 51] [--folder DIR]
//
// Fills a store with `--fragments` synthetic adventures (deterministic; rich-text descriptions, prices, activities)
// by running `SyncEngine` over a generated `SyncSource` (pages of 1,000, nothing fetched over the network), with an
// index kept on `price` (`indexedMembers`), then times, as the median of `--runs` after one warm-up:
//   filtered-sorted-50     price < 500, sorted by price descending, 50 fragments (the indexed member)
//   unindexed-sorted-50    the same on `groupSize`, which has no index
//   search-20              `FragmentQuery(search: "glacier")`: the 20 best of a word in about a quarter of the fragments
//   search-rare-20         `FragmentQuery(search: "aurora")`: the 20 best of a word in 1 fragment in 100
//   search-filtered-20     the search with `price < 500`, sorted by price
// and prints one JSON object on stdout (progress on stderr), with the sync's time and the peak RSS.
import AEMHeadless
import AEMHeadlessSync
import AEMHeadlessURLSession
import Foundation

#if canImport(Glibc)
import Glibc
#endif

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("mirror-bench: \(message)\n".utf8))
    exit(64)
}

var count = 100_000
let runs: Int
var folder: URL?
var runsGiven = 51
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    let value = arguments.popFirst()
    switch argument {
    case "--fragments":
        guard let number = value.flatMap(Int.init), number > 0 else { fail("--fragments takes a number") }
        count = number
    case "--runs":
        guard let number = value.flatMap(Int.init), number > 0 else { fail("--runs takes a number") }
        runsGiven = number
    case "--folder":
        guard let value else { fail("--folder takes a path") }
        folder = URL(fileURLWithPath: value)
    default: fail("unknown argument \(argument); usage: mirror-bench [--fragments N] [--runs N] [--folder DIR]")
    }
}
runs = runsGiven

/// Synthetic adventures, a page of 1,000 at a time, each complete in its list entry.
struct SyntheticSource: SyncSource {
    let count: Int
    static let activities = ["Surfing", "Cycling", "Hiking", "Skiing", "Rock Climbing", "Camping", "Running"]
    static let words = ["river", "mountain", "coast", "forest", "glacier", "canyon", "island", "valley"]

    var identity: String { "\(count) synthetic adventures" }

    func page(after cursor: String?, validator: PageValidator?) async throws -> PageAnswer {
        let start = Int(cursor ?? "0") ?? 0
        let end = min(start + 1000, count)
        let items = (start..<end).map(item)
        return .page(SyncPage(items: items, nextCursor: end < count ? String(end) : nil, validator: nil))
    }

    func detail(of item: SyncListItem) async throws -> SyncItemDetail? { item.complete }

    private func item(_ index: Int) -> SyncListItem {
        var state = UInt64(index) &* 0x9E37_79B9_7F4A_7C15 &+ 1
        func next() -> Int {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return Int(truncatingIfNeeded: (state &* 0x2545_F491_4F6C_DD1D) >> 1)
        }
        let activity = Self.activities[next() % Self.activities.count]
        let word = Self.words[next() % Self.words.count]
        let other = Self.words[next() % Self.words.count]
        let path = String(format: "/content/dam/bench/en/adventures/a-%06d/a-%06d", index, index)
        // One adventure in a hundred sees the aurora: a word as rare as most searches are.
        let sight = index % 100 == 7 ? " Under the aurora." : ""
        let body = "Days along the \(other), nights by the \(word); a guide, meals and gear included.\(sight)"
        let object: UntypedJSON = [
            "item": [
                "_path": .string(path), "slug": .string("a-\(index)"),
                "title": .string("\(activity) the \(word) \(index)"),
                "activity": .string(activity), "price": UntypedJSON(Double(next() % 200_000) / 100),
                "groupSize": UntypedJSON(next() % 40 + 1),
                "description": [
                    "plaintext": .string(body), "html": .string("<p>\(body)</p>"),
                    "json": [["nodeType": "paragraph", "content": [["nodeType": "text", "value": .string(body)]]]],
                ],
            ],
            "_references": [],
        ]
        let json = Data(object.jsonBytes())
        return SyncListItem(
            path: path, slug: "a-\(index)", model: "Adventure", json: json,
            complete: SyncItemDetail(json: json, imageLocations: []))
    }
}

#if canImport(Glibc)
let rusageSelf = __rusage_who_t(RUSAGE_SELF.rawValue)
#else
let rusageSelf = RUSAGE_SELF
#endif

func peakRSSMiB() -> Double {
    var usage = rusage()
    getrusage(rusageSelf, &usage)
    return Double(usage.ru_maxrss) / 1024
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

/// The median milliseconds of `body` over `runs`, after one warm-up, and how many items it returned.
func time(_ runs: Int, _ body: () throws -> Int) throws -> (ms: Double, min: Double, max: Double, items: Int) {
    let items = try body()
    var samples: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<runs {
        let start = clock.now
        _ = try body()
        let elapsed = clock.now - start
        samples.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
    }
    return (median(samples), samples.min() ?? 0, samples.max() ?? 0, items)
}

let directory =
    folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("mirror-bench-\(count)")
let storeFile = directory.appendingPathComponent("content.sqlite")
var syncSeconds: Double?
if !FileManager.default.fileExists(atPath: storeFile.path) {
    FileHandle.standardError.write(
        Data("mirror-bench: syncing \(count) synthetic adventures into \(directory.path)\n".utf8))
    let aem = Aem(try AemConfiguration(host: "localhost.invalid"), transport: URLSessionTransport())
    let engine = SyncEngine(aem: aem, directory: directory, indexedMembers: ["price"])
    let report = try await engine.sync(SyntheticSource(count: count))
    syncSeconds = report.seconds
}
let store = try ContentStore(directory: directory)
FileHandle.standardError.write(Data("mirror-bench: timing \(runs) runs of each query\n".utf8))
let filtered = try time(runs) {
    try store.fragments(
        matching: FragmentQuery(where: .less("price", 500), sort: [.descending("price")], limit: 50)
    ).count
}
let unindexed = try time(runs) {
    try store.fragments(
        matching: FragmentQuery(where: .less("groupSize", 10), sort: [.descending("groupSize")], limit: 50)
    ).count
}
let search = try time(runs) { try store.fragments(matching: FragmentQuery(search: "glacier", limit: 20)).count }
let rare = try time(runs) { try store.fragments(matching: FragmentQuery(search: "aurora", limit: 20)).count }
let searchFiltered = try time(runs) {
    try store.fragments(
        matching: FragmentQuery(where: .less("price", 500), search: "glacier", sort: [.ascending("price")], limit: 20)
    ).count
}
func entry(_ result: (ms: Double, min: Double, max: Double, items: Int)) -> [String: Any] {
    ["median_ms": result.ms, "min_ms": result.min, "max_ms": result.max, "items": result.items]
}
var output: [String: Any] = [
    "fragments": try store.count(matching: FragmentQuery()), "runs": runs,
    "filtered_sorted_50": entry(filtered), "unindexed_sorted_50": entry(unindexed), "search_20": entry(search),
    "search_rare_20": entry(rare),
    "search_filtered_20": entry(searchFiltered), "peak_rss_mib": peakRSSMiB(),
]
if let syncSeconds { output["sync_s"] = syncSeconds }
let json = try JSONSerialization.data(withJSONObject: output, options: [.sortedKeys])
print(String(decoding: json, as: UTF8.self))
