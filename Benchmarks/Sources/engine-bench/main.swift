// engine-bench: the emulator's GraphQL engine, in process, on synthetic content.
//
//   engine-bench [--runs 51]
//
// Builds two repositories in memory (a WKND-like Adventure model with 20 and with 10,000 fragments, each with
// rich text and an image), then times, server-side (no HTTP), the median of `--runs` executions after a warm-up:
//   adventures-all         the sample app's list query (20 fragments)
//   paginated-first-100    `adventurePaginated(first: 100, sort: "price DESC, title ASC")` over 10,000 fragments
//   paginated-after        the page after the first one (cursor lookup)
// and prints one JSON object on stdout (progress on stderr). The first execution of a sort also sorts the
// fragments (then cached): it is reported as `cold_ms`.
//
// Internal engine types are reached with `@testable import`, so it is built optimised with testing enabled, in its
// own scratch folder:
//   cd Benchmarks && swift build -c release -Xswiftc -enable-testing --scratch-path ../.build-engine-bench \
//       --product engine-bench && ../.build-engine-bench/release/engine-bench --runs 51
import Foundation

@testable import AEMEmulator

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("engine-bench: \(message)\n".utf8))
    exit(64)
}

var runs = 51
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--runs":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 else { fail("--runs needs a number") }
        runs = value
    default:
        fail("unknown argument \(argument); usage: engine-bench [--runs N]")
    }
}

let modelPath = "/conf/bench/settings/dam/cfm/models/adventure"
let model = FragmentModel(
    path: modelPath, configuration: "bench", title: "Adventure",
    fields: [
        ModelField(name: "title", kind: .text, isMultiple: false, isRequired: true),
        ModelField(name: "slug", kind: .text, isMultiple: false, isRequired: true),
        ModelField(
            name: "description", kind: .richText(allowedModels: [modelPath]), isMultiple: false, isRequired: false),
        ModelField(
            name: "activity", kind: .enumeration(values: ["Surfing", "Cycling", "Hiking"]), isMultiple: false,
            isRequired: false),
        ModelField(name: "tripLength", kind: .text, isMultiple: false, isRequired: false),
        ModelField(name: "groupSize", kind: .integer, isMultiple: false, isRequired: false),
        ModelField(name: "price", kind: .float, isMultiple: false, isRequired: false),
        ModelField(name: "primaryImage", kind: .contentReference, isMultiple: false, isRequired: false),
    ])

/// `count` adventures with deterministic values (prices repeat, so sorting needs its tie-breaks).
func repository(count: Int) -> ContentRepository {
    var fragments: [String: ContentFragment] = [:]
    var assets: [String: DamAsset] = [:]
    let activities = ["Surfing", "Cycling", "Hiking"]
    for number in 0..<count {
        let slug = "adventure-\(number)"
        let path = "/content/dam/bench/adventures/\(slug)/\(slug)"
        let imagePath = "/content/dam/bench/adventures/\(slug)/image-\(number).jpg"
        let uuid = String(format: "%08x-0000-4000-8000-%012x", (number &* 2_654_435_761) & 0xFFFF_FFFF, number)
        assets[imagePath] = DamAsset(
            path: imagePath, uuid: "img-" + uuid, mimeType: "image/jpeg", width: 1600, height: 900, lastModified: nil,
            bytes: .data(Data()))
        fragments[path] = ContentFragment(
            path: path, uuid: uuid, modelPath: modelPath, title: "Adventure \(number)", lastModified: nil, tags: [],
            master: [
                "title": .string("Adventure \(number)"), "slug": .string(slug),
                "activity": .string(activities[number % 3]),
                "tripLength": .string("\(number % 7 + 1) Days"), "groupSize": .long(number % 12 + 1),
                "price": .double(Double((number * 37) % 500) * 10), "primaryImage": .string(imagePath),
                "description": .string(
                    "<p>Day <b>\(number)</b> of the trip.</p>\n<p>See&nbsp;<a href=\"https://example.com\">more</a></p>\n"
                ),
            ],
            variations: [])
    }
    return ContentRepository(models: [modelPath: model], fragments: fragments, assets: assets, queries: [:])
}

