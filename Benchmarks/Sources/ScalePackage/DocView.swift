/// The text of FileVault's docview XML (`.content.xml`): attribute values with their JCR type prefix, escaped for
/// both docview (`\` before a leading `{` or `[`, before `,` inside a multi-value) and XML.
enum DocView {
    static let header = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"

    /// The namespaces every generated file declares.
    static let namespaces =
        #"xmlns:jcr="http://www.jcp.org/jcr/1.0" xmlns:cq="http://www.day.com/jcr/cq/1.0" "#
        + #"xmlns:dam="http://www.day.com/dam/1.0" xmlns:mix="http://www.jcp.org/jcr/mix/1.0" "#
        + #"xmlns:nt="http://www.jcp.org/jcr/nt/1.0" xmlns:sling="http://sling.apache.org/jcr/sling/1.0" "#
        + #"xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:tiff="http://ns.adobe.com/tiff/1.0/""#

    /// A string property.
    static func string(_ text: String) -> String {
        var escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
        if escaped.hasPrefix("{") || escaped.hasPrefix("[") { escaped = "\\" + escaped }
        return xml(escaped)
    }

    /// A multi-valued string property, `[a,b]`.
    static func strings(_ values: [String]) -> String {
        let elements = values.map {
            $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ",", with: "\\,")
        }
        return xml("[" + elements.joined(separator: ",") + "]")
    }

    /// `text` as an XML attribute value: markup characters and line breaks as entities.
    static func xml(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count + text.utf8.count / 8)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "&#xa;"
            case "\t": result += "&#x9;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// A folder (`sling:OrderedFolder`) with a title.
    static func folder(title: String) -> String {
        header + "<jcr:root \(namespaces) jcr:primaryType=\"sling:OrderedFolder\">"
            + "<jcr:content jcr:primaryType=\"nt:unstructured\" jcr:title=\"\(xml(title))\"/></jcr:root>\n"
    }
}
