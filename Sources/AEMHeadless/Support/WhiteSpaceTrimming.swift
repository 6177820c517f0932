extension StringProtocol {
    /// The text without the scalars `drop` accepts at either end: what Foundation's
    /// `trimmingCharacters(in:)` gives, without building a character set and a trip through
    /// `NSString`, which on Linux costs far more, on paths that run for every request and image.
    func trimmingScalars(where drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !drop($0) }), let last = scalars.lastIndex(where: { !drop($0) })
        else { return "" }
        // Nearly every value has nothing to trim: copied as it is, not scalar by scalar.
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return String(self) }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }

    /// The text without white space at either end: spaces, tabs, line breaks and Unicode's other
    /// spaces (the `White_Space` property) and the zero-width space: what
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` removes on Linux.
    package var trimmingWhiteSpace: String {
        trimmingScalars { $0.properties.isWhitespace || $0 == "\u{200B}" }
    }
}
