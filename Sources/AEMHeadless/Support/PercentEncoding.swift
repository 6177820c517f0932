/// Percent-encoding of URL parts, by UTF-8 byte.
package enum PercentEncoding {
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Escapes every byte except RFC 3986's unreserved characters `A-Z a-z 0-9 - . _ ~`.
    package static func encodeUnreserved(_ text: String) -> String {
        encode(text) { isUnreserved($0) }
    }

    /// Escapes a query parameter's value: everything but the unreserved characters and `,` (which
    /// lists such as an image crop's `10,20,300,200` keep readable).
    static func encodeQueryValue(_ text: String) -> String {
        encode(text) { isUnreserved($0) || $0 == UInt8(ascii: ",") }
    }

    /// Escapes what may not stand in a URL path, leaving existing `%XX` escapes, `/` and the
    /// path's sub-delimiters as they are, so an already-encoded path is not encoded twice.
    static func encodePath(_ text: some StringProtocol) -> String {
        encodeKeepingEscapes(text, allowed: pathCharacters)
    }

    /// As `encodePath`, for a query string: `?` and `/` may stand there too.
    static func encodeQuery(_ text: some StringProtocol) -> String {
        encodeKeepingEscapes(text, allowed: queryCharacters)
    }

    private static func encodeKeepingEscapes(_ text: some StringProtocol, allowed: ByteSet) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2])
            {
                output.append(contentsOf: bytes[index...index + 2])
                index += 3
                continue
            }
            if allowed.contains(byte) {
                output.append(byte)
            } else {
                appendEscaped(byte, to: &output)
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// What a path keeps as it is: the unreserved characters, `/` and the sub-delimiters.
    private static let pathCharacters = ByteSet { isUnreserved($0) || "/!$&'()*+,;=:@".utf8.contains($0) }
    /// What a query keeps as it is: a path's characters and `?`.
    private static let queryCharacters = ByteSet { pathCharacters.contains($0) || $0 == UInt8(ascii: "?") }

    /// A set of bytes as a table of 256 flags: a look-up per byte of every URL built, without hashing.
    private struct ByteSet: Sendable {
        private let flags: [Bool]

        init(_ isMember: (UInt8) -> Bool) {
            flags = (0...255).map { isMember(UInt8($0)) }
        }

        func contains(_ byte: UInt8) -> Bool { flags[Int(byte)] }
    }

    private static func encode(_ text: String, keeping keep: (UInt8) -> Bool) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if keep(byte) { output.append(byte) } else { appendEscaped(byte, to: &output) }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func appendEscaped(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "%"))
        output.append(hexDigits[Int(byte >> 4)])
        output.append(hexDigits[Int(byte & 0x0F)])
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            true
        default:
            false
        }
    }
}
