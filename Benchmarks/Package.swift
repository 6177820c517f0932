// swift-tools-version: 6.2
// The benchmark harness's own executables. A separate package, so that neither `swift build`
// nor `swift test` of the main package ever builds or runs them. Run everything with `Benchmarks/run`.
import Foundation
import PackageDescription

/// A path dependency is known by its folder's name: the libraries' package by the clone's ("main" here), the tools'
/// package by "tools".
let mainPackage = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent
    .lowercased()
let toolsPackage = "tools"

let package = Package(
    name: "AEMHeadlessBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: ".."),
        .package(path: "../Tools"),
        // Only for download-floor, which measures AsyncHTTPClient alone; the tools' package resolves the same one.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        // An emulator on 127.0.0.1, a free port, until killed; optionally with a synthetic large image.
        .executableTarget(
            name: "bench-server",
            dependencies: [
                .product(name: "AEMEmulator", package: toolsPackage),
                .product(name: "AEMHeadless", package: mainPackage),
                .product(name: "WKNDSample", package: toolsPackage),
            ]
        ),
        // The library's decode path on a generated list of 10,000 rich adventures vs JSONSerialization.
        .executableTarget(
            name: "decode-bench",
            dependencies: [
                .product(name: "AEMHeadless", package: mainPackage),
                .product(name: "WKNDSample", package: toolsPackage),
            ]
        ),
        // The emulator's GraphQL engine in process on synthetic content (20 and 10,000 fragments). It reaches
        // internal types with `@testable import`: build it with `-Xswiftc -enable-testing` (see its main.swift).
        .executableTarget(
            name: "engine-bench",
            dependencies: [
                .product(name: "AEMEmulator", package: toolsPackage)
            ]
        ),
        // The emulator's Content Fragment Delivery API over HTTP on 10,000 synthetic fragments: list pages and
        // `references=all-hydrated`, timed server-side.
        .executableTarget(
            name: "delivery-bench",
            dependencies: [
                .product(name: "AEMEmulator", package: toolsPackage)
            ]
        ),
        // The emulator's image delivery over HTTP: a 1200×800 JPEG rendered as a 400-wide WebP, cold and cached,
        // timed server-side, and peak RSS across 1,000 different renditions.
        .executableTarget(
            name: "image-bench",
            dependencies: [
                .product(name: "AEMEmulator", package: toolsPackage)
            ]
        ),
        // Loads a generated content package of 10,000 fragments into the emulator's repository: time and peak RSS.
        .executableTarget(
            name: "package-load-bench",
            dependencies: [
                .product(name: "AEMEmulator", package: toolsPackage)
            ]
        ),
        // Queries and search over a synced folder of 100,000 synthetic adventures (filled through SyncEngine), with
        // the library's public API: a filtered, sorted page, an unindexed one, a search, a filtered search.
        .executableTarget(
            name: "mirror-bench",
            dependencies: [
                .product(name: "AEMHeadlessSync", package: mainPackage),
                .product(name: "AEMHeadlessURLSession", package: mainPackage),
            ]
        ),
        // One large body through URLSessionTransport to a slow reader: the peak RSS the transport's back-pressure keeps.
        .executableTarget(
            name: "urlsession-bench",
            dependencies: [
                .product(name: "AEMHeadless", package: mainPackage),
                .product(name: "AEMHeadlessURLSession", package: mainPackage),
            ]
        ),
        // A deterministic generator of large content packages (three models with references between them, images,
        // persisted queries), shared by scale-package and scale-bench.
        .target(name: "ScalePackage"),
        // Writes a content package of N fragments (100,000 by default) to a folder.
        .executableTarget(name: "scale-package", dependencies: ["ScalePackage"]),
        // The stand-in at 10,000 to 100,000 fragments, one process per size: load time and peak RSS, then the sorted
        // paginated query, a delivery list page and a hydrated get over loopback.
        .executableTarget(
            name: "scale-bench",
            dependencies: [
                "ScalePackage",
                .product(name: "AEMEmulator", package: toolsPackage),
            ]
        ),
        // Following the content events in a mirror of 10,000 synthetic adventures: the requests 100 changes cost
        // through the delivery API and through GraphQL, beside the base sync's.
        .executableTarget(
            name: "follow-bench",
            dependencies: [
                .product(name: "AEMEmulator", package: toolsPackage),
                .product(name: "AEMHeadlessSync", package: mainPackage),
                .product(name: "AEMHeadlessAsyncHTTPClient", package: toolsPackage),
                .product(name: "WKNDSample", package: toolsPackage),
            ]
        ),
        // Fresh after publish: N app clients behind the emulator's CDN follow P publishes through content events;
        // the time to every client's model showing each, and the requests that reach publish per publish.
        .executableTarget(
            name: "fresh-bench",
            dependencies: [
                .product(name: "AEMEmulator", package: toolsPackage),
                .product(name: "AEMHeadless", package: mainPackage),
                .product(name: "AEMHeadlessAuthoring", package: mainPackage),
                .product(name: "AEMHeadlessObservation", package: mainPackage),
                .product(name: "AEMHeadlessURLSession", package: mainPackage),
            ]
        ),
        // Many small files over HTTP with AsyncHTTPClient alone and with AEMHeadless's FileDownloader, to compare with
        // curl and with `wknd sync` on the same URLs.
        .executableTarget(
            name: "download-floor",
            dependencies: [
                .product(name: "AEMHeadless", package: mainPackage),
                .product(name: "AEMHeadlessAsyncHTTPClient", package: toolsPackage),
                .product(name: "AEMHeadlessDownload", package: mainPackage),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                "CurlFloor",
            ]
        ),
        // download-floor's `curl` mode: an HTTP engine on libcurl's multi interface (Debian
        // `libcurl4-openssl-dev`), each body written straight to its file, each transfer's end reported to Swift.
        .target(name: "CurlFloor", linkerSettings: [.linkedLibrary("curl")]),
        // Runs a command and reports its wall time and peak RSS, with a small fork floor (see main.c).
        .executableTarget(name: "rss-exec"),
        // Start-up probes for the "where the time goes" breakdown: no Foundation, FoundationEssentials only,
        // Foundation, FoundationNetworking.
        .executableTarget(name: "probe-bare"),
        .executableTarget(name: "probe-essentials"),
        .executableTarget(name: "probe-foundation"),
        .executableTarget(name: "probe-networking"),
    ]
)
