import AEMHeadless
import AEMHeadlessAuthoring
import WKNDCore

/// The document `wknd fragments edit` opens in the editor: a fragment's title, description and fields as JSON, one
/// member a field (a single value as itself, several as an array), under `#` lines that say how to use it. What the
/// editor saves is read back and compared with the fragment that was read, so that only what changed is sent.
struct EditDocument {
    /// The text the editor opens.
    static func text(of fragment: AuthoredFragment) -> String {
        let fields = fragment.fields.map { field in
            UntypedJSON.Member(field.name, field.multiple ? .array(field.values) : (field.values.first ?? .null))
        }
        let document = UntypedJSON.object([
            UntypedJSON.Member("title", .string(fragment.title)),
            UntypedJSON.Member("description", .string(fragment.description)),
            UntypedJSON.Member("fields", .object(fields)),
        ])
        let header = [
            "# Editing \(fragment.path)",
            "# status \(fragment.status?.rawValue ?? "unknown"), model \(fragment.model.path ?? fragment.model.id), entity tag \(fragment.etag?.rawValue ?? "none")",
            "# Change values and save to send what changed; lines starting with # are ignored.",
            "# null or [] empties a field; a field left out is not changed. Save it unchanged, or empty, to send nothing.",
        ]
        return header.joined(separator: "\n") + "\n" + document.jsonText(.pretty) + "\n"
    }

    /// What a saved document asks to change of `fragment`; nil when it was emptied (nothing to send).
    /// - Throws: `Failure` naming what is wrong: not JSON, a field the fragment lacks, several values in a field
    ///   that holds one.
    static func edit(from text: String, of fragment: AuthoredFragment) throws -> FragmentEdit? {
        let json = text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
            .joined(separator: "\n")
        guard !json.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        let document: UntypedJSON
        do {
            document = try UntypedJSON(parsing: json)
        } catch {
            throw Failure(.usage, "The edited document is not JSON (\(error)).")
        }
        guard let members = document.members else { throw Failure(.usage, "The edited document is not a JSON object.") }
        var edit = FragmentEdit(fragment)
        for member in members {
            switch member.key {
            case "title": edit.title = try string(member.value, "title")
            case "description": edit.description = try string(member.value, "description")
            case "fields":
                guard let fields = member.value.members else {
                    throw Failure(.usage, "fields must be an object of the fragment's fields by name.")
                }
                for field in fields {
                    guard let current = fragment.field(named: field.key) else {
                        let names = fragment.fields.map(\.name).joined(separator: ", ")
                        throw Failure(
                            .usage, "The fragment \(fragment.path) has no field \(field.key); its fields are \(names).")
                    }
                    let values: [UntypedJSON] =
                        switch field.value {
                        case .null: []
                        case .array(let elements): elements
                        default: [field.value]
                        }
                    guard current.multiple || values.count <= 1 else {
                        throw Failure(.usage, "\(field.key) holds one value; the edit gives it \(values.count).")
                    }
                    if values != current.values { try edit.setValues(values, forField: field.key) }
                }
            default:
                throw Failure(
                    .usage, "The edited document has \(member.key), which is not title, description or fields.")
            }
        }
        return edit
    }

    private static func string(_ value: UntypedJSON, _ name: String) throws -> String {
        guard let text = value.stringValue else { throw Failure(.usage, "\(name) must be text.") }
        return text
    }

    /// What differs between two copies of a fragment, one line a member: `tripLength: "4 days" → "5 days"`.
    static func differences(from old: AuthoredFragment, to new: AuthoredFragment) -> [String] {
        var lines: [String] = []
        if old.title != new.title { lines.append("title: \(old.title) → \(new.title)") }
        if old.description != new.description {
            lines.append(
                "description: \(FieldText.text([.string(old.description)])) → \(FieldText.text([.string(new.description)]))"
            )
        }
        for field in new.fields {
            let before = old.field(named: field.name)?.values ?? []
            if before != field.values {
                lines.append("\(field.name): \(FieldText.text(before)) → \(FieldText.text(field.values))")
            }
        }
        if old.status != new.status {
            lines.append("status: \(old.status?.rawValue ?? "unknown") → \(new.status?.rawValue ?? "unknown")")
        }
        return lines
    }
}
