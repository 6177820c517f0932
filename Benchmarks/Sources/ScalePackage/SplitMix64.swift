/// SplitMix64: the same sequence for the same seed on every machine, so a package can be generated again byte for
/// byte.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<n`; `n` must be positive.
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// One of `values`, which must not be empty.
    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }

    /// A version 4 UUID made of the next 128 bits.
    mutating func uuid() -> String {
        let high = next()
        let low = next()
        let hex = Array(hex16(high) + hex16(low))
        var characters = hex
        characters[12] = "4"
        characters[16] = Array("89ab")[Int(low >> 62)]
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
    }

    private func hex16(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
