import GraphQL

/// A failure while resolving a field, worded as graphql-java words it (which AEM uses):
/// `Exception while fetching data (/adventureByPath) : Path: '…' did not yield a Content Fragment`.
struct FetchFailure: Error, CustomStringConvertible {
    let description: String

    init(_ message: String, at path: IndexPath) {
        let location = path.elements.map { element -> String in
            switch element {
            case .index(let index): String(index)
            case .key(let key): key
            }
        }.joined(separator: "/")
        description = "Exception while fetching data (/\(location)) : \(message)"
    }
}
