import Foundation

/// The one mapping from an HTTP status that is not a success to an `AemError`, for query
/// answers, delivery API resources and downloads alike: 401/403 unauthorized, 404 (and 410 for
/// a file) not found, anything else `httpStatus`.
package struct StatusFailure {
    /// What was asked for, which the kind and the message depend on.
    package enum Subject {
        /// A persisted query, by its path such as `wknd-shared/adventures-all`.
        case query(path: String)
        /// A file such as an image, described for people (its path, with the host when it is
        /// not the AEM origin).
        case file(description: String)
        /// A resource of an OpenAPI-based API, described for people: `the content fragment at /content/dam/…`.
        case resource(description: String)
    }

    package var subject: Subject
    /// The AEM origin, for messages.
    package var origin: AemOrigin
    package var url: URL
    /// Whether the request carried the credentials (it went to the origin).
    package var sentCredentials: Bool

    package init(subject: Subject, origin: AemOrigin, url: URL, sentCredentials: Bool) {
        self.subject = subject
        self.origin = origin
        self.url = url
        self.sentCredentials = sentCredentials
    }

    /// The error for `status`, a status that is not the success expected.
    package func error(status: Int, bodyExcerpt: String? = nil, graphQLErrors: [GraphQLError] = []) -> AemError {
        let (kind, message) = describe(
            status, reason: graphQLErrors.first.map(String.init(describing:)), page: nil, errors: graphQLErrors)
        return AemError(kind, message, url: url, status: status, bodyExcerpt: bodyExcerpt, graphQLErrors: graphQLErrors)
    }

    /// The error for a whole answer whose status is not a success, whatever its body: a 5xx is
    /// a server failure even when a proxy's HTML error page came with it.
    func error(for answer: AemAnswer, scrubber: SecretScrubber) -> AemError {
        let errors = answer.graphQLErrors
        let problem = answer.problemDetails
        let page = answer.isHTML ? answer.pageDescription : nil
        let reason = errors.first.map(String.init(describing:)) ?? problem.map(String.init(describing:))
        let (kind, message) = describe(answer.status, reason: reason, page: page, errors: errors)
        var error = AemError(
            kind, message, url: url, status: answer.status, bodyExcerpt: answer.excerpt(scrubber),
            graphQLErrors: errors)
        error.problemDetails = problem
        return error
    }

    private func describe(_ status: Int, reason: String?, page: String?, errors: [GraphQLError]) -> (
        AemError.Kind, String
    ) {
        switch (status, subject) {
        case (401, .query(let path)), (403, .query(let path)):
            return (
                .unauthorized,
                "\(origin) answered \(status) \(status == 401 ? "Unauthorized" : "Forbidden"): the credentials are missing, wrong or expired (a local development token lasts 24 hours), or this user may not read \(path)."
            )
        case (401, .file(let what)), (403, .file(let what)):
            let hint =
                sentCredentials
                ? "check the credentials and that they may read this asset"
                : "the image is on another host, which never receives the AEM credentials"
            return (.unauthorized, "\(what) answered \(status): not allowed (\(hint)).")
        case (404, .query(let path)):
            return (.queryNotFound, Self.missingQuery(path, on: origin, errors: errors))
        case (404, .file(let what)), (410, .file(let what)):
            return (.notFound, "\(what) answered \(status): there is no such image.")
        case (401, .resource(let what)), (403, .resource(let what)):
            return (
                .unauthorized,
                "\(origin) answered \(status) \(status == 401 ? "Unauthorized" : "Forbidden") to \(what)\(reason.map { " (\($0))" } ?? ""): the credentials are missing, wrong or expired, or not allowed to read it. OAuth server-to-server credentials must also be allowed for this tier in the environment's api.yaml."
            )
        case (404, .resource(let what)):
            return (.notFound, what.prefix(1).uppercased() + what.dropFirst() + " does not exist on \(origin) (404).")
        case (_, .query(let path)), (_, .resource(let path)):
            var message = "\(origin) answered \(status) to \(path)"
            if let page {
                message += " with \(page)"
            }
            if let reason {
                message += ": \(reason)"
            } else if status >= 500 {
                message += ": the server failed; try again later, or check the server's logs."
            } else {
                message += "."
            }
            return (.httpStatus, message)
        case (_, .file(let what)):
            return (.httpStatus, "\(what) answered \(status) instead of the image.")
        }
    }

    /// Why a persisted query answered 404, from AEM's error: the configuration has no GraphQL endpoint (AEM's
    /// `ServletError` "No suitable endpoint found."), or it has no query by that name (`PersistenceError` "Could not
    /// find Persisted Query", or no body AEM wrote).
    private static func missingQuery(_ path: String, on origin: AemOrigin, errors: [GraphQLError]) -> String {
        let configuration = path.split(separator: "/").first.map(String.init) ?? path
        if let servlet = errors.first(where: { $0.errorType == "ServletError" }),
            servlet.details?.localizedCaseInsensitiveContains("endpoint") == true
        {
            return
                "\(origin) has no GraphQL endpoint for the configuration \(configuration), so it cannot run \(path) (404: \(servlet.details ?? servlet.message)). Check the configuration name, or create the endpoint in AEM (Tools > General > GraphQL)."
        }
        let said = errors.first { $0.errorType == "PersistenceError" }.map { ": \($0.message)" } ?? ""
        return
            "The persisted query \(path) does not exist on \(origin) (404\(said)). Check the query name, or persist the query on that server."
    }
}
