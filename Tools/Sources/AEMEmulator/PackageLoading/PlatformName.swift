import Foundation

/// FileVault's escaping of repository names, undone: in file names (`_jcr_content` is `jcr:content`, `%2a` is `*`)
/// and, ISO 9075 style, in docview element and attribute names (`_x0040_` is `@`, `_x0031_` is `1`).
enum PlatformName {
    /// The repository name of a file or folder name: `%XX` decoded, then `_prefix_rest` read as `prefix:rest`
    /// and a leading `__` as a literal `_`. Spaces and non-ASCII letters are kept as they are.
    static func repositoryName(fileName: String) -> String {
        var name = percentDecoded(fileName)
        guard name.hasPrefix("_") else { return name }
        let rest = name.dropFirst()
        if rest.hasPrefix("_") {
            name = String(rest)
        } else if let separator = rest.firstIndex(of: "_"), separator != rest.startIndex,
            rest.index(after: separator) != rest.endIndex
        {
            name = rest[..<separator] + ":" + rest[rest.index(after: separator)...]
        }
        return name
    }

    /// `name` with every `_xHHHH_` replaced by the character of that hexadecimal code.
    static func iso9075Decoded(_ name: String) -> String {
        guard mayHoldEscapes(name) else { return name }
        let bytes = Array(name.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "_"), index + 6 < bytes.count, bytes[index + 1] == UInt8(ascii: "x"),
                bytes[index + 6] == UInt8(ascii: "_"), let code = hexValue(bytes[(index + 2)..<(index + 6)]),
                let scalar = Unicode.Scalar(code)
            {
                result.append(contentsOf: String(Character(scalar)).utf8)
                index += 7
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The value of four hexadecimal digits.
    private static func hexValue(_ digits: ArraySlice<UInt8>) -> UInt32? {
        var value: UInt32 = 0
        for digit in digits {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt32(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt32(digit - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = value << 4 | UInt32(digit - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        return value
    }

    /// Whether `name` holds `_x` (checked on its bytes: most names do not, and this runs for every attribute).
    private static func mayHoldEscapes(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            guard bytes.count > 1 else { return false }
            for index in 1..<bytes.count
            where bytes[index] == UInt8(ascii: "x") && bytes[index - 1] == UInt8(ascii: "_") {
                return true
            }
            return false
        }
    }

    /// `%XX` sequences decoded as UTF-8 bytes; text that is not valid escaping is kept.
    private static func percentDecoded(_ name: String) -> String {
        guard name.utf8.contains(UInt8(ascii: "%")) else { return name }
        return name.removingPercentEncoding ?? name
    }
}
