// swift-tools-version: 6.2
// The tools built on the libraries: `wknd`, the emulator (`wknd-serve`), the code generator (`aem-codegen`), the
// MCP server (`wknd-mcp`) and the WKND sample they show. It depends on the libraries' package (the repository's
// root) by path and uses their public API only, as an app does; what only servers and tools need (SwiftNIO, the
// HTTP server, GraphQL, the MCP SDK, argument parsing) stays here, out of an app's dependencies.
import PackageDescription

let package = Package(
    name: "AEMHeadlessTools",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "wknd", targets: ["wknd"]),
        .executable(name: "wknd-serve", targets: ["wknd-serve"]),
        .executable(name: "wknd-mcp", targets: ["wknd-mcp"]),
        .executable(name: "aem-codegen", targets: ["aem-codegen"]),
        // An app's tests run the emulator in their own process with it (Examples/WKNDApp does).
        .library(name: "AEMEmulatorTesting", targets: ["AEMEmulatorTesting"]),
        // For the benchmarks' package, which builds on them as the tools do.
        .library(name: "AEMEmulator", targets: ["AEMEmulator"]),
        .library(name: "AEMCodegen", targets: ["AEMCodegen"]),
        .library(name: "AEMHeadlessAsyncHTTPClient", targets: ["AEMHeadlessAsyncHTTPClient"]),
        .library(name: "WKNDSample", targets: ["WKNDSample"]),
    ],
    dependencies: [
        .package(name: "AEMHeadless", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Hummingbird's own dependency, named for the emulator's graceful stop (`ServiceGroup`).
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        // What the tests open a mirror's or the cache's database with; the libraries' package resolves the same one.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // The Model Context Protocol, for `wknd-mcp` only.
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
    ],
    targets: [
        // A SwiftNIO transport for the client: fast start-up and streaming on servers and the command line.
        .target(
            name: "AEMHeadlessAsyncHTTPClient",
            dependencies: [
                .product(name: "AEMHeadless", package: "AEMHeadless"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // Adobe's WKND sample as a client of the libraries' public API: its adventures as Swift types, its persisted
        // queries, and a mirror of them. What `wknd list` and `wknd show` read.
        .target(
            name: "WKNDSample",
            dependencies: [
                .product(name: "AEMHeadless", package: "AEMHeadless"),
                .product(name: "AEMHeadlessSync", package: "AEMHeadless"),
            ]
        ),
        // The plain C functions the emulator renders images with (libvips's API is variadic, which Swift cannot
        // call). libvips is loaded when it is installed (Debian `libvips42`, `brew install vips`), not linked, so a
        // build needs no image library; without it the emulator serves originals.
        .target(name: "VipsShim", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // A local emulator of AEM, over real HTTP, with the built-in sample's content package as its resource.
        .target(
            name: "AEMEmulator",
            dependencies: [
                "VipsShim",
                .product(name: "_AEMWireFormats", package: "AEMHeadless"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "GraphQL", package: "GraphQL"),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            resources: [.copy("SampleContent")]
        ),
        // Typed Swift for persisted queries, from the schema's SDL and the query text (no network).
        .target(name: "AEMCodegen", dependencies: [.product(name: "GraphQL", package: "GraphQL")]),
        // What `wknd` hands the programs it runs beside it (`aem-codegen`, `wknd-serve`), so that it links neither
        // the generator nor the emulator: each starts with its own libraries only.
        .target(name: "CompanionLaunch"),
        // The generator as a small tool: files in, Swift files out for the package plugin, and the program
        // `wknd codegen` runs (a request as JSON on standard input).
        .executableTarget(name: "aem-codegen", dependencies: ["AEMCodegen", "CompanionLaunch"]),
        // The emulator for an app's tests: scoped to a test, in its process.
        .target(name: "AEMEmulatorTesting", dependencies: ["AEMEmulator"]),
        // The emulator as a program of its own, which `wknd serve` and the built-in sample run.
        .executableTarget(name: "wknd-serve", dependencies: ["AEMEmulator", "CompanionLaunch"]),
        // What `wknd` and `wknd-mcp` share: the configuration (options, environment, profiles, the configuration
        // file), sign-in, the response cache, the built-in sample, the console and failures with their exit codes.
        .target(
            name: "WKNDCore",
            dependencies: [
                "AEMHeadlessAsyncHTTPClient", "CompanionLaunch",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "AEMHeadless", package: "AEMHeadless"),
                .product(name: "AEMHeadlessAuthoring", package: "AEMHeadless"),
                .product(name: "AEMHeadlessDownload", package: "AEMHeadless"),
                .product(name: "AEMHeadlessIMS", package: "AEMHeadless"),
                .product(name: "AEMHeadlessSQLiteCache", package: "AEMHeadless"),
                .product(name: "AEMHeadlessSync", package: "AEMHeadless"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "wknd",
            dependencies: [
                "WKNDCore", "WKNDSample", "AEMHeadlessAsyncHTTPClient", "CompanionLaunch",
                .product(name: "AEMHeadless", package: "AEMHeadless"),
                .product(name: "AEMHeadlessAuthoring", package: "AEMHeadless"),
                .product(name: "AEMHeadlessDownload", package: "AEMHeadless"),
                .product(name: "AEMHeadlessIMS", package: "AEMHeadless"),
                .product(name: "AEMHeadlessSQLiteCache", package: "AEMHeadless"),
                .product(name: "AEMHeadlessSync", package: "AEMHeadless"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The Model Context Protocol server, which `wknd mcp` runs in its place, so that `wknd` does not link the
        // protocol's SDK: it reads the service as `wknd` does (WKNDCore) and answers every call itself.
        .executableTarget(
            name: "wknd-mcp",
            dependencies: [
                "WKNDCore",
                .product(name: "AEMHeadless", package: "AEMHeadless"),
                .product(name: "AEMHeadlessAuthoring", package: "AEMHeadless"),
                .product(name: "AEMHeadlessSync", package: "AEMHeadless"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // What the test targets share: a scoped running emulator, programs run for a test, the sample content.
        .target(
            name: "EmulatorTestSupport",
            dependencies: ["AEMEmulatorTesting", .product(name: "AEMHeadless", package: "AEMHeadless")],
            path: "Tests/EmulatorTestSupport"),
        .testTarget(
            name: "AEMEmulatorTests",
            dependencies: [
                "AEMEmulator", "EmulatorTestSupport", "AEMHeadlessAsyncHTTPClient",
                .product(name: "AEMHeadless", package: "AEMHeadless"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            resources: [.copy("Fixtures")]
        ),
        // The libraries over real HTTP, against the emulator, through their public API.
        .testTarget(
            name: "ClientTests",
            dependencies: [
                "AEMEmulator", "EmulatorTestSupport", "AEMHeadlessAsyncHTTPClient", "WKNDSample",
                .product(name: "AEMHeadless", package: "AEMHeadless"),
                .product(name: "AEMHeadlessAuthoring", package: "AEMHeadless"),
                .product(name: "AEMHeadlessDownload", package: "AEMHeadless"),
                .product(name: "AEMHeadlessIMS", package: "AEMHeadless"),
                .product(name: "AEMHeadlessObservation", package: "AEMHeadless"),
                .product(name: "AEMHeadlessSQLiteCache", package: "AEMHeadless"),
                .product(name: "AEMHeadlessSync", package: "AEMHeadless"),
                .product(name: "AEMHeadlessURLSession", package: "AEMHeadless"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["Recorded"]
        ),
        // Models generated from the sample's and the editorial package's queries, run against the emulator.
        .testTarget(
            name: "GeneratedModelsTests",
            dependencies: [
                "AEMCodegen", "AEMHeadlessAsyncHTTPClient", "AEMEmulator", "EmulatorTestSupport", "WKNDSample",
                .product(name: "AEMHeadless", package: "AEMHeadless"),
                .product(name: "AEMHeadlessSQLiteCache", package: "AEMHeadless"),
                .product(name: "AEMHeadlessURLSession", package: "AEMHeadless"),
            ],
            exclude: ["Inputs"]
        ),
        .testTarget(
            name: "wkndTests",
            dependencies: [
                "wknd", "wknd-mcp", "WKNDCore", "AEMEmulator", "EmulatorTestSupport", "WKNDSample",
                .product(name: "AEMHeadless", package: "AEMHeadless"),
                .product(name: "AEMHeadlessDownload", package: "AEMHeadless"),
                .product(name: "AEMHeadlessSQLiteCache", package: "AEMHeadless"),
                .product(name: "AEMHeadlessSync", package: "AEMHeadless"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ]
)
