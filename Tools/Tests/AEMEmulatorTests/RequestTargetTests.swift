import Testing

@testable import AEMEmulator

/// The variable suffix of persisted-query targets, in every form AEM accepts.
struct RequestTargetTests {
    private let base = "/graphql/execute.json/wknd-shared/adventure-by-slug"

    @Test func literalSeparatorsWithEncodedValuesAndTrailingSemicolon() {
        let target = RequestTarget(raw: base + ";slug=a%20b;limit=5;")
        #expect(target.path == base)
        #expect(target.variableValues == ["slug": "a b", "limit": "5"])
    }

    @Test func wholeSuffixEncoded() {
        let target = RequestTarget(raw: base + "%3Bslug%3Da%20b%3Blimit%3D5;")
        #expect(target.path == base)
        #expect(target.variableValues == ["slug": "a b", "limit": "5"])
    }

    @Test func mixedAndLowerCaseEscapes() {
        let target = RequestTarget(raw: base + "%3bpath=/content/dam/x%3dy")
        #expect(target.path == base)
        #expect(target.variableValues == ["path": "/content/dam/x=y"])
        #expect(RequestTarget(raw: base + ";slug%3dabc;limit=2").variableValues == ["slug": "abc", "limit": "2"])
    }

    @Test func withoutTrailingSemicolon() {
        #expect(RequestTarget(raw: base + ";slug=abc").variableValues == ["slug": "abc"])
    }

    @Test func encodedSemicolonInsideALiteralSeparatedValueIsData() {
        #expect(RequestTarget(raw: base + ";slug=a%3Bb;limit=1;").variableValues == ["slug": "a;b", "limit": "1"])
    }

    @Test func valuesDecodeAsUTF8AndKeepPlus() {
        let target = RequestTarget(raw: base + ";slug=ch%C3%A2teau+ride%2Fx;")
        #expect(target.variableValues == ["slug": "château+ride/x"])
    }

    @Test func queryStringAndEmptyPairsAreIgnored() {
        let target = RequestTarget(raw: base + ";;slug=abc;;?cacheBust=1")
        #expect(target.variableValues == ["slug": "abc"])
        #expect(RequestTarget(raw: base + "?x=1").variables.isEmpty)
    }

    @Test func pathIsPercentDecodedAndMalformedEscapesStay() {
        #expect(RequestTarget(raw: "/content/dam/a%20b/%zz.jpg").path == "/content/dam/a b/%zz.jpg")
    }

    @Test func lastValueWins() {
        #expect(RequestTarget(raw: base + ";slug=a;slug=b;").variableValues == ["slug": "b"])
    }
}
