import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import Foundation

/// An `AsyncHTTPClientTransport` made on the first request (or taken from the start-up warm-up),
/// so a command answered from the response cache never starts the HTTP client and its threads.
package final class LazyTransport: AemHTTPTransport, Sendable {
    private let made = LockedValue<AsyncHTTPClientTransport?>(nil)

    /// Runs `body` with a lazy transport and shuts down whatever it made, however `body` ends; a
    /// failure of `body` is what is thrown, even if the shutdown fails too.
    package static func withTransport<Result>(_ body: (LazyTransport) async throws -> Result) async throws -> Result {
        let transport = LazyTransport()
        let result: Result
        do {
            result = try await body(transport)
        } catch {
            try? await transport.shutdown()
            throw error
        }
        try await transport.shutdown()
        return result
    }

    package func send(_ request: AemHTTPRequest) async throws -> AemHTTPResponse {
        let transport = made.withLock { made in
            if let made { return made }
            let new = StartupWarmup.takeHTTPTransport() ?? AsyncHTTPClientTransport()
            made = new
            return new
        }
        return try await transport.send(request)
    }

    private func shutdown() async throws {
        try await made.value?.shutdown()
    }
}
