import AEMHeadless
import Foundation

extension SitesRequest {
    /// Reads a whole answer: the value or the read that fetches it, or an `AemError` saying what came back instead.
    func reading(_ answer: AemAnswer, origin: AemOrigin, scrubber: SecretScrubber) throws(AemError)
        -> SitesReading<Value>
    {
        func failure(_ kind: AemError.Kind, _ message: String, underlying: (any Error)? = nil) -> AemError {
            var error = AemError(
                kind, message, url: answer.url, status: answer.status, bodyExcerpt: answer.excerpt(scrubber),
                underlyingError: underlying)
            error.problemDetails = answer.problemDetails
            return error
        }
        guard answer.isSuccess else { throw statusFailure(answer, origin: origin, scrubber: scrubber) }
        if answer.isHTML {
            throw failure(
                .htmlResponse,
                "\(origin) answered \(answer.status) with \(answer.pageDescription) instead of JSON for \(subject): a proxy, CDN or login page answered in place of AEM. Check the host (the author service) and the credentials."
            )
        }
        var document: UntypedJSON?
        if !answer.isBlank {
            do {
                document = try UntypedJSON(parsing: answer.body)
            } catch {
                throw failure(
                    .invalidResponse, "The answer from \(origin) for \(subject) is not valid JSON (\(error)).",
                    underlying: error)
            }
        }
        do throws(SitesReadFailure) {
            return try read(SitesAnswer(status: answer.status, headers: answer.headers, document: document))
        } catch {
            switch error {
            case .shape(let mismatch):
                let decodingError = mismatch.decodingError(below: [])
                throw failure(
                    .decodingFailed,
                    "The answer for \(subject) does not have the expected shape: \(DecodingErrorDescription(decodingError)).",
                    underlying: decodingError)
            case .noBody:
                throw failure(
                    .emptyResponse,
                    "\(origin) answered \(answer.status) with an empty body for \(subject); the Sites API sends JSON here, so something in between answered instead."
                )
            case .notFound:
                throw failure(.notFound, Self.sentenceCase(subject) + " does not exist on \(origin).")
            case .unusable(let reason):
                throw failure(.invalidResponse, reason)
            }
        }
    }

    /// The error for a status that is not a success, in the one mapping of `StatusFailure`, with what only this
    /// request knows: that a 404 of a list means the API is not served there, how to get past a 409, and that a
    /// retried write may have landed before.
    private func statusFailure(_ answer: AemAnswer, origin: AemOrigin, scrubber: SecretScrubber) -> AemError {
        var error = StatusFailure(
            subject: .resource(description: subject), origin: origin, url: answer.url,
            sentCredentials: origin.contains(answer.url), throttleWhenUnsaid: SitesEndpoints.throttle
        )
        .error(for: answer, scrubber: scrubber)
        let said = answer.problemDetails.flatMap { $0.detail ?? $0.title }.map { ": \($0)" } ?? ""
        switch answer.status {
        case 404 where isCollection:
            error.kind = .httpStatus
            error.message =
                "\(origin) answered 404 to \(subject)\(said): it does not serve the Sites API (/adobe/sites). AEM serves it on the author service (author-p…-e….adobeaemcloud.com), so make the client with the author host."
        case 409:
            if let conflict {
                error.message =
                    "\(origin) refused to \(conflict.action) \(subject) (409 Conflict\(said)): \(conflict.advice)"
            }
        default:
            break
        }
        if answer.attempts > 1, [404, 412].contains(answer.status), method != "GET" {
            error.message +=
                " It was sent \(answer.attempts) times after a failure, and an earlier try may have made the change: read it again to see."
        }
        return error
    }

    static func sentenceCase(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}
