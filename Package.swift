// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "AEMHeadless",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .visionOS(.v1)],
    products: [
        .library(name: "AEMHeadless", targets: ["AEMHeadless"]),
        .library(name: "AEMHeadlessURLSession", targets: ["AEMHeadlessURLSession"]),
        .library(name: "AEMHeadlessAsyncHTTPClient", targets: ["AEMHeadlessAsyncHTTPClient"]),
        .library(name: "AEMHeadlessIMS", targets: ["AEMHeadlessIMS"]),
        .library(name: "AEMHeadlessSQLiteCache", targets: ["AEMHeadlessSQLiteCache"]),
        .library(name: "AEMHeadlessDownload", targets: ["AEMHeadlessDownload"]),
        .library(name: "AEMHeadlessObservation", targets: ["AEMHeadlessObservation"]),
        .library(name: "AEMHeadlessSync", targets: ["AEMHeadlessSync"]),
        .library(name: "WKNDSample", targets: ["WKNDSample"]),
        .library(name: "AEMEmulator", targets: ["AEMEmulator"]),
        .executable(name: "wknd", targets: ["wknd"]),
        .executable(name: "wknd-serve", targets: ["wknd-serve"]),
        .library(name: "AEMCodegen", targets: ["AEMCodegen"]),
        .executable(name: "aem-codegen", targets: ["aem-codegen"]),
        .executable(name: "wknd-mcp", targets: ["wknd-mcp"]),
        .plugin(name: "GenerateAEMModels", targets: ["GenerateAEMModels"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Hummingbird's own dependency, named for the emulator's graceful stop (`ServiceGroup`).
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        // The Model Context Protocol, for `wknd-mcp` only.
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
        // Only for `swift package generate-documentation`; nothing links it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The client library: Foundation only, builds for Linux, macOS and iOS.
        .target(
            name: "AEMHeadless", dependencies: ["AEMWireFormats", "CDiskFlush"],
            // The App Store's privacy manifest: the API categories it uses, and why.
            resources: [.copy("PrivacyInfo.xcprivacy")]),
        // Linux's file system flush (`syncfs`), which Swift's Glibc module does not declare.
        .target(name: "CDiskFlush"),
        // What the client and the emulator share of AEM's wire formats, as `package` API: rich text's HTML read
        // tolerantly and mapped to AEM's json nodes, media types and file extensions, language-copy folders
        // (`/content/dam/<site>/de/…`), JSON string escaping. Never a model type: each side reads and writes its
        // own, so that a wrong field name in the client cannot hide behind the same mistake in the emulator.
        .target(name: "AEMWireFormats"),
        // Files from AEM written to disk whole or not at all: resumable downloads with a manifest of what is held.
        .target(name: "AEMHeadlessDownload", dependencies: ["AEMHeadless", "AEMWireFormats"]),
        // Observable models for SwiftUI (Observation, which Linux has too): a query's result, a mirror's value.
        .target(name: "AEMHeadlessObservation", dependencies: ["AEMHeadless"]),
        // A URLSession transport for the client: the natural one on Apple platforms. Kept apart
        // so that programs using another transport do not load FoundationNetworking on Linux.
        .target(name: "AEMHeadlessURLSession", dependencies: ["AEMHeadless"]),
        // A SwiftNIO transport for the client: fast start-up and streaming on servers and the command line.
        .target(
            name: "AEMHeadlessAsyncHTTPClient",
            dependencies: [
                "AEMHeadless",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
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
                "AEMHeadless", "CSQLiteSettings", "SQLiteStoreSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        // How both SQLite stores (the response cache, the mirror) open their file, and move a
        // damaged one aside to start again: `package` API for the two.
        .target(name: "SQLiteStoreSupport", dependencies: [.product(name: "GRDB", package: "GRDB.swift")]),
        // The SQLite settings that only its variadic C functions reach.
        .target(name: "CSQLiteSettings", linkerSettings: [.linkedLibrary("sqlite3")]),
        // The mirror's search ranking, an FTS5 function that only SQLite's C API can register.
        .target(name: "CSQLiteSearch", linkerSettings: [.linkedLibrary("sqlite3")]),
        // A local mirror of AEM content kept current with deltas (`SyncEngine`), and `ContentStore`
        // to read it offline: SQLite (GRDB) and a folder of images.
        .target(
            name: "AEMHeadlessSync",
            dependencies: [
                "AEMHeadless", "AEMHeadlessDownload", "SQLiteStoreSupport", "CSQLiteSearch",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Adobe's WKND sample as a client of the libraries: its adventures as Swift types, its persisted queries, and a
        // mirror of them. What `wknd list` and `wknd show` read; an app may add it, the core libraries name none of it.
        .target(name: "WKNDSample", dependencies: ["AEMHeadless", "AEMHeadlessSync"]),
        // The sample content served by the emulator, kept under Resources/.
        .target(
            name: "SampleContent",
            path: "Resources/SampleContent",
            resources: [.copy("content")]
        ),
        // The plain C functions the emulator renders images with (libvips's API is variadic, which Swift cannot
        // call). libvips is loaded when it is installed (Debian `libvips42`, `brew install vips`), not linked, so a
        // build needs no image library; without it the emulator serves originals.
        .target(name: "VipsShim", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // A local emulator for an AEM publish service, over real HTTP.
        .target(
            name: "AEMEmulator",
            dependencies: [
                "SampleContent",
                "VipsShim",
                "AEMWireFormats",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "GraphQL", package: "GraphQL"),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        // Typed Swift for persisted queries, from the schema's SDL and the query text (no network).
        // AEMHeadless for `PartialFile.write`, its atomic, durable file writes.
        .target(name: "AEMCodegen", dependencies: ["AEMHeadless", .product(name: "GraphQL", package: "GraphQL")]),
        // The generator as a small tool: files in, Swift files out for the package plugin, and the
        // program `wknd codegen` runs beside it (a request as JSON on standard input, see
        // CodegenLaunch), so that wknd links neither AEMCodegen nor GraphQL, which every wknd
        // command would otherwise load when it starts. Not a dependency of wknd: SwiftPM would
        // link its libraries into wknd.
        .executableTarget(name: "aem-codegen", dependencies: ["AEMCodegen", "CodegenLaunch"]),
        // What wknd codegen hands aem-codegen and what it answers; no dependencies.
        .target(name: "CodegenLaunch"),
        .plugin(
            name: "GenerateAEMModels",
            capability: .command(
                intent: .custom(
                    verb: "generate-aem-models", description: "Generate Swift models for AEM persisted queries"),
                permissions: [.writeToPackageDirectory(reason: "Writes the generated Swift files into the package.")]),
            dependencies: ["aem-codegen"]
        ),
        .executableTarget(
            name: "wknd",
            // Not AEMCodegen: `wknd codegen` runs the aem-codegen program (see CodegenLaunch).
            dependencies: [
                "AEMHeadless",
                "AEMHeadlessAsyncHTTPClient",
                "AEMHeadlessDownload",
                "AEMHeadlessIMS",
                "AEMHeadlessSQLiteCache",
                "AEMHeadlessSync",
                "WKNDSample",
                "CodegenLaunch",
                "EmulatorLaunch",
                "MCPBridge",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The AEM emulator as a program of its own, which wknd runs beside it, so that wknd does
        // not link it (see EmulatorLaunch). Not a dependency of wknd: SwiftPM would link its
        // libraries into wknd.
        .executableTarget(name: "wknd-serve", dependencies: ["AEMEmulator", "EmulatorLaunch"]),
        .target(name: "EmulatorLaunch"),
        // The Model Context Protocol server as a program of its own, which `wknd mcp` runs beside it, so that wknd
        // does not link the protocol's SDK; it answers each tool call by asking `wknd mcp --bridge` (see MCPBridge).
        .executableTarget(
            name: "wknd-mcp",
            dependencies: [
                "MCPBridge", .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // What wknd-mcp and wknd say to each other, one JSON object a line; no dependencies.
        .target(name: "MCPBridge"),
        // What the test targets share: a scoped running emulator, and the sample content as tests change it.
        .target(name: "EmulatorTestSupport", dependencies: ["AEMEmulator"], path: "Tests/EmulatorTestSupport"),
        .testTarget(
            name: "AEMHeadlessTests",
            dependencies: [
                "AEMHeadless",
                "AEMHeadlessDownload",
                "AEMHeadlessObservation",
                "AEMHeadlessURLSession",
                "AEMHeadlessAsyncHTTPClient",
                "AEMHeadlessSQLiteCache",
                "WKNDSample",
                "AEMEmulator",
                "EmulatorTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Signing in: service credentials, OAuth and developer tokens against the IMS emulator.
        .testTarget(
            name: "AEMHeadlessIMSTests",
            dependencies: [
                "AEMHeadlessIMS", "AEMHeadless", "AEMHeadlessAsyncHTTPClient", "AEMEmulator", "EmulatorTestSupport",
                "WKNDSample",
            ]
        ),
        // The persistent response cache on its own: bounds, sharing, eviction and a damaged file.
        .testTarget(
            name: "AEMHeadlessSQLiteCacheTests",
            dependencies: [
                "AEMHeadlessSQLiteCache", "AEMHeadless", "EmulatorTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "AEMEmulatorTests",
            dependencies: [
                "AEMEmulator",
                "EmulatorTestSupport",
                "AEMHeadless",
                "AEMHeadlessAsyncHTTPClient",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            resources: [.copy("Fixtures")]
        ),
        // Models generated from the sample's and the editorial package's queries, run against the emulator.
        .testTarget(
            name: "GeneratedModelsTests",
            dependencies: [
                "AEMCodegen", "AEMHeadless", "AEMHeadlessAsyncHTTPClient", "AEMHeadlessSQLiteCache",
                "AEMHeadlessURLSession", "AEMEmulator", "EmulatorTestSupport", "WKNDSample",
            ],
            exclude: ["Inputs"]
        ),
        .testTarget(
            name: "wkndTests",
            dependencies: [
                "wknd", "AEMEmulator", "AEMHeadless", "AEMHeadlessDownload", "AEMHeadlessSQLiteCache",
                "AEMHeadlessSync",
                "WKNDSample",
                "EmulatorTestSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "AEMHeadlessSyncTests",
            dependencies: [
                "AEMHeadlessSync", "AEMHeadless", "AEMHeadlessAsyncHTTPClient", "AEMEmulator", "EmulatorTestSupport",
                "WKNDSample",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ]
)
