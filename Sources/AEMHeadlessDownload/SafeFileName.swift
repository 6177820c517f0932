import AEMHeadless

/// A base file name made from a slug that cannot leave the folder it is written to: only
/// `a-z 0-9 - _`, never empty, never a path separator, `..` or a leading dot.
///
/// A slug that follows the site's rule (`^[a-z0-9\-_]{5,40}$`) is used as it is. Any other slug
/// is made safe: letters are lower-cased, every other character becomes `-`, the result is cut
/// to 40 characters and given a suffix from a hash of the original slug, so that two different
/// slugs never share a name and a made-safe name never equals a valid slug.
public struct SafeFileName: Sendable, Hashable, CustomStringConvertible {
    /// The base name, without an extension.
    public let rawValue: String
    /// Whether the slug was valid and is used unchanged.
    public let isSlugUnchanged: Bool

    /// The safe name for `slug`: the slug itself when it follows the site's rule, else a made-safe form.
    ///
    /// - Returns: nil when the slug holds no letter or digit to make a name from.
    public init?(slug: String) {
        if Self.isValidSlug(slug) {
            rawValue = slug
            isSlugUnchanged = true
            return
        }
        var safe = ""
        for scalar in slug.unicodeScalars {
            let lowered = scalar.properties.lowercaseMapping
            if lowered.unicodeScalars.count == 1, let single = lowered.unicodeScalars.first, Self.isSlugScalar(single) {
                safe.unicodeScalars.append(single)
            } else if !safe.hasSuffix("-") {
                safe += "-"
            }
        }
        let trimmed = String(safe.trimmingDashes.prefix(Self.maxLength - 9)).trimmingDashes
        guard trimmed.unicodeScalars.contains(where: { $0.properties.isAlphabetic || ("0"..."9").contains($0) }) else {
            return nil
        }
        rawValue = trimmed + "-" + Self.hashSuffix(of: slug)
        isSlugUnchanged = false
    }

    /// The name itself.
    public var description: String { rawValue }

    /// The site's slug rule: 5 to 40 characters of `a-z 0-9 - _`.
    public static func isValidSlug(_ slug: String) -> Bool {
        (5...maxLength).contains(slug.unicodeScalars.count) && slug.unicodeScalars.allSatisfy(isSlugScalar)
    }

    static let maxLength = 40

    private static func isSlugScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
    }

    /// Eight hex digits of the 32-bit FNV-1a hash of the slug's UTF-8 bytes: stable across runs
    /// and platforms, unlike `hashValue`.
    private static func hashSuffix(of slug: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in slug.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}

extension StringProtocol {
    fileprivate var trimmingDashes: String {
        String(drop { $0 == "-" }.reversed().drop { $0 == "-" }.reversed())
    }
}
