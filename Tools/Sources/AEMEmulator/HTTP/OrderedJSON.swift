import AEMWireFormats
import Foundation

/// A JSON document whose objects keep their keys in insertion order, so the emulator's answers list fields in the
/// order AEM gives them (the order of the stored query's selection set).
enum OrderedJSON: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([OrderedJSON])
    case object([(String, OrderedJSON)])

    static func int(_ value: Int) -> OrderedJSON { .number(Double(value)) }

    static func optional(_ value: String?) -> OrderedJSON { value.map(OrderedJSON.string) ?? .null }

    /// The value of `key` when this is an object.
    subscript(key: String) -> OrderedJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// Returns this object with `key` set to `value`, replacing an existing member in place or appending a new one.
    func setting(_ key: String, to value: OrderedJSON) -> OrderedJSON {
        guard case .object(var members) = self else { return self }
        if let index = members.firstIndex(where: { $0.0 == key }) {
            members[index].1 = value
        } else {
            members.append((key, value))
        }
        return .object(members)
    }

    /// The compact UTF-8 serialisation. Integral numbers print without a fraction (`4500`), others as Swift prints
    /// them (`95.5`); non-ASCII text is written as UTF-8, not escaped.
    var serialized: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        write(to: &out)
        return out
    }

    private func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: Array("null".utf8))
        case .bool(let value): out.append(contentsOf: Array((value ? "true" : "false").utf8))
        case .number(let value): out.append(contentsOf: Array(Self.format(value).utf8))
        case .string(let value): JSONString.write(value, to: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                element.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONString.write(member.0, to: &out)
                out.append(UInt8(ascii: ":"))
                member.1.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }
}
