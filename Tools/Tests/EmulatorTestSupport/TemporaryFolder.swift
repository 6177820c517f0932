import Foundation

/// A new, empty folder of the system's temporary folder, named `<name>-<UUID>`, that the caller removes.
public func newTemporaryFolder(_ name: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "\(name)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// What `body` returns, given a new, empty temporary folder (see `newTemporaryFolder(_:)`), removed with everything
/// in it once `body` returns or throws. A test that needs a path that does not exist yet (a mirror, a cache) names
/// one inside it.
public func withTemporaryFolder<Result>(_ name: String = "test", _ body: (URL) async throws -> Result)
    async throws -> Result
{
    let folder = try newTemporaryFolder(name)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder)
}

/// `withTemporaryFolder(_:_:)` for synchronous work.
public func withTemporaryFolder<Result>(_ name: String = "test", _ body: (URL) throws -> Result) throws -> Result {
    let folder = try newTemporaryFolder(name)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}
