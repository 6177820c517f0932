// package-load-bench: how long the emulator takes to load a large content package, and its peak memory.
//
//   package-load-bench [--fragments 10000] [--runs 5] [--keep DIR]
//
// Generates, deterministically, a FileVault package in a temporary folder (or in DIR, kept for the next run,
// which loads it again without generating): one Adventure model,
// N adventure fragments shaped like real AEM exports (rich text, `@LastModified` bookkeeping, tags), one image
// asset per 100 fragments and two persisted queries. Then loads it `runs` times with `ContentPackage(jcrRoot:)`
// and prints one JSON object on stdout: the median and fastest load, and the process's peak RSS
// (progress on stderr).
import AEMEmulator
import Foundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("package-load-bench: \(message)\n".utf8))
    exit(64)
}

func progress(_ message: String) {
    FileHandle.standardError.write(Data("package-load-bench: \(message)\n".utf8))
}

var fragmentCount = 10_000
var runs = 5
var keep: URL?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--fragments":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 else {
            fail("--fragments needs a number")
        }
        fragmentCount = value
    case "--runs":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 else { fail("--runs needs a number") }
        runs = value
    case "--keep":
        guard let value = arguments.popFirst() else { fail("--keep needs a folder") }
        keep = URL(fileURLWithPath: value)
    default:
        fail("unknown argument \(argument); usage: package-load-bench [--fragments N] [--runs N] [--keep DIR]")
    }
}

// MARK: - The generated package

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
    "snow", "wave", "board", "valley", "glacier", "coffee", "forest", "hut", "descent", "route", "Côte", "café",
    "naïve", "北海道", "a&amp;b", "&quot;quoted&quot;",
]
let activities = ["Camping", "Surfing", "Skiing", "Cycling", "Hiking", "Rock Climbing", "Running", "Social"]
let header = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
let namespaces =
    #"xmlns:jcr="http://www.jcp.org/jcr/1.0" xmlns:cq="http://www.day.com/jcr/cq/1.0" "#
    + #"xmlns:dam="http://www.day.com/dam/1.0" xmlns:mix="http://www.jcp.org/jcr/mix/1.0" "#
    + #"xmlns:nt="http://www.jcp.org/jcr/nt/1.0" xmlns:tiff="http://ns.adobe.com/tiff/1.0/" "#
    + #"xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:sling="http://sling.apache.org/jcr/sling/1.0""#

func write(_ text: String, to url: URL) {
    do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    } catch {
        fail("cannot write \(url.path): \(error)")
    }
}

/// A UUID made of the generator's next 128 bits.
func uuid(_ random: inout Random) -> String {
    let hex = String(format: "%016llx%016llx", random.next(), random.next())
    let characters = Array(hex)
    return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
}

func sentence(_ random: inout Random, _ count: Int) -> String {
    (0..<count).map { _ in random.pick(words) }.joined(separator: " ")
}

func richText(_ random: inout Random, paragraphs: Int) -> String {
    (0..<paragraphs).map { _ in
        "&lt;p>\(sentence(&random, 12)) &lt;b>\(sentence(&random, 3))&lt;/b> \(sentence(&random, 20)).&lt;/p>&#xa;"
    }.joined()
}

