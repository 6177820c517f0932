import AEMHeadless
import WKNDCore

/// The text of `wknd fragments get`: the title, the fragment's identity, every field by name
/// (references by the title and path of what they point to), the multi-line text fields wrapped,
/// and what the fragment references.
struct FragmentTextRenderer {
    var width: Int?
    var usesColor: Bool
    var origin: AemOrigin

    private static let missing = "—"
    private static let indent = "  "

    func render(_ fragment: DeliveredFragment) -> String {
        let title = fragment.title.isEmpty ? fragment.path : fragment.title
        var lines = [style(TextLayout.singleLine(title), .bold), ""]
        let model = fragment.model.path.map { "\(fragment.model.name) (\($0))" } ?? fragment.model.id
        lines += labelled([
            ("Id", fragment.id), ("Path", fragment.path), ("Model", model),
            ("Description", fragment.description.isEmpty ? Self.missing : fragment.description),
        ])

        var scalars: [(String, String)] = []
        var texts: [(String, RichText)] = []
        for member in fragment.fields.members ?? [] {
            if Self.isMultiLineText(member.value) {
                let values = fragment.richTexts(member.key).filter { !($0.text ?? "").isEmpty }
                texts += values.map { (member.key, $0) }
                if values.isEmpty { scalars.append((member.key, Self.missing)) }
            } else {
                scalars.append((member.key, text(of: member.value, in: fragment)))
            }
        }
        if !scalars.isEmpty {
            lines += ["", style("FIELDS", .bold)] + labelled(scalars)
        }
        let renderer = RichTextRenderer(
            width: width, usesColor: usesColor,
            describeFragment: { path in "wknd fragments get \(path)" },
            assetURL: { path in ImageReference(path: path).url(on: origin)?.absoluteString ?? path })
        for (name, text) in texts {
            let body = renderer.lines(for: text, indent: Self.indent)
            guard !body.isEmpty else { continue }
            lines += ["", style(name.uppercased(), .bold)] + body
        }
        let references = fragment.references.sorted { ($0.value.path ?? $0.key) < ($1.value.path ?? $1.key) }
        if !references.isEmpty {
            lines += ["", style("REFERENCES", .bold)]
            for (identifier, reference) in references {
                var entry = "\(reference.type): "
                entry += TextLayout.singleLine(reference.title ?? reference.path ?? identifier)
                if let path = reference.path, reference.title != nil { entry += " (\(path))" }
                lines.append(Self.indent + "• " + entry)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `{"value": …, "mimeType": …}`, or an array of them.
    private static func isMultiLineText(_ value: UntypedJSON) -> Bool {
        if let elements = value.arrayValue { return !elements.isEmpty && elements.allSatisfy(isMultiLineText) }
        return value["mimeType"]?.stringValue != nil
    }

    /// A field's value on one line: text as it is, a reference by what it points to, arrays
    /// joined with commas, other JSON compact.
    private func text(of value: UntypedJSON, in fragment: DeliveredFragment) -> String {
        switch value {
        case .null: return Self.missing
        case .string(let text):
            if let reference = fragment.references[text] {
                let name = reference.title ?? reference.path ?? text
                return reference.path.map { $0 == name ? name : "\(name) (\($0))" } ?? name
            }
            return text.isEmpty ? Self.missing : text
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .array(let elements):
            return elements.isEmpty ? Self.missing : elements.map { text(of: $0, in: fragment) }.joined(separator: ", ")
        case .object: return value.jsonText(.compact)
        }
    }

    private func labelled(_ pairs: [(String, String)]) -> [String] {
        let labelWidth = pairs.map { TextLayout.width($0.0) }.max() ?? 0
        return pairs.map { label, value in
            Self.indent + style(TextLayout.padRight(label, to: labelWidth), .dim) + "  " + TextLayout.singleLine(value)
        }
    }

    private func style(_ text: String, _ style: ANSIStyle) -> String {
        usesColor ? style.apply(to: text) : text
    }
}
