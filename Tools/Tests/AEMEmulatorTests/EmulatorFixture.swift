import AEMEmulator
import EmulatorTestSupport
import Foundation

/// Paths the tests use.
enum Paths {
    static let adventuresAll = "/graphql/execute.json/wknd-shared/adventures-all"
    static let adventureBySlug = "/graphql/execute.json/wknd-shared/adventure-by-slug"
    /// A DAM path with a space in it.
    static let lofotenImage = "/content/dam/wknd-shared/en/adventures/lofoten-winter-surf/Lofoten surf.jpg"
    static let lofotenImageEncoded = "/content/dam/wknd-shared/en/adventures/lofoten-winter-surf/Lofoten%20surf.jpg"
}

/// Runs `body` against an emulator started on 127.0.0.1, port 0, and stops it afterwards.
func withEmulator<T>(
    _ options: EmulatorOptions = EmulatorOptions(),
    _ body: (RunningEmulator) async throws -> T
) async throws -> T {
    try await withRunning(options, body)
}

extension RunningEmulator {
    /// The absolute URL of a path or raw request target on this emulator.
    func url(_ target: String) -> String {
        baseURL.absoluteString + target
    }

    /// GETs a raw request target.
    func get(_ target: String, headers: [(String, String)] = []) async throws -> HTTPResult {
        try await HTTPTestClient.get(url(target), headers: headers)
    }
}
