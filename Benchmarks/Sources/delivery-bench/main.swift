// delivery-bench: the emulator's Content Fragment Delivery API (`/adobe/contentFragments`) on synthetic content,
// over HTTP, timed server-side.
//
//   delivery-bench [--fragments 10000] [--runs 101]
//
// Writes a small content package with two models (an article with an author, two related articles, an image and
// tags; an author with a mentor) to a temporary folder, loads it, and adds, the same every run, N fragments in
// memory: N/20 authors (each mentoring the next) and articles in folders of 100, each referencing an author and
// the next two articles of its folder, so that `references=all-hydrated` follows references ten levels deep.
// It then starts the emulator on 127.0.0.1, walks the whole list once (pages of 50) to collect cursors, and times
// `--runs` requests each (after a warm-up) of:
//   list-first      the first page of 50 of `path=/content/dam/bench`
//   list-middle     the page at the middle of the list
//   list-last       the last page
//   get-all-hydrated  one article with `references=all-hydrated`
// The durations are the emulator's own (`EmulatorRequestRecord.duration`: request head in to response head out,
// body serialised and hashed), so the client's speed does not count. Prints one JSON object on stdout: median and
// p90 in milliseconds per request kind, with the answer's size (progress on stderr). It uses public API only:
//   cd Benchmarks && swift build -c release --product delivery-bench && .build/release/delivery-bench
import AEMEmulator
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("delivery-bench: \(message)\n".utf8))
    exit(64)
}

func progress(_ message: String) {
    FileHandle.standardError.write(Data("delivery-bench: \(message)\n".utf8))
}

var fragmentCount = 10_000
var runs = 101
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--fragments":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value >= 200 else {
            fail("--fragments needs a number of at least 200")
        }
        fragmentCount = value
    case "--runs":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 else { fail("--runs needs a number") }
        runs = value
    default:
        fail("unknown argument \(argument); usage: delivery-bench [--fragments N] [--runs N]")
    }
}

// MARK: - Content

let articleModel = "/conf/bench/settings/dam/cfm/models/article"
let authorModel = "/conf/bench/settings/dam/cfm/models/author"

