import EmulatorTestSupport
import Foundation
import Testing

/// A content package written to a temporary folder for one test, removed when the test ends.
final class PackageLoadingTestPackage {
    /// The package's `jcr_root` folder.
    let root: URL

    init() throws {
        root = try newTemporaryFolder("package-loading").appendingPathComponent("jcr_root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: root.deletingLastPathComponent())
    }

    /// Writes `text` to `relativePath` under `jcr_root`, creating folders.
    @discardableResult
    func write(_ relativePath: String, _ text: String) throws -> URL {
        try write(relativePath, Data(text.utf8))
    }

    /// Writes `data` to `relativePath` under `jcr_root`, creating folders.
    @discardableResult
    func write(_ relativePath: String, _ data: Data) throws -> URL {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url
    }

    /// A docview document whose root node has `body` as attributes and children.
    static func docView(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <jcr:root xmlns:jcr="http://www.jcp.org/jcr/1.0" xmlns:cq="http://www.day.com/jcr/cq/1.0" \
        xmlns:dam="http://www.day.com/dam/1.0" xmlns:nt="http://www.jcp.org/jcr/nt/1.0" \
        xmlns:tiff="http://ns.adobe.com/tiff/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"
        \(body)
        """
    }

    /// The fixture package `name` bundled with the tests (`Fixtures/<name>/jcr_root`).
    static func fixture(_ name: String) throws -> URL {
        let fixtures = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return fixtures.appendingPathComponent(name).appendingPathComponent("jcr_root")
    }
}
