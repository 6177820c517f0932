import GraphQL

/// Line and column (1-based) of a node in its query text, as errors report them.
enum SourcePosition {
    static func lineAndColumn(of location: Location?) -> (line: Int, column: Int) {
        guard let location else { return (1, 1) }
        var line = 1
        var column = 1
        for (offset, byte) in location.source.body.utf8.enumerated() {
            if offset >= location.start { break }
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}
