import Foundation

/// The query files of a folder kept as code: `<folder>/<configuration>/<name>.graphql`, as `wknd queries pull`
/// writes them and `wknd codegen`, `aem-codegen` and the package plugin read them. Hidden entries are skipped.
package enum QueryFiles {
    /// Each `<configuration>/<name>` with its file, sorted by path; nil when `folder` cannot be read.
    package static func list(in folder: URL) -> [(path: String, file: URL)]? {
        let files = FileManager.default
        guard let configurations = try? files.contentsOfDirectory(atPath: folder.path) else { return nil }
        var found: [(path: String, file: URL)] = []
        for configuration in configurations.sorted() where !configuration.hasPrefix(".") {
            let subfolder = folder.appendingPathComponent(configuration, isDirectory: true)
            var isFolder: ObjCBool = false
            guard files.fileExists(atPath: subfolder.path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            for name in ((try? files.contentsOfDirectory(atPath: subfolder.path)) ?? []).sorted()
            where name.hasSuffix(".graphql") && !name.hasPrefix(".") {
                found.append(
                    ("\(configuration)/\(name.dropLast(".graphql".count))", subfolder.appendingPathComponent(name)))
            }
        }
        return found
    }

    /// The configuration of a query's `<configuration>/<name>`.
    package static func configuration(of path: String) -> String {
        String(path.prefix { $0 != "/" })
    }
}
