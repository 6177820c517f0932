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
        guard name.contains("_x") else { return name }
        let scalars = Array(name.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "_", index + 6 < scalars.count, scalars[index + 1] == "x", scalars[index + 6] == "_",
                let code = UInt32(String(String.UnicodeScalarView(scalars[(index + 2)..<(index + 6)])), radix: 16),
                let scalar = Unicode.Scalar(code)
            {
                result.append(scalar)
                index += 7
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        return String(result)
    }

    /// `%XX` sequences decoded as UTF-8 bytes; text that is not valid escaping is kept.
    private static func percentDecoded(_ name: String) -> String {
        guard name.contains("%") else { return name }
        return name.removingPercentEncoding ?? name
    }
}
