import AEMEmulator
import EmulatorTestSupport
import Foundation

@testable import WKNDCore

/// Runs `body` with an emulator started in this process on a free port, and the environment
/// that points `wknd` at it; stops the emulator after.
func withEmulator<Result>(
    _ options: EmulatorOptions = EmulatorOptions(),
    _ body: (RunningEmulator, [String: String]) async throws -> Result
) async throws -> Result {
    try await withRunning(options) { emulator in
        try await body(emulator, ["AEM_SCHEME": "http", "AEM_HOST": emulator.hostAndPort])
    }
}

/// The paths of the two persisted queries, as fault scripts name them.
enum QueryPath {
    static let list = "/graphql/execute.json/wknd-shared/adventures-all"
    static let bySlug = "/graphql/execute.json/wknd-shared/adventure-by-slug"
}
