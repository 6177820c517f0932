import Foundation
import NIOConcurrencyHelpers

/// Rendered images kept for repeated requests, at most `byteLimit` bytes of them, the least recently asked for
/// dropped first. Two requests for one missing rendition may both render it; the result is the same.
final class RenditionCache: Sendable {
    /// The cache of every emulator of the process, across reloads of its content: a key names the original's bytes
    /// (by their entity tag) and how they are rendered, so a rendition stays right whatever content asks for it.
    static let shared = RenditionCache()

    let byteLimit: Int
    private let state = NIOLockedValueBox(State())

    private struct State {
        var entries: [String: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    private struct Entry {
        var rendition: CachedRendition
        var lastUse: UInt64
    }

    /// A cache that keeps at most `byteLimit` bytes of renditions (64 MiB unless told).
    init(byteLimit: Int = 64 * 1024 * 1024) {
        self.byteLimit = byteLimit
    }

    /// The rendition kept under `key`, else the one `render` makes (kept when it fits the limit).
    func rendition(for key: String, mimeType: String, render: () async throws(ImageRenderingFailure) -> Data)
        async throws(ImageRenderingFailure) -> CachedRendition
    {
        let kept = state.withLockedValue { state -> CachedRendition? in
            guard var entry = state.entries[key] else { return nil }
            state.clock += 1
            entry.lastUse = state.clock
            state.entries[key] = entry
            return entry.rendition
        }
        if let kept { return kept }
        let data = try await render()
        let rendition = CachedRendition(data: data, etag: EntityTag.strong(data), mimeType: mimeType)
        guard data.count <= byteLimit else { return rendition }
        state.withLockedValue { state in
            state.clock += 1
            if let previous = state.entries.updateValue(Entry(rendition: rendition, lastUse: state.clock), forKey: key)
            {
                state.bytes -= previous.rendition.data.count
            }
            state.bytes += data.count
            while state.bytes > byteLimit, let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.rendition.data.count
            }
        }
        return rendition
    }

    /// The bytes of the renditions kept now.
    var keptBytes: Int { state.withLockedValue { $0.bytes } }
}

/// A rendered image with its strong entity tag.
struct CachedRendition: Sendable {
    var data: Data
    /// `"<hex digest of the bytes>"`.
    var etag: String
    var mimeType: String
}
