import Foundation

/// Strings laid end to end as UTF-8, so that many of them sort by comparing bytes alone: sorting Swift strings costs
/// reference counting on every comparison, which at 100,000 paths or titles takes longer than the comparisons.
struct PackedStrings {
    private var bytes: [UInt8] = []
    /// Where each string ends in ``bytes`` (it starts where the one before ends).
    private var ends: [Int] = []
    /// Whether the order of the bytes is also the order of Swift's `<`, and their equality its `==`: true when no
    /// string has a scalar from U+0300 on (ASCII, and Latin letters with their accents precomposed). Such strings are
    /// in NFC, whose scalars `<` compares, and UTF-8 keeps the order of scalars; from U+0300 on, combining marks and
    /// their compositions can make two byte sequences one string.
    private(set) var bytesOrderAsStrings = true

    init(_ strings: [String]) {
        ends.reserveCapacity(strings.count)
        for var string in strings {
            string.withUTF8 { utf8 in
                bytes.append(contentsOf: utf8)
                // A lead byte from 0xCC on starts a scalar from U+0300 on.
                if bytesOrderAsStrings, utf8.contains(where: { $0 >= 0xCC }) { bytesOrderAsStrings = false }
            }
            ends.append(bytes.count)
        }
    }

    var count: Int { ends.count }

    /// The indices of the strings in the order of their bytes; equal strings keep their order.
    func sortedIndices() -> [Int] {
        var indices = Array(ends.indices)
        bytes.withUnsafeBufferPointer { bytes in
            ends.withUnsafeBufferPointer { ends in
                indices.sort { Self.compare(bytes, ends, $0, $1) < 0 }
            }
        }
        return indices
    }

    /// Whether the strings at two indices are equal.
    func areEqual(_ first: Int, _ second: Int) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            ends.withUnsafeBufferPointer { ends in Self.compare(bytes, ends, first, second) == 0 }
        }
    }

    private static func compare(
        _ bytes: UnsafeBufferPointer<UInt8>, _ ends: UnsafeBufferPointer<Int>, _ first: Int, _ second: Int
    ) -> Int32 {
        let firstStart = first == 0 ? 0 : ends[first - 1]
        let secondStart = second == 0 ? 0 : ends[second - 1]
        let (firstCount, secondCount) = (ends[first] - firstStart, ends[second] - secondStart)
        if let base = bytes.baseAddress, min(firstCount, secondCount) > 0 {
            let order = memcmp(base + firstStart, base + secondStart, min(firstCount, secondCount))
            if order != 0 { return order }
        }
        return firstCount == secondCount ? 0 : (firstCount < secondCount ? -1 : 1)
    }
}
