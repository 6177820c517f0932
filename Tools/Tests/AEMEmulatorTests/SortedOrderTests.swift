import EmulatorTestSupport
import Testing

@testable import AEMEmulator

/// A sorted order packs each fragment's ranks and index into one integer where they fit: the same order as comparing
/// them key by key.
@Suite struct SortedOrderTests {
    @Test("packed and compared orders agree, ties broken by index", arguments: [1, 2, 3])
    func packedMatchesCompared(keyCount: Int) throws {
        var random = SeededRandom(seed: UInt64(keyCount))
        for (count, size) in [(0, 1), (1, 2), (7, 3), (1_000, 5), (1_000, 900), (5_000, 40_000), (30_000, 3)] {
            let keys = (0..<keyCount).map { _ in
                (ranks: (0..<count).map { _ in Int32.random(in: 0..<Int32(size), using: &random) }, size: size)
            }
            let packed = try #require(ModelIndex.packedOrder(of: keys, count: count))
            #expect(packed == ModelIndex.comparedOrder(of: keys, count: count), "\(count) fragments, \(size) values")
            #expect(packed.count == count)
        }
    }

    @Test("texts below U+0300 rank by their bytes as Swift's < and == rank them; a combining mark falls back")
    func textRanksAgreeWithSwift() {
        var random = SeededRandom(seed: 7)
        let letters = Array("aAzZ eéEÉoōôÖçßÿ'-0").map(String.init) + ["\u{2FF}", "\u{100}"]
        let texts = (0..<2_000).map { _ in
            (0..<Int.random(in: 0...3, using: &random)).map { _ in letters[Int(random.next() % UInt64(letters.count))] }
                .joined()
        }
        let packed = PackedStrings(texts)
        #expect(packed.bytesOrderAsStrings)
        let byBytes = ModelIndex.ranks(of: texts.map { .text($0) })
        // A text's rank is its place among the distinct texts in the order of Swift's `<`.
        let places = Dictionary(uniqueKeysWithValues: Set(texts).sorted().enumerated().map { ($1, Int32($0)) })
        #expect(byBytes.ranks == texts.map { places[$0] })
        // "é" precomposed and "e" with a combining acute are one string to Swift, two byte sequences.
        #expect(!PackedStrings(["caf\u{E9}", "cafe\u{301}"]).bytesOrderAsStrings)
        let combined = ModelIndex.ranks(of: [.text("cafe\u{301}"), .text("caf\u{E9}"), .text("cafd")])
        #expect(combined.ranks == [1, 1, 0])
    }

    @Test("keys that need more than 64 bits are not packed")
    func tooWide() {
        let keys = (0..<4).map { _ in (ranks: [Int32](repeating: 0, count: 2), size: 1 << 20) }
        #expect(ModelIndex.packedOrder(of: keys, count: 2) == nil)
        #expect(ModelIndex.comparedOrder(of: keys, count: 2) == [0, 1])
    }
}
