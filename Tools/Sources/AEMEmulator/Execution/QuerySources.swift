/// The source of `<Model>Result` and `<Model>Results`: the fragments answered, and which of their fields the query
/// selects (the fields whose targets `_references` lists).
struct ResultSource: Sendable {
    let items: [FragmentNode]
    let selectedFields: Set<String>
}

/// The source of `<Model>Connection`.
struct ConnectionSource: Sendable {
    let edges: [EdgeSource]
    let pageInfo: PageInfoSource
}

/// The source of `<Model>Edge`.
struct EdgeSource: Sendable {
    let cursor: String
    let node: FragmentNode
}
