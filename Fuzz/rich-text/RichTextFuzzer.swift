import AEMHeadless
import Foundation

/// Property: any multi-line field that decodes (its `json` tree, `plaintext` and the rest) lays
/// out for a terminal at any width, with or without colour, and gives its plain text, without
/// crashing or hanging; no laid-out line is wider than the width unless one word is.
///
/// The input is the field as JSON: `{"json": [...], "plaintext": "..."}`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRichText(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(UnsafeBufferPointer(start: start, count: count))
    guard let text = try? JSONDecoder().decode(RichText.self, from: data) else { return 0 }
    _ = text.text
    for width in [nil, 1, 8, 80] as [Int?] {
        for usesColor in [false, true] {
            let renderer = RichTextRenderer(width: width, usesColor: usesColor, describeFragment: { "wknd show \($0)" })
            _ = renderer.lines(for: text, indent: "  ")
        }
    }
    return 0
}
