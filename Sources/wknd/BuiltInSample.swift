import AEMHeadless

/// STUB until the emulator lands.
struct BuiltInSample: Sendable {
    var configuration: AemConfiguration
    static func start() async throws -> BuiltInSample { throw Failure(.internalError, "not yet") }
    func stop() async {}
}
