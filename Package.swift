// swift-tools-version: 6.0
// The libraries an app links, and only the packages they need: an app that adds this repository resolves GRDB and
// swift-crypto (with its swift-asn1) and nothing else. The tools built on the libraries (`wknd`, the emulator, the
// code generator, the MCP server, the WKND sample) are the package in Tools/, which uses these through their public
// API only.
import PackageDescription

let package = Package(
    name: "AEMHeadless",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .visionOS(.v1)],
    products: [
        .library(name: "AEMHeadless", targets: ["AEMHeadless"]),
        .library(name: "AEMHeadlessURLSession", targets: ["AEMHeadlessURLSession"]),
        .library(name: "AEMHeadlessIMS", targets: ["AEMHeadlessIMS"]),
        .library(name: "AEMHeadlessSQLiteCache", targets: ["AEMHeadlessSQLiteCache"]),
        .library(name: "AEMHeadlessDownload", targets: ["AEMHeadlessDownload"]),
        .library(name: "AEMHeadlessObservation", targets: ["AEMHeadlessObservation"]),
        .library(name: "AEMHeadlessSync", targets: ["AEMHeadlessSync"]),
        .library(name: "AEMHeadlessAuthoring", targets: ["AEMHeadlessAuthoring"]),
        // AEM's wire formats as code, for a server that answers as AEM does (the emulator in Tools/); an app needs
        // none of it. The underscore says so, as `_CryptoExtras` does: no promise is made about it.
        .library(name: "_AEMWireFormats", targets: ["AEMWireFormats"]),
        .plugin(name: "GenerateAEMModels", targets: ["GenerateAEMModels"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // The client library: Foundation only, builds for Linux, macOS and iOS.
        .target(
            name: "AEMHeadless", dependencies: ["AEMWireFormats", "CDiskFlush"],
            // The App Store's privacy manifest: the API categories it uses, and why.
            resources: [.copy("PrivacyInfo.xcprivacy")]),
        // Linux's file system flush (`syncfs`), which Swift's Glibc module does not declare.
        .target(name: "CDiskFlush"),
        // AEM's wire formats, which the client reads and a server writes: rich text's HTML read tolerantly and mapped
        // to AEM's json nodes, media types and file extensions, language-copy folders (`/content/dam/<site>/de/…`),
        // JSON string escaping. Never a model type: each side reads and writes its own, so that a wrong field name in
        // the client cannot hide behind the same mistake in the emulator.
        .target(name: "AEMWireFormats"),
        // Files from AEM written to disk whole or not at all: resumable downloads with a manifest of what is held.
        .target(name: "AEMHeadlessDownload", dependencies: ["AEMHeadless", "AEMWireFormats"]),
        // Observable models for SwiftUI (Observation, which Linux has too): a query's result, a mirror's value.
        .target(name: "AEMHeadlessObservation", dependencies: ["AEMHeadless"]),
        // The author service's Sites API: fragments and models read and written under entity tags, publishing,
        // versions. Kept apart so that an app that only reads does not link it.
        .target(name: "AEMHeadlessAuthoring", dependencies: ["AEMHeadless"]),
        // A URLSession transport for the client: the natural one on Apple platforms, and on Linux through
        // FoundationNetworking. Kept apart so that programs using another transport do not load FoundationNetworking.
        .target(name: "AEMHeadlessURLSession", dependencies: ["AEMHeadless"]),
        // Signing in to AEM as a Cloud Service with Adobe IMS: service credentials (an RS256 JWT,
        // signed with swift-crypto), OAuth server-to-server, and tokens cached on disk and renewed.
        .target(
            name: "AEMHeadlessIMS",
            dependencies: [
                "AEMHeadless",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        // A persistent response cache on SQLite (GRDB). Kept apart so that apps that do not cache
        // do not link SQLite.
        .target(
            name: "AEMHeadlessSQLiteCache",
            dependencies: [
                "AEMHeadless", "CAEMSQLite", "SQLiteStoreSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        // How both SQLite stores (the response cache, the mirror) open their file, and move a
        // damaged one aside to start again: `package` API for the two.
        .target(name: "SQLiteStoreSupport", dependencies: [.product(name: "GRDB", package: "GRDB.swift")]),
        // What only SQLite's C API reaches: a setting behind a variadic function, and the mirror's search ranking
        // (an FTS5 function).
        .target(name: "CAEMSQLite", linkerSettings: [.linkedLibrary("sqlite3")]),
        // A local mirror of AEM content kept current with deltas (`SyncEngine`), and `ContentStore`
        // to read it offline: SQLite (GRDB) and a folder of images.
        .target(
            name: "AEMHeadlessSync",
            dependencies: [
                "AEMHeadless", "AEMHeadlessDownload", "SQLiteStoreSupport", "CAEMSQLite",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // `swift package generate-aem-models`: runs the installed `aem-codegen` (README, Install), so that the
        // generator and its GraphQL parser stay out of an app's dependencies.
        .plugin(
            name: "GenerateAEMModels",
            capability: .command(
                intent: .custom(
                    verb: "generate-aem-models", description: "Generate Swift models for AEM persisted queries"),
                permissions: [.writeToPackageDirectory(reason: "Writes the generated Swift files into the package.")])
        ),
        // The libraries' own logic, without a server: the tests over real HTTP, against the emulator, are the tools
        // package's (Tools/Tests/ClientTests).
        .testTarget(
            name: "AEMHeadlessTests",
            dependencies: [
                "AEMHeadless", "AEMHeadlessAuthoring", "AEMHeadlessDownload", "AEMHeadlessIMS",
                "AEMHeadlessSQLiteCache", "AEMHeadlessSync", "AEMHeadlessURLSession", "AEMWireFormats",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ]
)
