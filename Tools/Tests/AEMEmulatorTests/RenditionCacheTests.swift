import Foundation
import Testing

@testable import AEMEmulator

/// The rendered images kept for repeated requests, and the slots that bound the renders running at once.
struct RenditionCacheTests {
    @Test func theCacheKeepsAtMostItsLimit() async throws {
        let cache = RenditionCache(byteLimit: 1_000)
        var renders = 0
        func rendition(_ key: String, bytes: Int) async throws -> CachedRendition {
            try await cache.rendition(for: key, mimeType: "image/jpeg") { () throws(ImageRenderingFailure) in
                renders += 1
                return Data(repeating: UInt8(bytes % 251), count: bytes)
            }
        }
        let first = try await rendition("a", bytes: 400)
        #expect(first.etag.count > 2 && first.etag.hasPrefix("\"") && first.etag.hasSuffix("\""))
        #expect(try await rendition("a", bytes: 400).etag == first.etag)
        #expect(renders == 1)
        _ = try await rendition("b", bytes: 400)
        _ = try await rendition("a", bytes: 400) // a is now the most recent
        _ = try await rendition("c", bytes: 400) // over the limit: b goes
        #expect(cache.keptBytes <= 1_000)
        _ = try await rendition("a", bytes: 400)
        #expect(renders == 3)
        _ = try await rendition("b", bytes: 400)
        #expect(renders == 4)
        // Larger than the whole cache: served, not kept.
        _ = try await rendition("huge", bytes: 5_000)
        #expect(cache.keptBytes <= 1_000)
    }

    @Test func theCacheIsSafeFromManyTasks() async {
        #expect(RenditionCache().byteLimit == 64 * 1024 * 1024)
        let cache = RenditionCache(byteLimit: 10_000)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<500 {
                group.addTask {
                    _ = try? await cache.rendition(for: "key \(index % 50)", mimeType: "image/png") {
                        () throws(ImageRenderingFailure) in
                        Data(repeating: UInt8(index % 50), count: 100 + index % 50 * 10)
                    }
                }
            }
        }
        #expect(cache.keptBytes <= 10_000)
    }

    @Test func slotsLetAtMostTheirCountRunAtOnce() async throws {
        let slots = AsyncSlots(count: 1)
        let counts = LockedCounts()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<12 {
                group.addTask {
                    try? await slots.run { () throws(ImageRenderingFailure) in
                        counts.enter()
                        Thread.sleep(forTimeInterval: 0.01)
                        counts.leave()
                    }
                }
            }
        }
        #expect(counts.finished == 12)
        #expect(counts.most == 1)
    }
}

/// How many holders are inside at once, at most, and how many finished.
private final class LockedCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var inside = 0
    private(set) var most = 0
    private(set) var finished = 0

    func enter() {
        lock.withLock {
            inside += 1
            most = max(most, inside)
        }
    }

    func leave() {
        lock.withLock {
            inside -= 1
            finished += 1
        }
    }
}
