import Dispatch
import Foundation

extension Array where Element: Sendable {
    /// `transform` applied to every element on all cores, results in the elements' order.
    func concurrentMap<Transformed: Sendable>(_ transform: @Sendable (Element) -> Transformed) -> [Transformed] {
        let slots = Slots<Transformed>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            slots.set(index, transform(self[index]))
        }
        return slots.values
    }
}

/// One result per index, each written once by the iteration that owns it.
private final class Slots<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value?]

    init(count: Int) {
        storage = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: Value) {
        lock.withLock { storage[index] = value }
    }

    var values: [Value] {
        lock.withLock { storage.compactMap { $0 } }
    }
}
