// bench-server: one AEM emulator for the benchmark run, on 127.0.0.1 and a free port, until killed.
//
//   bench-server [--synthetic-image <slug>=<bytes>] [--no-dynamic-url] [--adventures <n> [--image-bytes <n>]]
//
// --adventures N serves N adventures: the sample's and copies of them, each copy with an image of its own of
// --image-bytes synthetic bytes (16384 by default), the same content every run. They are N fragments for the
// Content Fragment Delivery API too (`/adobe/contentFragments`, all below /content/dam/wknd-shared/en/adventures).
//
// stdout, line 1: the base URL (http://127.0.0.1:<port>).
// stdout, line 2: a JSON object with the URLs the library builds for the default WKND queries
//                 ({"list": ..., "show": {"<slug>": ...}}), so curl can fetch exactly what wknd fetches, and the
//                 first page of the delivery API's list of every fragment ("fragments": .../adobe/contentFragments?limit=50;
//                 the next pages follow each answer's "cursor").
// Nothing else is printed; SIGTERM or SIGINT stops it.
import AEMEmulator
import AEMHeadless
import Foundation
import WKNDSample

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("bench-server: \(message)\n".utf8))
    exit(64)
}

var syntheticImages: [(slug: String, bytes: Int)] = []
var dynamicURLs = true
var adventureCount: Int?
var imageBytes = 16384
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--synthetic-image":
        guard let value = arguments.popFirst(), let equals = value.lastIndex(of: "="),
            let bytes = Int(value[value.index(after: equals)...]), bytes > 0
        else { fail("--synthetic-image needs <slug>=<bytes>") }
        syntheticImages.append((String(value[..<equals]), bytes))
    case "--no-dynamic-url":
        dynamicURLs = false
    case "--adventures":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 else {
            fail("--adventures needs a count")
        }
        adventureCount = value
    case "--image-bytes":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 else {
            fail("--image-bytes needs a size")
        }
        imageBytes = value
    default:
        fail(
            "unknown argument \(argument); usage: bench-server [--synthetic-image <slug>=<bytes>] [--no-dynamic-url] [--adventures <n> [--image-bytes <n>]]"
        )
    }
}

var content: EmulatorContent
do {
    content = try EmulatorContent.sample()
} catch {
    fail("cannot load the sample content: \(error)")
}
for image in syntheticImages {
    guard let adventure = content.fragments(where: "slug", is: image.slug).first else {
        fail("no sample adventure has the slug \(image.slug)")
    }
    guard let path = adventure.master["primaryImage"]?.text, var asset = content[asset: path] else {
        fail("the sample adventure \(image.slug) has no image")
    }
    asset.bytes = .synthetic(byteCount: image.bytes)
    content[asset: path] = asset
}
if let adventureCount {
    let originals = content.fragments(ofModelTitled: "Adventure")
    let folder = "/content/dam/wknd-shared/en/adventures/bench"
    for index in 0..<max(0, adventureCount - originals.count) {
        var copy = originals[index % originals.count]
        let slug = "bench-adventure-\(index)"
        let imagePath = "\(folder)/\(slug)/\(slug).jpg"
        // Fixed UUIDs, so that every run pages in the same order.
        let uuid = String(format: "00000000-0000-4000-8000-%012d", index)
        content[asset: imagePath] = DamAsset(
            path: imagePath, uuid: String(format: "00000000-0000-4000-9000-%012d", index),
            mimeType: "image/jpeg", width: 1200, height: 800,
            lastModified: Date(timeIntervalSince1970: 1_714_550_400),
            bytes: .synthetic(byteCount: imageBytes))
        copy.uuid = uuid
        copy.master["slug"] = .string(slug)
        copy.master["title"] = .string("Bench adventure \(index)")
        copy.master["primaryImage"] = .string(imagePath)
        content[fragment: "\(folder)/\(slug)/\(slug)"] = copy
    }
}
let slugs = content.fragments(ofModelTitled: "Adventure").compactMap { $0.master["slug"]?.text }

let options = EmulatorOptions(dynamicURLs: dynamicURLs, content: content)
do {
    try await Emulator.serve(options: options, host: "127.0.0.1", port: 0) { baseURL in
        var lines = baseURL.absoluteString + "\n"
        if let host = baseURL.host, let port = baseURL.port,
            let configuration = try? AemConfiguration(scheme: .http, host: "\(host):\(port)")
        {
            let origin = configuration.origin
            var show: [String: String] = [:]
            for slug in slugs { show[slug] = WKNDQueries.adventureBySlug(slug).url(on: origin).absoluteString }
            let urls: [String: Any] = [
                "list": WKNDQueries.adventures().url(on: origin).absoluteString, "show": show,
                "fragments": baseURL.absoluteString + "/adobe/contentFragments?limit=50",
            ]
            if let json = try? JSONSerialization.data(withJSONObject: urls, options: [.sortedKeys]) {
                lines += String(decoding: json, as: UTF8.self) + "\n"
            }
        }
        FileHandle.standardOutput.write(Data(lines.utf8))
    }
} catch {
    fail("the emulator stopped: \(error)")
}
