import AEMHeadless
import Foundation
import Testing

@Suite("Persisted-query URLs")
struct PersistedQueryURLTests {
    let origin: AemOrigin

    init() throws {
        origin = try AemOrigin(scheme: .https, host: "publish.example.com")
    }

    private func url(_ path: String, _ variables: [String: QueryVariable?]) -> String {
        PersistedQuery<UntypedJSON>(path, variables: variables).url(on: origin).absoluteString
    }

    @Test func noVariablesMeansNoSuffix() {
        #expect(
            url("wknd-shared/adventures-all", [:])
                == "https://publish.example.com/graphql/execute.json/wknd-shared/adventures-all")
    }

    @Test func variablesAreSortedAndEndWithSemicolon() {
        #expect(
            url("wknd-shared/adventures-all", ["limit": 5, "offset": 10, "imageFormat": .enumValue("JPG")])
                == "https://publish.example.com/graphql/execute.json/wknd-shared/adventures-all;imageFormat=JPG;limit=5;offset=10;"
        )
    }

    @Test func orderOfVariablesDoesNotChangeTheURL() {
        var forward: [String: QueryVariable?] = [:]
        var backward: [String: QueryVariable?] = [:]
        let names = ["slug", "a", "zeta", "imageWidth", "B", "_x"]
        for (index, name) in names.enumerated() { forward[name] = .int(index) }
        for (index, name) in names.enumerated().reversed() { backward[name] = .int(index) }
        #expect(url("wknd-shared/q", forward) == url("wknd-shared/q", backward))
        #expect(
            url("wknd-shared/q", forward)
                == "https://publish.example.com/graphql/execute.json/wknd-shared/q;B=4;_x=5;a=1;imageWidth=3;slug=0;zeta=2;"
        )
    }

    @Test func reservedCharactersInsideAValueAreEscaped() {
        let value = "a;b=c/d?e#f%g+h&i j\u{E9}\u{1F3C4}"
        #expect(
            url("wknd-shared/adventure-by-slug", ["slug": .string(value)])
                == "https://publish.example.com/graphql/execute.json/wknd-shared/adventure-by-slug;slug=a%3Bb%3Dc%2Fd%3Fe%23f%25g%2Bh%26i%20j%C3%A9%F0%9F%8F%84;"
        )
    }

    @Test func unreservedCharactersStayAsTheyAre() {
        #expect(
            url("c/q", ["slug": "AZaz09-._~"])
                == "https://publish.example.com/graphql/execute.json/c/q;slug=AZaz09-._~;")
    }

    @Test func namesAreEscapedToo() {
        #expect(url("c/q", ["we;ird=": "x"]) == "https://publish.example.com/graphql/execute.json/c/q;we%3Bird%3D=x;")
    }

    @Test func valuesOfEveryTypeTravelAsText() {
        #expect(
            url("c/q", ["b": true, "c": false, "d": 95.5, "e": 4500.0, "i": -3, "n": .enumValue("PNG")])
                == "https://publish.example.com/graphql/execute.json/c/q;b=true;c=false;d=95.5;e=4500;i=-3;n=PNG;")
    }

    @Test func nilValuesAreLeftOut() {
        #expect(
            url("c/q", ["limit": nil, "sort": "title ASC"])
                == "https://publish.example.com/graphql/execute.json/c/q;sort=title%20ASC;")
        #expect(url("c/q", ["limit": nil]) == "https://publish.example.com/graphql/execute.json/c/q")
    }

    @Test func hostWithPortIsKept() throws {
        let local = try AemOrigin(scheme: .http, host: "localhost:4503")
        #expect(
            PersistedQuery<UntypedJSON>("c/q", variables: ["x": 1]).url(on: local).absoluteString
                == "http://localhost:4503/graphql/execute.json/c/q;x=1;")
    }

    @Test func ipv6HostsAndAnyValueMakeAURL() throws {
        let local = try AemOrigin(scheme: .http, host: "[::1]:4503")
        let odd = String(decoding: (0...255).map { UInt8($0) }, as: UTF8.self) + "\u{1F3C4}\u{0}"
        let url = PersistedQuery<UntypedJSON>("c/q", variables: [odd: .string(odd)]).url(on: local)
        #expect(url.absoluteString.hasPrefix("http://[::1]:4503/graphql/execute.json/c/q;"))
        #expect(url.host == "::1" || url.host == "[::1]")
    }
}

/// A transport for tests that must not send anything.
struct NoTransport: AemHTTPTransport {
    func send(_ request: AemHTTPRequest) async throws -> AemHTTPResponse {
        Issue.record("unexpected request to \(request.url)")
        throw AemHTTPTransportError(.connectionFailed, "no transport in this test")
    }
}
