/// Property: any text (a persisted query's text, as the service stores it) reads as a query document or as
/// nothing, without crashing or hanging, however deeply it nests.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQueryDocument(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let first = QueryDocument(text: text)
    guard (QueryDocument(text: text) == nil) == (first == nil) else { fatalError("two readings of one text differ") }
    return 0
}
