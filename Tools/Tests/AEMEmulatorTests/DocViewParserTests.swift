import Foundation
import Testing

@testable import AEMEmulator

/// Reading one docview file's XML: what XML says of attribute values, the markup docview files may hold, and a clear
/// error, with its line, for everything else.
struct DocViewParserTests {
    private func parse(_ text: String) throws -> DocViewNode {
        let package = try PackageLoadingTestPackage()
        return try DocViewParser.parse(try package.write("node/.content.xml", text), name: "node")
    }

    /// The reason and line of the error `text` gives.
    private func failure(_ text: String) throws -> (line: Int, reason: String)? {
        do {
            _ = try parse(text)
            return nil
        } catch let ContentPackageError.malformed(_, line, reason) {
            return (line, reason)
        }
    }

    @Test func attributeValuesAreReadAsXMLReadsThem() throws {
        let node = try parse(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment before the root -->
            <jcr:root xmlns:jcr="http://www.jcp.org/jcr/1.0" entities="a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;"
                references="line&#xa;break &#65;&#x42;" single='it is "quoted"' spread="two
            lines	and a tab" unicode="Zürich &#x1F600;" _x0031_digit="escaped name">
                <![CDATA[ ignored <text> ]]>
                <child_x0040_at a="1"/>
                <!-- between children -->
                <second><third/></second>
            </jcr:root>
            """)
        #expect(node.name == "node")
        #expect(node.properties["entities"] == "a & b <c> \"d\" 'e'")
        #expect(node.properties["references"] == "line\nbreak AB")
        #expect(node.properties["single"] == "it is \"quoted\"")
        #expect(node.properties["spread"] == "two lines and a tab")
        #expect(node.properties["unicode"] == "Zürich 😀")
        #expect(node.properties["1digit"] == "escaped name")
        #expect(node.properties.keys.allSatisfy { !$0.hasPrefix("xmlns") })
        #expect(node.children.map(\.name) == ["child@at", "second"])
        #expect(node.descendant("second/third") != nil)
    }

    @Test(arguments: [
        ("<jcr:root a=\"&nbsp;\"/>", 1, "an unknown entity"),
        ("<jcr:root a=\"x & y\"/>", 1, "a malformed entity"),
        ("<jcr:root a=\"&#0;\"/>", 1, "an invalid character"),
        ("<jcr:root\n a=\"<\"/>", 2, "a < inside an attribute value"),
        ("<jcr:root a=\"1\" a=\"2\"/>", 1, "an attribute given twice"),
        ("<jcr:root a=\"1\"b=\"2\"/>", 1, "a space is missing between attributes"),
        ("<jcr:root a/>", 1, "an attribute without a value"),
        ("<jcr:root a=1/>", 1, "a malformed attribute"),
        ("<jcr:root>\n<child>\n</jcr:root>", 3, "an end tag does not match"),
        ("<jcr:root>\n<child/>\n", 3, "the file ends before every element is closed"),
        ("<jcr:root/>\n<second/>", 2, "there is content after the root element"),
        ("<!DOCTYPE x [<!ENTITY e \"boom\">]>\n<jcr:root a=\"&e;\"/>", 1, "a document type declaration"),
        ("  <?xml version=\"1.0\"?><jcr:root/>", 1, "an XML declaration after the start"),
        ("<jcr:root>\n<!-- never closed\n</jcr:root>", 2, "a comment is not closed"),
        ("just text", 1, "this is not XML"),
        ("<?xml version=\"1.0\"?>\n", 2, "the file has no root element"),
        ("", 1, "the file is empty"),
        ("<jcr:root a=\"\u{1}\"/>", 1, "an invalid character"),
        ("< jcr:root/>", 1, "a < is not followed by an element name"),
    ])
    func malformedXMLIsAClearErrorWithItsLine(_ text: String, line: Int, reason: String) throws {
        let found = try #require(try failure(text), "\(text) was read")
        #expect(found.line == line, "\(text)")
        #expect(found.reason.hasPrefix(reason), "\(found.reason)")
    }

    @Test func nestingIsBounded() throws {
        func nested(_ depth: Int) -> String {
            "<jcr:root>" + String(repeating: "<n>", count: depth) + String(repeating: "</n>", count: depth)
                + "</jcr:root>"
        }
        var node = try parse(nested(DocViewReader.maximumDepth - 1))
        var levels = 0
        while let child = node.children.first {
            node = child
            levels += 1
        }
        #expect(levels == DocViewReader.maximumDepth - 1)
        let found = try #require(try failure(nested(DocViewReader.maximumDepth)))
        #expect(found.reason == "elements nested more than \(DocViewReader.maximumDepth) deep")
    }
}
