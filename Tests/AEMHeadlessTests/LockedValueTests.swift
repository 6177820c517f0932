import Foundation
import Testing

@testable import AEMHeadless

@Suite("LockedValue: the package's one lock")
struct LockedValueTests {
    @Test("changes from many tasks at once are none of them lost")
    func concurrentChanges() async {
        let counter = LockedValue(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
                }
            }
        }
        #expect(counter.value == 80_000)
    }

    @Test("exchange returns the old value; copies share one value; the value is released with the last copy")
    func exchangeCopiesAndRelease() {
        final class Token {}
        weak var released: Token?
        do {
            let token = Token()
            released = token
            let box = LockedValue<Token?>(token)
            let copy = box
            #expect(copy.exchange(nil) === token)
            #expect(box.withLock { $0 } == nil)
            box.withLock { $0 = token }
        }
        #expect(released == nil)
    }
}
