// swift-tools-version: 6.2
// An app's code as a new Xcode 26 app target has it (Swift 6, everything on the main actor unless it says
// otherwise), reading AEM content through the libraries: CI builds and tests it, so a change that breaks an app's
// build fails there.
import PackageDescription

let package = Package(
    name: "WKNDApp",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(name: "AEMHeadless", path: "../.."),
        // Only for the tests: the emulator in the test process (the tools' package, beside the libraries).
        .package(name: "AEMHeadlessTools", path: "../../Tools"),
    ],
    targets: [
        .target(
            name: "WKNDApp",
            dependencies: [
                .product(name: "AEMHeadless", package: "AEMHeadless"),
                .product(name: "AEMHeadlessObservation", package: "AEMHeadless"),
                .product(name: "AEMHeadlessSync", package: "AEMHeadless"),
                .product(name: "AEMHeadlessURLSession", package: "AEMHeadless"),
            ],
            swiftSettings: [.defaultIsolation(MainActor.self)]
        ),
        .testTarget(
            name: "WKNDAppTests",
            dependencies: [
                "WKNDApp",
                .product(name: "AEMHeadless", package: "AEMHeadless"),
                .product(name: "AEMHeadlessAuthoring", package: "AEMHeadless"),
                .product(name: "AEMHeadlessSync", package: "AEMHeadless"),
                .product(name: "AEMEmulatorTesting", package: "AEMHeadlessTools"),
                .product(name: "AEMHeadlessURLSession", package: "AEMHeadless"),
            ],
            swiftSettings: [.defaultIsolation(MainActor.self)]
        ),
    ]
)
