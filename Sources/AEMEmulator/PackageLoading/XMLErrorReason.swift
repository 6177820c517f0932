import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// A reason a person can act on for an `XMLParser` failure: Foundation on Linux describes them
/// only as "NSXMLParserErrorDomain error 76".
enum XMLErrorReason {
    /// Words for `error`'s code, else its own description.
    ///
    /// The codes are libxml2's, which Apple's `XMLParser.ErrorCode` numbers follow; on Linux the
    /// error carries libxml2's number while the `ErrorCode` enum is numbered differently, so the
    /// number is read, not the enum.
    static func words(for error: any Error) -> String {
        let error = error as NSError
        guard error.domain == XMLParser.errorDomain else { return error.localizedDescription }
        return reasons[error.code] ?? "XML error \(error.code)"
    }

    private static let reasons: [Int: String] = [
        3: "this is not XML",
        4: "the file is empty",
        5: "the file ends before every element is closed",
        9: "an invalid character",
        22: "a malformed entity (an & that does not start &amp;, &lt;, &gt;, &quot;, &apos; or &#…;)",
        23: "a malformed entity (an & that does not start &amp;, &lt;, &gt;, &quot;, &apos; or &#…;)",
        26: "an unknown entity (only &amp;, &lt;, &gt;, &quot;, &apos; and &#…; are known)",
        38: "a < inside an attribute value (write &lt;)",
        39: "a malformed attribute (each needs name=\"value\")",
        40: "a malformed attribute (each needs name=\"value\")",
        41: "an attribute without a value",
        42: "an attribute given twice on one element",
        45: "a comment is not closed with -->",
        63: "a CDATA section is not closed with ]]>",
        65: "a space is missing between attributes",
        68: "a < is not followed by an element name",
        73: "a tag is not finished with >",
        76: "an end tag does not match the element it closes",
        77: "a tag is not finished",
        85: "the elements are not balanced",
        86: "there is content after the root element",
    ]
}