let adventuresAll = """
    query ($offset: Int, $limit: Int, $sort: String, $imageFormat: AssetTransformFormat=JPG, $imageWidth: Int=1200, $imageQuality: Int=80) {
      adventureList(offset: $offset, limit: $limit, sort: $sort,
        _assetTransform: {format: $imageFormat, width: $imageWidth, quality: $imageQuality, preferWebp: true}) {
        items { _path slug title activity price tripLength primaryImage { ... on ImageRef { _path _dynamicUrl } } }
      }
    }
    """

let paginated = """
    query ($first: Int, $after: String) {
      adventurePaginated(first: $first, after: $after, sort: "price DESC, title ASC",
        _assetTransform: {format: JPG, width: 1200, quality: 80, preferWebp: true}) {
        edges { cursor node { _path slug title activity price tripLength primaryImage { ... on ImageRef { _path _dynamicUrl } } } }
        pageInfo { endCursor hasNextPage }
      }
    }
    """

func stored(_ text: String, _ name: String) -> StoredQuery {
    StoredQuery(configuration: "bench", name: name, text: text, cacheControl: nil, surrogateControl: nil)
}

/// Milliseconds of each of `runs` executions (after one warm-up), and of the first one.
@MainActor func measure(
    _ engine: QueryEngine, _ query: StoredQuery, _ variables: [String: String], check: (OrderedJSON) -> Bool
) async -> (cold: Double, samples: [Double]) {
    func once() async -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        let outcome = await engine.execute(query, rawVariables: variables)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        guard case .response(let value) = outcome, check(value) else { fail("\(query.name) gave an unexpected answer") }
        return elapsed
    }
    let cold = await once()
    var samples: [Double] = []
    for _ in 0..<runs { samples.append(await once()) }
    return (cold, samples)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func items(_ value: OrderedJSON, _ field: String, _ list: String) -> Int {
    guard case .object(let root) = value, let data = root.first(where: { $0.0 == "data" })?.1,
        case .object(let members)? = data[field], case .array(let elements)? = members.first(where: { $0.0 == list })?.1
    else { return -1 }
    return elements.count
}

FileHandle.standardError.write(Data("engine-bench: building repositories (20 and 10,000 fragments)\n".utf8))
let small = QueryEngine(repository: repository(count: 20))
let large = QueryEngine(repository: repository(count: 10_000))

let all = await measure(small, stored(adventuresAll, "adventures-all"), [:]) {
    items($0, "adventureList", "items") == 20
}
let first = await measure(large, stored(paginated, "page"), ["first": "100"]) {
    items($0, "adventurePaginated", "edges") == 100
}
guard case .response(let firstPage) = await large.execute(stored(paginated, "page"), rawVariables: ["first": "100"]),
    case .object(let root) = firstPage, case .object(let data)? = root.first(where: { $0.0 == "data" })?.1,
    case .object(let connection)? = data.first?.1,
    case .object(let pageInfo)? = connection.first(where: { $0.0 == "pageInfo" })?.1,
    case .string(let endCursor)? = pageInfo.first(where: { $0.0 == "endCursor" })?.1
else { fail("no end cursor") }
let next = await measure(large, stored(paginated, "page"), ["first": "100", "after": endCursor]) {
    items($0, "adventurePaginated", "edges") == 100
}

func report(_ name: String, _ result: (cold: Double, samples: [Double])) -> String {
    String(
        format: "\"%@\":{\"median_ms\":%.3f,\"min_ms\":%.3f,\"cold_ms\":%.3f,\"runs\":%d}", name,
        median(result.samples), result.samples.min() ?? 0, result.cold, result.samples.count)
}
print(
    "{"
        + [report("adventures-all", all), report("paginated-first-100", first), report("paginated-after", next)].joined(
            separator: ",") + "}")
