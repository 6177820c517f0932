import AEMHeadless
import Testing

@testable import AEMHeadlessSync

/// `FollowRetry`: which failures a follower waits out, and how long it waits.
@Suite("FollowRetry: the waits of a follower whose service went away")
struct FollowRetryTests {
    @Test("each wait doubles up to the longest, drawn between half and all of it")
    func waitsDoubleUpToTheLongest() {
        let retry = FollowRetry(firstDelay: .seconds(1), longestDelay: .seconds(60))
        for failures in 1...12 {
            let full = min(Duration.seconds(1 << (failures - 1)), .seconds(60))
            for _ in 0..<20 {
                let delay = retry.delay(afterFailures: failures)
                #expect(delay >= full / 2 && delay <= full, "\(failures) failures: \(delay)")
            }
        }
        #expect(retry.delay(afterFailures: 1_000) <= .seconds(60))
    }

    @Test("the service gone, slow or overloaded may pass; a wrong request, sign-in or folder does not")
    func whatMayPass() {
        let passing: [any Error] = [
            AemError(.network, "refused"), AemError(.timedOut, "slow"),
            AemError(.httpStatus, "busy", status: 503), AemError(.httpStatus, "limited", status: 429),
            AemError(.htmlResponse, "a proxy's error page", status: 502),
            AemHTTPTransportError(.connectionLost, "closed"),
            SyncError(.storage, "wrapped", underlyingError: AemError(.network, "refused")),
        ]
        for error in passing { #expect(FollowRetry.mayPass(error), "\(error)") }
        let ending: [any Error] = [
            AemError(.unauthorized, "expired", status: 401), AemError(.notFound, "no journal", status: 404),
            AemError(.httpStatus, "bad request", status: 400), AemError(.htmlResponse, "a login page", status: 200),
            AemError(.invalidResponse, "not JSON"), SyncError(.storage, "disk full"), CancellationError(),
        ]
        for error in ending { #expect(!FollowRetry.mayPass(error), "\(error)") }
    }
}
