import AEMWireFormats
import Foundation

extension UntypedJSON {
    /// How `jsonText` lays out a value.
    public enum Layout: Sendable, Hashable {
        /// One line, no spaces: for pipes and JSON Lines.
        case compact
        /// Members and elements on lines of their own, indented by this many spaces per level.
        case indented(spaces: Int)

        /// Two spaces per level, as people read JSON.
        public static let pretty = Layout.indented(spaces: 2)
    }

    /// The value as JSON text: members in their order, numbers as sent, non-ASCII and `/` kept
    /// as they are, only `"`, `\` and control characters escaped. No line break at the end.
    public func jsonText(_ layout: Layout = .compact) -> String {
        String(decoding: jsonBytes(layout), as: UTF8.self)
    }

    /// `jsonText` as UTF-8 bytes.
    public func jsonBytes(_ layout: Layout = .compact) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(to: &output, layout: layout, level: 0)
        return output
    }

    private func write(to output: inout [UInt8], layout: Layout, level: Int) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let text): JSONString.write(text, to: &output)
        case .array(let elements):
            guard !elements.isEmpty else { return output.append(contentsOf: "[]".utf8) }
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.newLine(&output, layout: layout, level: level + 1)
                element.write(to: &output, layout: layout, level: level + 1)
            }
            Self.newLine(&output, layout: layout, level: level)
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else { return output.append(contentsOf: "{}".utf8) }
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.newLine(&output, layout: layout, level: level + 1)
                JSONString.write(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                if case .indented = layout { output.append(UInt8(ascii: " ")) }
                member.value.write(to: &output, layout: layout, level: level + 1)
            }
            Self.newLine(&output, layout: layout, level: level)
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func newLine(_ output: inout [UInt8], layout: Layout, level: Int) {
        guard case .indented(let spaces) = layout else { return }
        output.append(0x0A)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: spaces * level))
    }
}
