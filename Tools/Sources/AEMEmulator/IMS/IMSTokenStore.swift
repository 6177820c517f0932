import Foundation
import NIOConcurrencyHelpers

/// The access tokens an IMS emulator has issued and when each expires, shared with the AEM
/// emulator that accepts them (`EmulatorAuthentication.imsTokens`). Tokens are opaque random
/// strings; a token that expired, or that was never issued, is refused.
public final class IMSTokenStore: Sendable, Equatable {
    private struct State {
        var expiries: [String: Date] = [:]
        var lifetimes: [Int]
        var issued = 0
    }

    private let state: NIOLockedValueBox<State>

    /// - Parameter lifetimes: the lifetime in seconds of the first token issued, the second, …;
    ///   the last one applies to every later token. `[1, 3600]`: the first token lasts one
    ///   second, every renewal an hour.
    public init(lifetimes: [Int] = [86_400]) {
        state = NIOLockedValueBox(State(lifetimes: lifetimes.isEmpty ? [86_400] : lifetimes))
    }

    /// Revokes every token issued so far: AEM refuses them from now on, as after a revocation.
    public func revokeAll() {
        state.withLockedValue { $0.expiries.removeAll() }
    }

    /// How many tokens have been issued (and not revoked).
    public var issuedCount: Int { state.withLockedValue { $0.expiries.count } }

    /// A new token and its lifetime in seconds.
    func issue(now: Date = Date()) -> (token: String, lifetime: Int) {
        var bytes = [UInt8](repeating: 0, count: 32)
        var generator = SystemRandomNumberGenerator()
        for index in bytes.indices { bytes[index] = generator.next() }
        let token = "ims-" + Base64URL.encode(Data(bytes))
        let lifetime = state.withLockedValue { state in
            let lifetime = state.lifetimes[min(state.issued, state.lifetimes.count - 1)]
            state.issued += 1
            state.expiries[token] = now.addingTimeInterval(TimeInterval(lifetime))
            return lifetime
        }
        return (token, lifetime)
    }

    /// Whether `token` was issued here and has not expired.
    public func isValid(_ token: String, at date: Date = Date()) -> Bool {
        guard let expiry = state.withLockedValue({ $0.expiries[token] }) else { return false }
        return date < expiry
    }

    public static func == (lhs: IMSTokenStore, rhs: IMSTokenStore) -> Bool { lhs === rhs }
}
