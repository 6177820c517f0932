import Foundation

/// The one mapping from an HTTP status that is not a success to an `AemError`, for query
/// answers, OpenAPI resources and downloads alike: 401/403 unauthorized, 404 (and 410 for a file)
/// not found, 409 conflict, 412 precondition failed, 428 precondition required, 429 rate limited,
/// anything else `httpStatus`.
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
    /// How long the service is known to throttle when a 429 does not say (`Retry-After`), for the
    /// message; nil when that is unknown.
    package var throttleWhenUnsaid: Duration?

    package init(
        subject: Subject, origin: AemOrigin, url: URL, sentCredentials: Bool, throttleWhenUnsaid: Duration? = nil
    ) {
        self.subject = subject
        self.origin = origin
        self.url = url
        self.sentCredentials = sentCredentials
        self.throttleWhenUnsaid = throttleWhenUnsaid
    }

    /// The error for `status`, a status that is not the success expected.
    package func error(status: Int, bodyExcerpt: String? = nil, graphQLErrors: [GraphQLError] = []) -> AemError {
        let reason = graphQLErrors.first.map(String.init(describing:))
        let (kind, message) =
            refusal(status, said: reason, retryAfter: nil)
            ?? describe(status, reason: reason, page: nil, errors: graphQLErrors)
        return AemError(kind, message, url: url, status: status, bodyExcerpt: bodyExcerpt, graphQLErrors: graphQLErrors)
    }

    /// The error for a whole answer whose status is not a success, whatever its body: a 5xx is
    /// a server failure even when a proxy's HTML error page came with it. Problem Details are read
    /// into the message and kept in `problemDetails`.
    package func error(for answer: AemAnswer, scrubber: SecretScrubber) -> AemError {
        let errors = answer.graphQLErrors
        let problem = answer.problemDetails
        let page = answer.isHTML ? answer.pageDescription : nil
        let reason = errors.first.map(String.init(describing:)) ?? problem.map(String.init(describing:))
        let said = errors.first.map(String.init(describing:)) ?? problem?.words
        let (kind, message) =
            refusal(answer.status, said: said, retryAfter: answer.headers["Retry-After"])
            ?? describe(answer.status, reason: reason, page: page, errors: errors)
        var error = AemError(
            kind, message, url: url, status: answer.status, bodyExcerpt: answer.excerpt(scrubber),
            graphQLErrors: errors)
        error.problemDetails = problem
        return error
    }

    /// The kind and message of a status that refuses a write as sent (409, 412, 428) or says that the server is
    /// limiting the rate of requests (429); nil for any other. `said` is the server's own words.
    private func refusal(_ status: Int, said: String?, retryAfter: String?) -> (AemError.Kind, String)? {
        let what: String
        switch subject {
        case .query(let path): what = "the persisted query \(path)"
        case .resource(let description), .file(let description): what = description
        }
        let saying = said.map { ": \($0)" } ?? ""
        switch status {
        case 409:
            return (
                .conflict,
                "\(origin) refused the change to \(what) because it conflicts with its current state (409 Conflict\(saying)). Read it again to see its state: a published fragment, for one, must be unpublished before it is deleted."
            )
        case 412:
            return (
                .preconditionFailed,
                what.prefix(1).uppercased() + what.dropFirst()
                    + " changed on \(origin) since it was read (412 Precondition Failed\(saying)): read it again and apply the change to the fresh copy."
            )
        case 428:
            return (
                .preconditionRequired,
                "\(origin) takes a change to \(what) only with the entity tag of the copy it is based on (428 Precondition Required\(saying)): read it, and send the change with that copy's tag in If-Match."
            )
        case 429:
            return (
                .rateLimited,
                "\(origin) is limiting the rate of requests (429 Too Many Requests\(saying)), so \(what) was neither read nor changed: \(Self.whenToTryAgain(retryAfter: retryAfter, unsaid: throttleWhenUnsaid))."
            )
        default:
            return nil
        }
    }

    /// `try again in 60 s, as the server asks`, from a `Retry-After` value (seconds or an HTTP date), else from how
    /// long the service is known to throttle.
    private static func whenToTryAgain(retryAfter: String?, unsaid: Duration?) -> String {
        if let retryAfter, let wait = RetryPolicy.parseRetryAfter(retryAfter) {
            return "try again in \(Aem.seconds(wait)), as the server asks"
        }
        if let unsaid {
            return "it did not say for how long, so try again in \(Aem.seconds(unsaid))"
        }
        return "it did not say for how long, so try again in a minute"
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
