// decode-bench: the library's decode path against JSONSerialization on the same bytes.
//
//   decode-bench [--adventures 10000] [--runs 15]
//
// Generates, deterministically and in memory, an `adventures-all`-shaped answer
// `{"data":{"adventureList":{"items":[...]}}}` whose adventures carry description and itinerary
// rich text (the `json` node tree, `plaintext` and `html`), then times, in interleaved pairs with
// the order swapped every pair:
//   A: Aem.execute(WKNDQueries.adventures()) answered from a cache  -- what `execute` does with a body
//   B: JSONSerialization.jsonObject(with:)          -- untyped parsing of the same bytes
// and prints one JSON object on stdout (progress on stderr).
import AEMHeadless
import Foundation
import WKNDSample

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("decode-bench: \(message)\n".utf8))
    exit(64)
}

var adventureCount = 10_000
var runs = 15
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--adventures":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 else {
            fail("--adventures needs a number")
        }
        adventureCount = value
    case "--runs":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 else { fail("--runs needs a number") }
        runs = value
    default:
        fail("unknown argument \(argument); usage: decode-bench [--adventures N] [--runs N]")
    }
}

// MARK: - The generated answer

/// SplitMix64: the same sequence on every machine.
struct Random {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}

let words = [
    "the", "ridge", "limestone", "sea", "cliffs", "morning", "guide", "rope", "summit", "trail", "camp", "river",
    "snow", "wave", "board", "valley", "glacier", "coffee", "forest", "hut", "descent", "route", "breakfast",
    "Côte", "d’Azur", "Zermatt", "Lisboa", "fjord", "naïve", "über", "café", "crêpes", "señor", "北海道", "🏔️",
    "\"quoted\"", "back\\slash", "tab\there", "50%", "a&b", "<angle>",
]
let activities = ["Rock Climbing", "Skiing", "Surfing", "Cycling", "Hiking", "Camping", "Skateboarding", "Running"]
let variants = [["bold"], ["italic"], ["underline"], ["bold", "italic"]]

/// JSON string literal for `text`, escaped as a JSON encoder would.
func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case let s where s.value < 0x20: out += String(format: "\\u%04x", s.value)
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

func sentence(_ random: inout Random, words count: Int) -> String {
    (0..<count).map { _ in random.pick(words) }.joined(separator: " ")
}

func htmlEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
}

/// Blocks per rich-text field: a header, the paragraphs and a list.
let paragraphsPerField = 2
let blocksPerField = paragraphsPerField + 2

