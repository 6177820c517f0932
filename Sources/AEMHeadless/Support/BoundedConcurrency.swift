extension Array where Element: Sendable {
    /// `transform` applied to every element, at most `limit` at once (a new one starting as
    /// each ends), the results in the elements' order. The first error thrown ends the rest.
    package func concurrentMap<Transformed: Sendable>(
        limit: Int, _ transform: @escaping @Sendable (Element) async throws -> Transformed
    ) async throws -> [Transformed] {
        try await withThrowingTaskGroup(of: (Int, Transformed).self) { group in
            var results: [Transformed?] = [Transformed?](repeating: nil, count: count)
            var next = 0
            func startNext() {
                guard next < count else { return }
                let (index, element) = (next, self[next])
                next += 1
                group.addTask { (index, try await transform(element)) }
            }
            for _ in 0..<Swift.max(1, limit) { startNext() }
            while let (index, result) = try await group.next() {
                results[index] = result
                startNext()
            }
            return results.compactMap { $0 }
        }
    }
}
