import Foundation
import Testing

@testable import AEMHeadless

@Suite("lowercaseHex: the package's digests in hex")
struct LowercaseHexTests {
    @Test("two lower-case digits per byte, as String(format: \"%02x\") writes them")
    func matchesFormat() {
        #expect([UInt8]().lowercaseHex == "")
        #expect([0x00, 0x0F, 0xA5, 0xFF].lowercaseHex == "000fa5ff")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            #expect(bytes.lowercaseHex == bytes.map { String(format: "%02x", $0) }.joined())
        }
    }
}