/// One rich-text field: `{"plaintext":…,"html":…,"json":[…]}` with a header, paragraphs of styled
/// runs and a link, and a bulleted list.
func richText(_ random: inout Random) -> String {
    var nodes: [String] = []
    var plain: [String] = []
    var html = ""
    let heading = sentence(&random, words: 4)
    nodes.append(#"{"nodeType":"header","style":"h2","content":[{"nodeType":"text","value":\#(quoted(heading))}]}"#)
    plain.append(heading)
    html += "<h2>\(htmlEscaped(heading))</h2>"
    for _ in 0..<paragraphsPerField {
        var runs: [String] = []
        var paragraphText = ""
        var paragraphHTML = "<p>"
        for run in 0..<4 {
            let text = sentence(&random, words: 2 + random.below(5)) + " "
            paragraphText += text
            if run == 2 {
                let href = "https://wknd.site/en/adventures/\(random.below(1000))"
                runs.append(
                    #"{"nodeType":"link","data":{"href":\#(quoted(href)),"target":"_blank"},"value":\#(quoted(text))}"#)
                paragraphHTML += "<a href=\"\(href)\" target=\"_blank\">\(htmlEscaped(text))</a>"
            } else if run % 2 == 1 {
                let style = random.pick(variants)
                let variantList = style.map { "\"\($0)\"" }.joined(separator: ",")
                runs.append(#"{"nodeType":"text","value":\#(quoted(text)),"format":{"variants":[\#(variantList)]}}"#)
                paragraphHTML += "<b>\(htmlEscaped(text))</b>"
            } else {
                runs.append(#"{"nodeType":"text","value":\#(quoted(text))}"#)
                paragraphHTML += htmlEscaped(text)
            }
        }
        nodes.append(#"{"nodeType":"paragraph","content":[\#(runs.joined(separator: ","))]}"#)
        plain.append(paragraphText)
        html += paragraphHTML + "</p>"
    }
    var items: [String] = []
    html += "<ul>"
    for _ in 0..<3 {
        let text = sentence(&random, words: 4)
        items.append(
            #"{"nodeType":"list-item","content":[{"nodeType":"paragraph","content":[{"nodeType":"text","value":\#(quoted(text))}]}]}"#
        )
        plain.append(text)
        html += "<li><p>\(htmlEscaped(text))</p></li>"
    }
    html += "</ul>"
    nodes.append(#"{"nodeType":"unordered-list","content":[\#(items.joined(separator: ","))]}"#)
    return
        #"{"plaintext":\#(quoted(plain.joined(separator: "\n"))),"html":\#(quoted(html)),"json":[\#(nodes.joined(separator: ","))]}"#
}

func adventure(_ index: Int, _ random: inout Random) -> String {
    let slug = "adventure-\(index)-\(random.pick(["ridge", "surf", "camp", "tour"]))"
    let folder = "/content/dam/wknd-shared/en/adventures/\(slug)"
    let asset = String(format: "%08x-0000-4000-8000-%012x", random.below(1 << 30), index)
    let price = random.below(2) == 0 ? "\(random.below(5000))" : "\(random.below(5000)).5"
    return """
        {"_path":\(quoted("\(folder)/\(slug)")),"slug":\(quoted(slug)),"title":\(quoted(sentence(&random, words: 3).capitalized)),\
        "activity":\(quoted(random.pick(activities))),"adventureType":"Overnight Trip","difficulty":"Intermediate",\
        "groupSize":\(2 + random.below(10)),"price":\(price),"tripLength":"\(1 + random.below(9)) days",\
        "primaryImage":{"_path":\(quoted("\(folder)/\(slug).jpg")),\
        "_dynamicUrl":\(quoted("/adobe/dynamicmedia/deliver/dm-aid--\(asset)/\(slug).jpg?quality=80&preferwebp=true&width=1200")),\
        "width":2400,"height":1600,"mimeType":"image/jpeg"},\
        "description":\(richText(&random)),"itinerary":\(richText(&random))}
        """
}

FileHandle.standardError.write(Data("decode-bench: generating \(adventureCount) adventures…\n".utf8))
var random = Random(state: 20_240_501)
var document = #"{"data":{"adventureList":{"items":["#
for index in 0..<adventureCount {
    if index > 0 { document += "," }
    document += adventure(index, &random)
}
document += "]}}}"
let body = Data(document.utf8)
document = ""

// MARK: - Timing

let configuration: AemConfiguration
do {
    configuration = try AemConfiguration(scheme: .http, host: "127.0.0.1:4503")
} catch {
    fail("cannot make a configuration: \(error)")
}

struct UnusedTransport: AemHTTPTransport {
    func send(_ request: AemHTTPRequest) async throws -> AemHTTPResponse {
        throw AemHTTPTransportError(.connectionFailed, "decode-bench sends no requests")
    }
}

/// A cache that holds the generated answer for every key, fresh: `execute` reads it and decodes it as it decodes a
/// fetched body, and sends nothing.
struct AnswerCache: ResponseCache {
    let answer: CachedResponse
    func lookup(_ key: CacheKey) async -> CachedResponse? { answer }
    func store(_ response: CachedResponse, for key: CacheKey) async {}
    func touch(_ key: CacheKey) async {}
    func remove(_ key: CacheKey) async {}
    func identityDigest(of credential: String) -> String { credential }
}

let aem = Aem(
    configuration, transport: UnusedTransport(),
    cache: AnswerCache(
        answer: CachedResponse(
            status: 200, headers: ["Content-Type": "application/json", "Cache-Control": "max-age=86400"], body: body,
            storedAt: Date())),
    policy: .returnCacheDataDontFetch)
let query = WKNDQueries.adventures()

@MainActor func decodeWithLibrary() async -> Int {
    do {
        let result = try await aem.execute(query).value
        guard result.errors.isEmpty, let items = result.data?.adventureList?.items else {
            fail("the library decoded no list")
        }
        guard items.count == adventureCount, items.allSatisfy({ $0.description?.json?.count == blocksPerField }) else {
            fail("the library decoded \(items.count) adventures (or lost rich text); expected \(adventureCount)")
        }
        return items.count
    } catch {
        fail("the library could not decode the generated answer: \(error)")
    }
}

@MainActor func parseWithJSONSerialization() -> Int {
    do {
        let object = try JSONSerialization.jsonObject(with: body)
        guard let root = object as? [String: Any], let data = root["data"] as? [String: Any],
            let list = data["adventureList"] as? [String: Any], let items = list["items"] as? [Any]
        else { fail("JSONSerialization returned an unexpected shape") }
        return items.count
    } catch {
        fail("JSONSerialization could not parse the generated answer: \(error)")
    }
}

@MainActor func seconds(_ body: () async -> Int) async -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    let count = await body()
    let elapsed = clock.now - start
    if count != adventureCount { fail("wrong count \(count)") }
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func quantile(_ values: [Double], _ q: Double) -> Double {
    let sorted = values.sorted()
    let position = q * Double(sorted.count - 1)
    let lower = Int(position.rounded(.down))
    let upper = Int(position.rounded(.up))
    return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
}

let megabytes = Double(body.count) / 1_000_000
FileHandle.standardError.write(
    Data(String(format: "decode-bench: %.1f MB; warming up, then %d interleaved pairs\n", megabytes, runs).utf8))
_ = await decodeWithLibrary()
_ = parseWithJSONSerialization()

var library: [Double] = []
var untyped: [Double] = []
for pair in 0..<runs {
    if pair % 2 == 0 {
        library.append(await seconds(decodeWithLibrary))
        untyped.append(await seconds(parseWithJSONSerialization))
    } else {
        untyped.append(await seconds(parseWithJSONSerialization))
        library.append(await seconds(decodeWithLibrary))
    }
}
let ratios = zip(library, untyped).map { $0 / $1 }

let report: [String: Any] = [
    "adventures": adventureCount,
    "bytes": body.count,
    "pairs": runs,
    "library_seconds": library,
    "jsonserialization_seconds": untyped,
    "library_median_s": median(library),
    "jsonserialization_median_s": median(untyped),
    "library_mb_per_s": megabytes / median(library),
    "jsonserialization_mb_per_s": megabytes / median(untyped),
    "ratio_median": median(ratios),
    "ratio_q1": quantile(ratios, 0.25),
    "ratio_q3": quantile(ratios, 0.75),
    "ratio_min": ratios.min() ?? 0,
    "ratio_max": ratios.max() ?? 0,
]
do {
    let json = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
    FileHandle.standardOutput.write(json + Data("\n".utf8))
} catch {
    fail("cannot encode the report: \(error)")
}
