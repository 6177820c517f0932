import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// A reason a person can act on for an `XMLParser` failure: Foundation on Linux describes them
/// only as "NSXMLParserErrorDomain error 76".
enum XMLErrorReason {
    /// Words for `error`'s `XMLParser.ErrorCode`, else its own description.
    static func words(for error: any Error) -> String {
        let error = error as NSError
        guard error.domain == XMLParser.errorDomain, let code = XMLParser.ErrorCode(rawValue: error.code) else {
            return error.localizedDescription
        }
        return words(for: code) ?? "XML error \(error.code)"
    }

    private static func words(for code: XMLParser.ErrorCode) -> String? {
        switch code {
        case .emptyDocumentError: "the file is empty"
        case .documentStartError, .notWellBalancedError: "this is not XML, or its elements are not balanced"
        case .prematureDocumentEndError: "the file ends before every element is closed"
        case .tagNameMismatchError: "an end tag does not match the element it closes"
        case .unfinishedTagError, .gtRequiredError: "a tag is not finished with >"
        case .ltRequiredError, .nameRequiredError: "a < is not followed by an element name"
        case .extraContentError: "there is content after the root element"
        case .invalidCharacterError, .invalidCharacterRefError: "an invalid character"
        case .entityReferenceMissingSemiError, .entityRefAtEOFError, .undeclaredEntityError,
            .entityReferenceWithoutNameError, .unparsedEntityError, .entityBoundaryError:
            "a malformed or unknown entity (an & that does not start &amp;, &lt;, &gt;, &quot;, &apos; or &#…;)"
        case .lessThanSymbolInAttributeError: "a < inside an attribute value (write &lt;)"
        case .attributeNotStartedError, .attributeNotFinishedError,
            .attributeRedefinedError, .attributeHasNoValueError:
            "a malformed attribute (each needs name=\"value\", once per element)"
        case .spaceRequiredError: "a space is missing between attributes"
        case .xmlDeclNotStartedError, .xmlDeclNotFinishedError: "a malformed <?xml …?> declaration"
        case .encodingNotSupportedError, .unknownEncodingError: "an encoding other than UTF-8"
        case .commentNotFinishedError: "a comment is not closed with -->"
        case .cdataNotFinishedError: "a CDATA section is not closed with ]]>"
        default: nil
        }
    }
}
