import AEMHeadless
import AEMHeadlessAuthoring

/// A field's values as one short piece of text, for the lines that say what changed.
enum FieldText {
    static func text(_ values: [UntypedJSON]) -> String {
        switch values.count {
        case 0: "(empty)"
        case 1: one(values[0])
        default: "[" + values.map(one).joined(separator: ", ") + "]"
        }
    }

    private static func one(_ value: UntypedJSON) -> String {
        let text = value.stringValue ?? value.jsonText()
        let line = text.replacingOccurrences(of: "\n", with: " ")
        return line.count > 60 ? String(line.prefix(57)) + "..." : line
    }
}
