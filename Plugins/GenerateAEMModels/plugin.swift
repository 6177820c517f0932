import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-aem-models --schema FILE --output DIR [--conf NAME] QUERY_FILE...`,
/// or with no arguments as the package's `aem-codegen.json` says: runs the installed `aem-codegen` (README, Install)
/// in the package's directory. Relative paths are taken from the package's directory. The generator is a program of
/// the tools package, so that its GraphQL parser is not among an app's dependencies.
@main
struct GenerateAEMModels: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let environment = ProcessInfo.processInfo.environment
        guard let tool = Self.program(named: "aem-codegen", path: environment["PATH"] ?? "") else {
            throw GenerationFailed.notInstalled
        }
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw GenerationFailed.failed(status: process.terminationStatus)
        }
    }

    /// The executable `name` in the first folder of `path` (a `PATH` value) that holds one, then in /usr/local/bin,
    /// where Xcode, which runs plugins with a short `PATH`, would not look.
    static func program(named name: String, path: String) -> URL? {
        let folders = path.split(separator: ":").map(String.init) + ["/usr/local/bin"]
        return folders.lazy
            .map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}

/// Why no models were generated.
enum GenerationFailed: Error, CustomStringConvertible {
    case notInstalled
    case failed(status: Int32)

    var description: String {
        switch self {
        case .notInstalled:
            "aem-codegen is not installed: build and copy it as the README's Install section shows "
                + "(swift build -c release --package-path Tools --product aem-codegen), or run `wknd codegen`."
        case .failed(let status):
            "aem-codegen failed (exit \(status)); see the message above."
        }
    }
}
