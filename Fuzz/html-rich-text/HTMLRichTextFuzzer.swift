import AEMHeadless

/// Property: any text (HTML of a rich-text field as the delivery API sends it) reads as rich-text nodes without
/// crashing or hanging, the same way twice, and the nodes give their plain text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTMLRichText(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let html = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let nodes = HTMLRichTextReader.nodes(html: html)
    guard HTMLRichTextReader.nodes(html: html) == nodes else { fatalError("two readings of one text differ") }
    _ = nodes.map(\.plainText)
    return 0
}
