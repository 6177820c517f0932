import Testing

@testable import WKNDCore
@testable import wknd

@Suite("XCConfigParser")
struct XCConfigParserTests {
    @Test("KEY = value with spaces, comments and blank lines")
    func basics() {
        let result = XCConfigParser.parse(
            """
            // a comment
            AEM_SCHEME = https

              AEM_HOST=publish.example.com   // trailing comment
            AEM_TOKEN =
            """)
        #expect(result.values == ["AEM_SCHEME": "https", "AEM_HOST": "publish.example.com", "AEM_TOKEN": ""])
        #expect(result.issues.isEmpty)
    }

    @Test("$() keeps // inside a value; $(NAME) refers to another setting")
    func escapes() {
        let result = XCConfigParser.parse(
            """
            URL = https:/$()/example.com/path // comment
            HOST = example.com
            FULL = $(HOST):4503
            BRACES = ${HOST}
            MISSING = a$(NOPE)b
            DOLLAR = pa$$word$
            """)
        #expect(result.values["URL"] == "https://example.com/path")
        #expect(result.values["FULL"] == "example.com:4503")
        #expect(result.values["BRACES"] == "example.com")
        #expect(result.values["MISSING"] == "ab")
        #expect(result.values["DOLLAR"] == "pa$$word$")
    }

    @Test("one pair of surrounding quotes is removed")
    func quotes() {
        let result = XCConfigParser.parse(
            """
            A = "quoted value"
            B = 'single'
            C = "unbalanced
            D = say "hi"
            """)
        #expect(result.values == ["A": "quoted value", "B": "single", "C": "\"unbalanced", "D": "say \"hi\""])
    }

    @Test("later settings win; CRLF and a BOM are fine; unreadable lines are reported")
    func edges() {
        let result = XCConfigParser.parse(
            "\u{FEFF}A = 1\r\nA = 2\r\n#include \"Other.xcconfig\"\nB[sdk=iphoneos*] = x\njunk\n")
        #expect(result.values == ["A": "2"])
        #expect(result.issues.count == 3)
        #expect(result.issues[0].hasPrefix("line 3:"))
    }

    /// Found by fuzzing: every reference expanded again at each of 8 levels took exponential time.
    @Test("settings that refer to each other many times over expand to a bounded length, with an issue")
    func referencesThatMultiply() {
        let many = String(repeating: "$(A)$(B)", count: 40)
        let result = XCConfigParser.parse("A = x\(many)\nB = y\(many)\nC = $(D)\nD = plain\n")
        #expect(result.values["C"] == "plain")
        #expect(result.values["A"]?.hasPrefix("xx") == true)
        #expect((result.values["A"]?.count ?? 0) <= 1 + XCConfigParser.expansionLimit)
        #expect(
            result.issues == [
                "line 1: the references read more than 65536 characters; the rest are left empty",
                "line 2: the references read more than 65536 characters; the rest are left empty",
            ])
    }

    @Test("a long value without references is kept whole")
    func longValue() {
        let long = String(repeating: "v", count: 2 * XCConfigParser.expansionLimit)
        let result = XCConfigParser.parse("A = \(long)\n")
        #expect(result.values == ["A": long])
        #expect(result.issues.isEmpty)
    }

    @Test("self-referencing settings do not loop")
    func cycles() {
        let result = XCConfigParser.parse("A = $(B)x\nB = $(A)y\n")
        #expect(result.values["A"]?.hasSuffix("x") == true)
    }
}
