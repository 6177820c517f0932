import AEMEmulator
import EmulatorTestSupport
import Testing

/// Starting an emulator from a task that is already cancelled (a test past its time limit, a closed window).
struct EmulatorStartTests {
    @Test("started by a cancelled task, it throws CancellationError at once and leaves no server running")
    func startedByACancelledTask() async throws {
        try await HeavyTests.run {
            let starting = Task { () async throws -> RunningEmulator in
                // Cancelled while it waits here, below; the start then runs in a cancelled task.
                try? await Task.sleep(for: .seconds(3600))
                return try await Emulator.start()
            }
            starting.cancel()
            let result = await starting.result
            if case .success(let emulator) = result { await emulator.stop() }
            #expect(throws: CancellationError.self) { try result.get() }
        }
    }
}
