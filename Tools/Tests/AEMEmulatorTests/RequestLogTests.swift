import AEMEmulator
import NIOConcurrencyHelpers
import Testing

/// The request log callback and the recorded requests.
struct RequestLogTests {
    @Test func eachAnsweredRequestIsReported() async throws {
        let reported = NIOLockedValueBox<[EmulatorRequestRecord]>([])
        let options = EmulatorOptions(requestLog: { record in reported.withLockedValue { $0.append(record) } })
        try await withEmulator(options) { emulator in
            _ = try await emulator.get(Paths.adventureBySlug + "%3Bslug%3Dalgarve-first-waves;")
            _ = try await emulator.get("/nowhere")
            let records = reported.withLockedValue { $0 }
            #expect(records.map(\.status) == [200, 404])
            #expect(records.first?.method == "GET")
            #expect(records.first?.path == Paths.adventureBySlug)
            #expect(records.first?.target == Paths.adventureBySlug + "%3Bslug%3Dalgarve-first-waves;")
            #expect(emulator.requests.count == 2)
            emulator.clearRequests()
            #expect(emulator.requests.isEmpty)
        }
    }
}