/// A model's `.content.xml` with `fields` as (name, metaType, valueType, allowed model).
func modelXML(title: String, fields: [(String, String, String, String?)]) -> String {
    var items = ""
    for (index, field) in fields.enumerated() {
        let allowed = field.3.map { " fragmentmodelreference=\"\($0)\"" } ?? ""
        items +=
            "<item\(index) jcr:primaryType=\"nt:unstructured\" metaType=\"\(field.1)\" name=\"\(field.0)\" valueType=\"\(field.2)\"\(allowed)/>\n"
    }
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <jcr:root xmlns:jcr="http://www.jcp.org/jcr/1.0" xmlns:cq="http://www.day.com/jcr/cq/1.0" \
        xmlns:nt="http://www.jcp.org/jcr/nt/1.0" jcr:primaryType="cq:Template"><jcr:content \
        jcr:primaryType="cq:PageContent" jcr:title="\(title)"><model jcr:primaryType="cq:PageContent"><cq:dialog \
        jcr:primaryType="nt:unstructured"><content jcr:primaryType="nt:unstructured"><items \
        jcr:primaryType="nt:unstructured">
        \(items)</items></content></cq:dialog></model></jcr:content></jcr:root>

        """
}

/// The two models, loaded from a package written to a temporary folder.
func modelsOnly() -> EmulatorContent {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("delivery-bench-\(getpid())")
    defer { try? FileManager.default.removeItem(at: root) }
    let jcrRoot = root.appendingPathComponent("jcr_root")
    let models: [(String, String)] = [
        (
            articleModel,
            modelXML(
                title: "Article",
                fields: [
                    ("title", "text-single", "string", nil), ("body", "text-multi", "string", nil),
                    ("views", "number", "long", nil), ("published", "date", "calendar/datetime", nil),
                    ("labels", "tags", "string[]", nil),
                    ("author", "fragment-reference", "string/content-fragment", authorModel),
                    ("related", "fragment-reference", "string/content-fragment[]", articleModel),
                    ("image", "reference", "string/reference", nil),
                ])
        ),
        (
            authorModel,
            modelXML(
                title: "Author",
                fields: [
                    ("name", "text-single", "string", nil), ("biography", "text-multi", "string", nil),
                    ("mentor", "fragment-reference", "string/content-fragment", authorModel),
                ])
        ),
    ]
    do {
        for (path, xml) in models {
            let folder = jcrRoot.appendingPathComponent(String(path.dropFirst()))
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(xml.utf8).write(to: folder.appendingPathComponent(".content.xml"))
        }
        return try EmulatorContent.load(jcrRoot: jcrRoot)
    } catch {
        fail("cannot write or load the models: \(error)")
    }
}

func uuid(_ kind: Int, _ number: Int) -> String {
    String(format: "%08x-0000-4000-8000-%012x", kind, number)
}

let authorCount = fragmentCount / 20
let articleCount = fragmentCount - authorCount
func authorPath(_ number: Int) -> String { String(format: "/content/dam/bench/authors/author-%05d", number) }
func articlePath(_ number: Int) -> String {
    String(format: "/content/dam/bench/articles/folder-%03d/article-%05d", number / 100, number)
}
let imagePath = "/content/dam/bench/images/cover.jpg"

var content = modelsOnly()
content[asset: imagePath] = DamAsset(
    path: imagePath, uuid: uuid(3, 0), mimeType: "image/jpeg", width: 1600, height: 900,
    lastModified: Date(timeIntervalSince1970: 1_714_550_400), bytes: .synthetic(byteCount: 16_384))
for number in 0..<authorCount {
    content[fragment: authorPath(number)] = ContentFragment(
        path: authorPath(number), uuid: uuid(2, number), modelPath: authorModel, title: "Author \(number)",
        master: [
            "name": .string("Author \(number)"),
            "biography": .string("<p>Author \(number) writes about <b>travel</b> and food.</p>"),
            "mentor": .string(authorPath((number + 1) % authorCount)),
        ])
}
for number in 0..<articleCount {
    let folderStart = number / 100 * 100
    let folderEnd = min(folderStart + 100, articleCount)
    let related = [1, 2].map { folderStart + (number - folderStart + $0) % (folderEnd - folderStart) }
    content[fragment: articlePath(number)] = ContentFragment(
        path: articlePath(number), uuid: uuid(1, number), modelPath: articleModel, title: "Article \(number)",
        master: [
            "title": .string("Article \(number)"),
            "body": .string(
                "<p>Day <b>\(number)</b> of the trip.</p>\n<p>See&nbsp;<a href=\"https://example.com\">more</a></p>\n"),
            "views": .long(number * 37 % 10_000),
            "published": .string("2024-05-01T10:00:00.000+02:00"),
            "labels": .array([.string("bench:topics/travel"), .string("bench:topics/food")]),
            "author": .string(authorPath(number % authorCount)),
            "related": .array(related.map { .string(articlePath($0)) }),
            "image": .string(imagePath),
        ])
}

// MARK: - Requests

/// GETs `path` (with its query) and returns the body; fails on anything but 200.
func get(_ base: URL, _ target: String) async -> Data {
    guard let url = URL(string: base.absoluteString + target) else { fail("bad target \(target)") }
    do {
        let (data, response) = try await URLSession.shared.data(from: url)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { fail("\(target) did not answer 200") }
        return data
    } catch {
        fail("\(target) failed: \(error)")
    }
}

func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
}

progress("\(fragmentCount) fragments (\(articleCount) articles, \(authorCount) authors); starting the emulator")
let emulator: RunningEmulator
do {
    emulator = try await Emulator.start(options: EmulatorOptions(content: content))
} catch {
    fail("the emulator did not start: \(error)")
}
let base = emulator.baseURL
let listPath = "/adobe/contentFragments?path=/content/dam/bench&limit=50"

var pageTargets = [listPath]
while true {
    let page = await get(base, pageTargets[pageTargets.count - 1])
    guard let object = try? JSONSerialization.jsonObject(with: page) as? [String: Any] else {
        fail("a page is no JSON")
    }
    guard let cursor = object["cursor"] as? String else { break }
    guard let encoded = cursor.addingPercentEncoding(withAllowedCharacters: .alphanumerics) else { fail("cursor") }
    pageTargets.append(listPath + "&cursor=" + encoded)
}
guard pageTargets.count == (fragmentCount + 49) / 50 else { fail("the list has \(pageTargets.count) pages") }
progress("walked \(pageTargets.count) pages; timing \(runs) requests of each kind")

let middleArticle = uuid(1, articleCount / 2)
let cases: [(String, String)] = [
    ("list-first", pageTargets[0]),
    ("list-middle", pageTargets[pageTargets.count / 2]),
    ("list-last", pageTargets[pageTargets.count - 1]),
    ("get-all-hydrated", "/adobe/contentFragments/\(middleArticle)?references=all-hydrated"),
]
var results: [String] = []
for (name, target) in cases {
    let body = await get(base, target)
    emulator.clearRequests()
    for _ in 0..<runs { _ = await get(base, target) }
    let milliseconds = emulator.requests.map { $0.duration / .milliseconds(1) }
    guard milliseconds.count == runs else { fail("\(name): \(milliseconds.count) requests recorded") }
    var detail = ""
    if let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] {
        if let items = object["items"] as? [Any] { detail = ",\"items\":\(items.count)" }
        if let references = object["references"] as? [String: Any] { detail = ",\"references\":\(references.count)" }
    }
    results.append(
        String(
            format: "\"%@\":{\"median_ms\":%.3f,\"p90_ms\":%.3f,\"min_ms\":%.3f,\"bytes\":%d%@,\"runs\":%d}", name,
            percentile(milliseconds, 0.5), percentile(milliseconds, 0.9), milliseconds.min() ?? 0, body.count,
            detail, runs))
}
await emulator.stop()
print("{\"fragments\":\(fragmentCount)," + results.joined(separator: ",") + "}")
