import Foundation

/// Property: any text reads as settings and issues without crashing or hanging, every setting
/// read has a valid name, and reading is deterministic.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXCConfig(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let result = XCConfigParser.parse(text)
    for key in result.values.keys {
        guard let first = key.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic)
        else {
            fatalError("\(key.debugDescription) is not a setting name")
        }
    }
    guard XCConfigParser.parse(text) == result else { fatalError("two readings of one text differ") }
    return 0
}
