import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-aem-models --schema FILE --output DIR [--conf NAME] QUERY_FILE...`,
/// or with no arguments as the package's `aem-codegen.json` says: runs `aem-codegen` in the package's
/// directory, so an app regenerates its AEM models without installing `wknd`. Relative paths are
/// taken from the package's directory.
@main
struct GenerateAEMModels: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "aem-codegen")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw GenerationFailed(status: process.terminationStatus)
        }
    }
}

/// `aem-codegen` ended with a failure; it said why on stderr.
struct GenerationFailed: Error, CustomStringConvertible {
    let status: Int32
    var description: String { "aem-codegen failed (exit \(status)); see the message above." }
}
