// image-bench: the stand-in's image delivery (Dynamic Media with OpenAPI URLs) over HTTP, timed server-side.
//
//   image-bench [--runs 51] [--renditions 1000]
//
// Starts the emulator on the built-in sample content, asks it for one sample photo 1200 pixels wide as JPEG (a
// 1200×800 photo), adds those bytes as an asset of their own, and starts it again with them. Then it times:
//   webp-400-cold    /as/photo.webp?width=400&quality=Q: a 1200×800 JPEG rendered as a 400-wide WebP; each run
//                    asks another quality, so that every request renders (nothing cached)
//   webp-400-cached  the same URL again and again: the rendered image from the stand-in's cache
// and finally asks for `--renditions` different widths one after another, reporting the peak RSS before and
// after them (the cache of rendered images is bounded, so memory must stay flat).
// The durations are the emulator's own (`EmulatorRequestRecord.duration`: request head in to response head out,
// the image rendered and hashed), so the client's speed does not count. Prints one JSON object on stdout:
//   cd Benchmarks && swift build -c release --product image-bench && .build/release/image-bench
import AEMEmulator
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("image-bench: \(message)\n".utf8))
    exit(64)
}

func progress(_ message: String) {
    FileHandle.standardError.write(Data("image-bench: \(message)\n".utf8))
}

var runs = 51
var renditionCount = 1_000
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--runs":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), (1...99).contains(value) else {
            fail("--runs needs a number from 1 to 99 (each cold run asks another quality)")
        }
        runs = value
    case "--renditions":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 else {
            fail("--renditions needs a number")
        }
        renditionCount = value
    default:
        fail("unknown argument \(argument); usage: image-bench [--runs N] [--renditions N]")
    }
}

/// GETs `target` and returns the body; fails on anything but 200.
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

func peakRSSMiB() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    return Double(usage.ru_maxrss) / 1024
}

// MARK: - A 1200×800 photo

var content: EmulatorContent
do {
    content = try EmulatorContent.sample()
} catch {
    fail("the sample content did not load: \(error)")
}
guard let samplePath = content.assetPaths.first(where: { $0.hasSuffix(".jpg") }),
    let sample = content[asset: samplePath]
else { fail("the sample content has no JPEG") }
let photoBytes: Data
do {
    let emulator = try await Emulator.start(options: EmulatorOptions(content: content))
    photoBytes = await get(emulator.baseURL, "/adobe/assets/urn:aaid:aem:\(sample.uuid)/as/photo.jpg?width=1200")
    await emulator.stop()
} catch {
    fail("the emulator did not start: \(error)")
}
let photoUUID = "00000000-0000-4000-8000-000000001200"
content[asset: "/content/dam/bench/photo.jpg"] = DamAsset(
    path: "/content/dam/bench/photo.jpg", uuid: photoUUID, mimeType: "image/jpeg", bytes: .data(photoBytes))

// MARK: - Timings

let emulator: RunningEmulator
do {
    emulator = try await Emulator.start(options: EmulatorOptions(content: content))
} catch {
    fail("the emulator did not start: \(error)")
}
let base = emulator.baseURL
let image = "/adobe/assets/urn:aaid:aem:\(photoUUID)/as/photo"
progress("a \(photoBytes.count)-byte 1200-wide JPEG; timing \(runs) requests of each kind")

var results: [String] = []
@MainActor func record(_ name: String, bytes: Int) {
    let milliseconds = emulator.requests.map { $0.duration / .milliseconds(1) }
    guard milliseconds.count == runs else { fail("\(name): \(milliseconds.count) requests recorded") }
    results.append(
        String(
            format: "\"%@\":{\"median_ms\":%.3f,\"p90_ms\":%.3f,\"min_ms\":%.3f,\"bytes\":%d,\"runs\":%d}", name,
            percentile(milliseconds, 0.5), percentile(milliseconds, 0.9), milliseconds.min() ?? 0, bytes, runs))
}

_ = await get(base, image + ".webp?width=400&quality=100") // warm-up: the original read once
emulator.clearRequests()
var coldBytes = 0
for quality in 1...runs { coldBytes = await get(base, image + ".webp?width=400&quality=\(quality)").count }
record("webp-400-cold", bytes: coldBytes)

let cached = image + ".webp?width=400&quality=80"
let cachedBytes = await get(base, cached).count
emulator.clearRequests()
for _ in 0..<runs { _ = await get(base, cached) }
record("webp-400-cached", bytes: cachedBytes)

let before = peakRSSMiB()
progress("asking for \(renditionCount) different renditions")
for index in 0..<renditionCount {
    _ = await get(base, image + ".jpg?width=\(200 + index % 1000)&quality=\(1 + index / 1000 % 100)")
}
let after = peakRSSMiB()
await emulator.stop()
print(
    "{" + results.joined(separator: ",")
        + String(
            format: ",\"renditions\":%d,\"peak_rss_mib_before\":%.1f,\"peak_rss_mib_after\":%.1f}", renditionCount,
            before, after))
