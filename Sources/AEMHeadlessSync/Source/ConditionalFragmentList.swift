import AEMHeadless
import Foundation

/// Reads pages of the delivery API's fragment list (`GET /adobe/contentFragments`) for a sync:
/// conditionally on a page's validators (`If-None-Match`), through `Aem.answer`, each item kept
/// as AEM sent it (member order and number text).
struct ConditionalFragmentList: Sendable {
    let aem: Aem
    /// The DAM folder listed, already checked.
    let folder: String
    let pageSize: Int

    /// A complete page with its validators.
    struct Answer: Sendable {
        let page: FragmentPage
        let validator: PageValidator?
    }

    /// The page after `cursor` (nil: the first); nil when the server answered 304 to a
    /// conditional request.
    ///
    /// - Throws: `AemError` for anything but a complete list page: a status other than 200 (and
    ///   304 when asked), an HTML page, an empty body, a body that is not JSON or not a list.
    func page(after cursor: String?, validator: PageValidator?) async throws -> Answer? {
        let url = try url(after: cursor)
        var headers = AemHTTPHeaders()
        headers.setConditions(etag: validator?.etag, lastModified: validator?.lastModified)
        let answer = try await aem.answer(url, headers: headers)
        if answer.status == 304, validator != nil { return nil }
        return Answer(
            page: try read(answer),
            validator: PageValidator.from(etag: answer.headers["ETag"], lastModified: answer.headers["Last-Modified"]))
    }

    /// `/adobe/contentFragments?path=…&limit=…&cursor=…` on the AEM origin, parameters in the
    /// order and encoding of the library's own list requests.
    private func url(after cursor: String?) throws -> URL {
        var query = "path=" + PercentEncoding.encodeUnreserved(folder) + "&limit=\(pageSize)"
        if let cursor { query += "&cursor=" + PercentEncoding.encodeUnreserved(cursor) }
        guard let url = URL(string: aem.configuration.origin.description + "/adobe/contentFragments?" + query) else {
            throw AemError(.invalidRequest, "No URL can be made for the fragment list under \(folder).")
        }
        return url
    }

    /// The page an answer holds, or an `AemError` saying what came back instead.
    private func read(_ answer: AemAnswer) throws -> FragmentPage {
        let subject = "the fragment list under \(folder)"
        func failure(_ kind: AemError.Kind, _ message: String, underlying: (any Error)? = nil) -> AemError {
            var error = AemError(kind, message, url: answer.url, status: answer.status, underlyingError: underlying)
            error.problemDetails = answer.problemDetails
            return error
        }
        guard answer.status == 200 else {
            let kind: AemError.Kind =
                switch answer.status {
                case 401, 403: .unauthorized
                case 404: .notFound
                default: .httpStatus
                }
            let said = answer.problemDetails.map { ": \($0)" } ?? (answer.isHTML ? " with an HTML page" : "")
            throw failure(kind, "AEM answered \(answer.status) for \(subject)\(said).")
        }
        if answer.isHTML {
            throw failure(
                .htmlResponse,
                "AEM answered \(subject) with an HTML page instead of JSON: a proxy, CDN or login page answered in place of AEM. Check the host and the credentials."
            )
        }
        if answer.isBlank {
            throw failure(.emptyResponse, "AEM answered \(subject) with an empty body.")
        }
        let document: UntypedJSON
        do {
            document = try UntypedJSON(parsing: answer.body)
        } catch {
            throw failure(
                .invalidResponse, "The answer for \(subject) is not valid JSON (\(error)).", underlying: error)
        }
        guard let elements = document["items"]?.arrayValue else {
            throw failure(.decodingFailed, "The answer for \(subject) has no \"items\" array.")
        }
        var items: [DeliveredFragment] = []
        items.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            do {
                items.append(try DeliveredFragment(element))
            } catch {
                throw failure(
                    .decodingFailed, "Item \(index) of \(subject) is not a content fragment: \(Self.describe(error)).",
                    underlying: error)
            }
        }
        let cursor = document["cursor"]?.stringValue
        return FragmentPage(items: items, cursor: cursor?.isEmpty == false ? cursor : nil)
    }

    /// `fields.title: expected a string, found a number`, from a `DecodingError`.
    private static func describe(_ error: any Error) -> String {
        let context: DecodingError.Context? =
            switch error as? DecodingError {
            case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .keyNotFound(_, let context)?,
                .dataCorrupted(let context)?:
                context
            default: nil
            }
        guard let context else { return String(describing: error) }
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return (path.isEmpty ? "" : "\(path.hasPrefix(".") ? String(path.dropFirst()) : path): ")
            + context.debugDescription
    }
}
