import Foundation
import Testing

@testable import AEMHeadless

@Suite("Configuration")
struct ConfigurationTests {
    @Test(arguments: [
        "https://publish.example.com", "publish.example.com/content", "publish.example.com?x=1",
        "user@publish.example.com", "", "   ", "publish.example.com:99999",
    ])
    func badHostsAreRejected(host: String) {
        #expect(throws: AemConfigurationError.self) { try AemConfiguration(host: host) }
    }

    @Test func aHostWithASchemeSaysSo() {
        #expect {
            try AemConfiguration(host: "https://publish.example.com")
        } throws: { error in
            "\(error)".contains("scheme") && "\(error)".contains("publish.example.com")
        }
    }

    @Test(arguments: ["publish.example.com", "localhost:4502", "127.0.0.1:8080", "[::1]:4503"])
    func goodHostsAreAccepted(host: String) throws {
        _ = try AemConfiguration(scheme: .http, host: host)
    }

    @Test func emptyOrSpacedTokensAreRejected() {
        #expect(throws: AemConfigurationError.self) {
            try AemConfiguration(host: "h.example.com", authentication: .token(""))
        }
        #expect(throws: AemConfigurationError.self) {
            try AemConfiguration(host: "h.example.com", authentication: .token("abc\n"))
        }
        #expect(throws: AemConfigurationError.self) {
            try AemConfiguration(host: "h.example.com", authentication: .basic(username: "", password: "p"))
        }
        #expect(throws: AemConfigurationError.self) {
            try AemConfiguration(host: "h.example.com", authentication: .basic(username: "u", password: ""))
        }
    }

    @Test func anAuthorizationExtraHeaderIsRejected() {
        #expect(throws: AemConfigurationError.self) {
            try AemConfiguration(host: "h.example.com", extraHeaders: ["authorization": "Bearer x"])
        }
    }

    @Test func descriptionsNeverShowSecrets() {
        let basic = Authentication.basic(username: "admin", password: "s3cret-pw")
        let token = Authentication.token("tok-123456")
        #expect(!"\(basic)".contains("s3cret-pw"))
        #expect("\(basic)".contains("admin"))
        #expect(!"\(token)".contains("tok-123456"))
        #expect(!String(reflecting: token).contains("tok-123456"))
    }

    @Test func originsCompareSchemeHostAndPort() throws {
        let origin = try AemOrigin(scheme: .https, host: "Publish.Example.com")
        #expect(origin.contains(try #require(URL(string: "https://publish.example.com/x"))))
        #expect(origin.contains(try #require(URL(string: "https://publish.example.com:443/x"))))
        #expect(!origin.contains(try #require(URL(string: "http://publish.example.com/x"))))
        #expect(!origin.contains(try #require(URL(string: "https://publish.example.com:8443/x"))))
        #expect(!origin.contains(try #require(URL(string: "https://cdn.example.com/x"))))
        #expect(!origin.contains(try #require(URL(string: "https://publish.example.com.evil.test/x"))))
    }

    @Test func hostsAreTrimmedOfBlanksAndIPv6Brackets() throws {
        #expect(try AemOrigin(scheme: .https, host: " \tPublish.Example.com\u{A0}").host == "publish.example.com")
        let ipv6 = try AemOrigin(scheme: .http, host: "[::1]:4503")
        #expect(ipv6.host == "::1" && ipv6.port == 4503 && ipv6.description == "http://[::1]:4503")
        #expect(ipv6.contains(try #require(URL(string: "http://[::1]:4503/content"))))
        #expect(throws: AemConfigurationError.self) { try AemOrigin(scheme: .https, host: " \u{3000} ") }
    }
}

@Suite("Retry policy")
struct RetryPolicyTests {
    @Test func backoffGrowsAndStopsAtTheLastAttempt() throws {
        let policy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(100), maxDelay: .seconds(1))
        #expect(policy.delay(afterAttempt: 1, status: 503, retryAfter: nil, jitter: 1) == .milliseconds(100))
        #expect(policy.delay(afterAttempt: 2, status: 503, retryAfter: nil, jitter: 1) == .milliseconds(200))
        #expect(policy.delay(afterAttempt: 3, status: 503, retryAfter: nil, jitter: 1) == nil)
        #expect(policy.delay(afterAttempt: 2, status: nil, retryAfter: nil, jitter: 0.5) == .milliseconds(100))
    }

    @Test(arguments: [429, 502, 503, 504])
    func retryableStatuses(status: Int) {
        #expect(RetryPolicy().delay(afterAttempt: 1, status: status, retryAfter: nil) != nil)
    }

    @Test(arguments: [200, 204, 304, 400, 401, 403, 404, 409, 500, 501])
    func otherStatusesAreNotRetried(status: Int) {
        #expect(RetryPolicy().delay(afterAttempt: 1, status: status, retryAfter: nil) == nil)
    }

    @Test func oneAttemptTurnsRetriesOff() {
        #expect(RetryPolicy(maxAttempts: 1).delay(afterAttempt: 1, status: 503, retryAfter: nil) == nil)
        #expect(RetryPolicy.none.delay(afterAttempt: 1, status: nil, retryAfter: nil) == nil)
    }

    @Test func retryAfterInSecondsAndAsADate() throws {
        let policy = RetryPolicy(maxRetryAfter: .seconds(30))
        #expect(policy.delay(afterAttempt: 1, status: 503, retryAfter: "2") == .seconds(2))
        let now = try #require(ISO8601DateFormatter().date(from: "2015-10-21T07:28:00Z"))
        #expect(
            policy.delay(afterAttempt: 1, status: 429, retryAfter: "Wed, 21 Oct 2015 07:28:05 GMT", now: now)
                == .seconds(5))
        #expect(
            policy.delay(afterAttempt: 1, status: 429, retryAfter: "Wed, 21 Oct 2015 07:27:00 GMT", now: now) == .zero)
    }

    @Test func aRetryAfterBeyondTheCapEndsTheRetries() {
        #expect(RetryPolicy(maxRetryAfter: .seconds(10)).delay(afterAttempt: 1, status: 503, retryAfter: "120") == nil)
    }
}
