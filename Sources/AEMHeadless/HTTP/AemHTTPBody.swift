import Foundation

/// The bytes of a response body as an asynchronous sequence of chunks.
public struct AemHTTPBody: AsyncSequence, Sendable {
    /// Each element is one chunk of the body as it arrives.
    public typealias Element = Data

    private let makeNext: @Sendable () -> () async throws -> Data?

    /// A body read by repeatedly calling the closure that `makeNext` returns until it gives nil.
    /// Each iteration of the body calls `makeNext` once.
    public init(_ makeNext: @escaping @Sendable () -> () async throws -> Data?) {
        self.makeNext = makeNext
    }

    /// A body already in memory.
    public init(_ data: Data) {
        self.init {
            var chunk: Data? = data.isEmpty ? nil : data
            return {
                defer { chunk = nil }
                return chunk
            }
        }
    }

    /// A body fed by a stream of chunks.
    public init(_ stream: AsyncThrowingStream<Data, any Error>) {
        self.init {
            var iterator = stream.makeAsyncIterator()
            return { try await iterator.next() }
        }
    }

    /// Reads the body's chunks in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let next: () async throws -> Data?
        /// The next chunk, or nil at the end of the body.
        public mutating func next() async throws -> Data? { try await next() }
    }

    /// An iterator that reads the body from its start.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(next: makeNext()) }

    /// Reads the whole body, failing once it passes `limit` bytes.
    public func collect(upTo limit: Int) async throws -> Data {
        var collected = Data()
        for try await chunk in self {
            guard collected.count + chunk.count <= limit else { throw BodyTooLargeError(limit: limit) }
            collected.append(chunk)
        }
        return collected
    }
}

/// A body was longer than the limit set for reading it.
public struct BodyTooLargeError: Error, Sendable {
    /// The limit in bytes that the body went past.
    public let limit: Int
}
