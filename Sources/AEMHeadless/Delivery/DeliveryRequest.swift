import Foundation

/// One read of the delivery API, which `Aem.execute(_:policy:)` runs: `.fragment(id:)`,
/// `.fragment(path:)`, `.fragmentPage(under:pageSize:cursor:)`.
public struct DeliveryRequest<Value: Sendable>: Sendable {
    /// The request target: path and query, already percent-encoded.
    var target: String
    /// What is asked for, for messages: `the content fragment at /content/dam/…`.
    var subject: String
    /// Whether this is a page of the list, whose 404 means the API itself is missing.
    var isList = false
    /// Reads the answer's JSON document.
    var read: @Sendable (UntypedJSON) throws(JSONShapeMismatch) -> Value

    /// The absolute URL on `origin`.
    func url(on origin: AemOrigin) -> URL {
        // The target holds only unreserved characters, `%XX` escapes, `/`, `?`, `&` and `=`, and
        // the origin was validated when it was made, so the text is always a valid URL.
        guard let url = URL(string: origin.description + target) else {
            preconditionFailure("Not a URL: \(origin)\(target)")
        }
        return url
    }

    /// Reads a whole answer: the value, or an `AemError` saying what came back instead.
    func value(from answer: AemAnswer, origin: AemOrigin, scrubber: SecretScrubber) throws(AemError) -> Value {
        func failure(_ kind: AemError.Kind, _ message: String, underlying: (any Error)? = nil) -> AemError {
            AemError(
                kind, message, url: answer.url, status: answer.status, bodyExcerpt: answer.excerpt(scrubber),
                underlyingError: underlying)
        }
        if answer.status == 404, isList {
            throw failure(
                .httpStatus,
                "\(origin) answered 404 to \(subject): it does not serve the Content Fragment Delivery API (/adobe/contentFragments). AEM serves it on the publish and preview tiers, not author, once Adobe has enabled it for the environment."
            )
        }
        guard answer.isSuccess else {
            throw StatusFailure(
                subject: .resource(description: subject), origin: origin, url: answer.url,
                sentCredentials: origin.contains(answer.url)
            )
            .error(for: answer, scrubber: scrubber)
        }
        if answer.isHTML {
            throw failure(
                .htmlResponse,
                "\(origin) answered \(answer.status) with \(answer.pageDescription) instead of JSON for \(subject): a proxy, CDN or login page answered in place of AEM. Check the host and the credentials."
            )
        }
        if answer.isBlank {
            throw failure(
                .emptyResponse,
                "\(origin) answered \(answer.status) with an empty body for \(subject); the delivery API always sends JSON, so something in between answered instead."
            )
        }
        let document: UntypedJSON
        do {
            document = try UntypedJSON(parsing: answer.body)
        } catch {
            throw failure(
                .invalidResponse, "The answer from \(origin) for \(subject) is not valid JSON (\(error)).",
                underlying: error)
        }
        do {
            return try read(document)
        } catch {
            let decodingError = error.decodingError(below: [])
            throw failure(
                .decodingFailed,
                "The answer for \(subject) does not have the expected shape: \(DecodingErrorDescription(decodingError)).",
                underlying: decodingError)
        }
    }
}