func generate(into root: URL, fragments fragmentCount: Int) {
    var random = Random(state: 2024)
    let model = "/conf/bench/settings/dam/cfm/models/adventure"
    var items = ""
    let fields: [(String, String, String)] = [
        ("title", "text-single", "string"), ("slug", "text-single", "string"), ("description", "text-multi", "string"),
        ("activity", "enumeration", "string"), ("groupSize", "number", "long"), ("price", "number", "double"),
        ("primaryImage", "reference", "string/reference"), ("itinerary", "text-multi", "string"),
    ]
    for (index, field) in fields.enumerated() {
        var item =
            "<_x0031_70000000000\(index) jcr:primaryType=\"nt:unstructured\" metaType=\"\(field.1)\" name=\"\(field.0)\" valueType=\"\(field.2)\""
        if field.1 == "enumeration" {
            item += "><optionsmultifield jcr:primaryType=\"nt:unstructured\">"
            for (option, activity) in activities.enumerated() {
                item +=
                    "<item\(option) jcr:primaryType=\"nt:unstructured\" fieldLabel=\"\(activity)\" fieldValue=\"\(activity)\"/>"
            }
            item += "</optionsmultifield></_x0031_70000000000\(index)>"
        } else {
            item += "/>"
        }
        items += item + "\n"
    }
    write(
        header
            + "<jcr:root \(namespaces) jcr:primaryType=\"cq:Template\"><jcr:content jcr:primaryType=\"cq:PageContent\" jcr:title=\"Adventure\"><model jcr:primaryType=\"cq:PageContent\"><cq:dialog jcr:primaryType=\"nt:unstructured\"><content jcr:primaryType=\"nt:unstructured\"><items jcr:primaryType=\"nt:unstructured\">\n\(items)</items></content></cq:dialog></model></jcr:content></jcr:root>\n",
        to: root.appendingPathComponent("conf/bench/settings/dam/cfm/models/adventure/.content.xml"))

    let queries = root.appendingPathComponent("conf/bench/settings/graphql/persistentQueries")
    var queryNodes = ""
    for name in ["adventures-all", "adventure-by-slug"] {
        queryNodes +=
            "<\(name) jcr:primaryType=\"nt:unstructured\"><jcr:content jcr:primaryType=\"nt:unstructured\" jcr:data=\"{Binary}\"/></\(name)>"
        write(
            "{ adventureList { items { _path title } } }",
            to: queries.appendingPathComponent("\(name)/_jcr_content/_jcr_data.binary"))
    }
    write(
        header + "<jcr:root \(namespaces) jcr:primaryType=\"cq:Page\">\(queryNodes)</jcr:root>\n",
        to: queries.appendingPathComponent(".content.xml"))

    let dam = root.appendingPathComponent("content/dam/bench/adventures")
    let imageBytes = Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0, count: 1024))
    for index in 0..<fragmentCount {
        let slug = String(format: "adventure-%05d", index)
        let folder = "/content/dam/bench/adventures/\(index / 100)"
        let image = "\(folder)/photo-\(index / 100).jpg"
        let date = String(
            format: "2024-%02d-%02dT%02d:%02d:00.000+02:00", 1 + index % 12, 1 + index % 28, index % 24, index % 60)
        if index % 100 == 0 {
            let assetFolder = dam.appendingPathComponent("\(index / 100)/photo-\(index / 100).jpg")
            write(
                header
                    + "<jcr:root \(namespaces) jcr:primaryType=\"dam:Asset\" jcr:uuid=\"\(uuid(&random))\"><jcr:content jcr:primaryType=\"dam:AssetContent\" jcr:lastModified=\"{Date}\(date)\"><metadata jcr:primaryType=\"nt:unstructured\" dc:format=\"image/jpeg\" tiff:ImageWidth=\"{Long}1600\" tiff:ImageLength=\"{Long}900\"/></jcr:content></jcr:root>\n",
                to: assetFolder.appendingPathComponent(".content.xml"))
            do {
                try imageBytes.write(
                    to: assetFolder.appendingPathComponent("_jcr_content/renditions/original", isDirectory: false)
                        .creatingFolder())
            } catch {
                fail("cannot write an image: \(error)")
            }
        }
        let activity = random.pick(activities)
        let values: [(String, String)] = [
            ("title", sentence(&random, 4)), ("slug", slug), ("description", richText(&random, paragraphs: 3)),
            ("description_x0040_ContentType", "text/html"), ("activity", activity),
            ("groupSize", "{Long}\(1 + random.below(20))"), ("price", "{Double}\(random.below(900_000)).00"),
            ("primaryImage", image), ("itinerary", richText(&random, paragraphs: 5)),
            ("itinerary_x0040_ContentType", "text/html"),
        ]
        var master = "jcr:primaryType=\"nt:unstructured\""
        for (name, value) in values {
            master +=
                "\n                \(name)=\"\(value)\"\n                \(name)_x0040_LastModified=\"{Date}\(date)\""
        }
        let tag = activity.lowercased().replacingOccurrences(of: " ", with: "-")
        write(
            header + """
                <jcr:root \(namespaces)
                    jcr:mixinTypes="[mix:referenceable,mix:versionable]"
                    jcr:primaryType="dam:Asset"
                    jcr:uuid="\(uuid(&random))">
                    <jcr:content jcr:primaryType="dam:AssetContent" jcr:title="\(slug)" jcr:lastModified="{Date}\(date)" contentFragment="{Boolean}true">
                        <data jcr:primaryType="nt:unstructured" cq:model="\(model)">
                            <master \(master)/>
                        </data>
                        <metadata jcr:primaryType="nt:unstructured" cq:tags="[bench:activity/\(tag),bench:season/summer]"/>
                        <related jcr:primaryType="nt:unstructured"/>
                    </jcr:content>
                </jcr:root>

                """,
            to: dam.appendingPathComponent("\(index / 100)/\(slug)/.content.xml"))
    }
}

extension URL {
    /// The URL, after creating its parent folder.
    func creatingFolder() throws -> URL {
        try FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}

// MARK: - The measurement

func peakRSSKiB() -> Int {
    var usage = rusage()
    #if os(Linux)
    getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_maxrss
    #else
    getrusage(RUSAGE_SELF, &usage)
    return usage.ru_maxrss / 1024
    #endif
}

let package = keep ?? FileManager.default.temporaryDirectory.appendingPathComponent("package-load-bench-\(getpid())")
let root = package.appendingPathComponent("jcr_root")
defer { if keep == nil { try? FileManager.default.removeItem(at: package) } }
let generationStart = Date()
if keep != nil, FileManager.default.fileExists(atPath: root.path) {
    progress("loading the package kept in \(root.path)")
} else {
    try? FileManager.default.removeItem(at: package)
    progress("generating \(fragmentCount) fragments in \(root.path)")
    generate(into: root, fragments: fragmentCount)
}
let generationSeconds = Date().timeIntervalSince(generationStart)
let rssAfterGeneration = peakRSSKiB()

var timings: [Double] = []
var summary = ""
for run in 1...runs {
    let start = DispatchTime.now().uptimeNanoseconds
    do {
        summary = try ContentPackage(jcrRoot: root).description
    } catch {
        fail("\(error)")
    }
    timings.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    progress("run \(run): \(String(format: "%.3f", timings.last ?? 0)) s (\(summary))")
}
let sorted = timings.sorted()
let result: [String: Any] = [
    "fragments": fragmentCount, "runs": runs, "loaded": summary,
    "generate_s": generationSeconds, "load_median_s": sorted[sorted.count / 2], "load_min_s": sorted[0],
    "load_max_s": sorted[sorted.count - 1], "peak_rss_mib": Double(peakRSSKiB()) / 1024,
    "rss_after_generation_mib": Double(rssAfterGeneration) / 1024,
]
let json = (try? JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])) ?? Data()
print(String(decoding: json, as: UTF8.self))
