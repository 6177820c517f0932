import AEMEmulator
import Foundation

/// Runs `body` with an emulator started in this process on a free port, and the environment
/// that points `wknd` at it; stops the emulator after.
func withEmulator<Result>(
    _ options: EmulatorOptions = EmulatorOptions(),
    _ body: (RunningEmulator, [String: String]) async throws -> Result
) async throws -> Result {
    let emulator = try await Emulator.start(options: options)
    let environment = ["AEM_SCHEME": "http", "AEM_HOST": "127.0.0.1:\(emulator.port)"]
    do {
        let result = try await body(emulator, environment)
        await emulator.stop()
        return result
    } catch {
        await emulator.stop()
        throw error
    }
}

/// The paths of the two persisted queries, as fault scripts name them.
enum QueryPath {
    static let list = "/graphql/execute.json/wknd-shared/adventures-all"
    static let bySlug = "/graphql/execute.json/wknd-shared/adventure-by-slug"
}
