import Foundation

extension AemAnswer {
    /// The errors of a query-management answer: GraphQL-style `errors`, or one error with the
    /// `message` of a body that has only that.
    var managementErrors: [GraphQLError] {
        let errors = graphQLErrors
        guard errors.isEmpty, !isHTML, let message = json?["message"]?.stringValue else { return errors }
        return [GraphQLError(message: message)]
    }
}

extension Aem {
    /// The URL of `path` (already percent-encoded) on the configured origin.
    func managementURL(_ path: String) -> URL {
        // The origin was validated and the path holds only unreserved characters, escapes and "/".
        guard let url = URL(string: configuration.origin.description + path) else {
            preconditionFailure("Not a URL: \(configuration.origin)\(path)")
        }
        return url
    }
}
