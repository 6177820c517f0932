import AEMHeadless

/// Property: any text given to `--where` reads as a condition or fails with `SyncError.invalidQuery`, without
/// crashing or hanging, the same way twice.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWhere(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let first = Result { () throws(SyncError) in try FragmentPredicate(parsing: text) }
    let second = Result { () throws(SyncError) in try FragmentPredicate(parsing: text) }
    switch (first, second) {
    case (.success(let a), .success(let b)):
        guard a == b else { fatalError("two readings of one condition differ") }
    case (.failure(let error), .failure):
        guard error.kind == .invalidQuery else { fatalError("\(error.kind) is not invalidQuery") }
    default:
        fatalError("one reading failed and the other did not")
    }
    return 0
}
