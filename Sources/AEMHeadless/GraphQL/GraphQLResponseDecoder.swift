import Foundation

/// Turns a persisted query's HTTP answer into a `GraphQLResult`, or an `AemError` that says
/// what came back instead.
struct GraphQLResponseDecoder: Sendable {
    /// The query, for messages: `wknd-shared/adventures-all`.
    var queryPath: String
    var origin: AemOrigin
    var url: URL
    var scrubber: SecretScrubber

    private var statuses: StatusFailure {
        StatusFailure(subject: .query(path: queryPath), origin: origin, url: url, sentCredentials: origin.contains(url))
    }

    private struct Envelope<Response: Decodable>: Decodable {
        var data: Response?
        var errors: [GraphQLError]?
        var hasData: Bool

        private enum CodingKeys: String, CodingKey { case data, errors }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            hasData = container.contains(.data)
            data = try container.decodeIfPresent(Response.self, forKey: .data)
            errors = try container.decodeIfPresent(LenientList<GraphQLError>.self, forKey: .errors)?.elements
        }
    }

    func decode<Response: Decodable & Sendable>(
        _ type: Response.Type, answer: AemAnswer
    ) throws(AemError) -> GraphQLResult<Response> {
        let status = answer.status
        guard answer.isSuccess else {
            throw statuses.error(for: answer, scrubber: scrubber)
        }
        if answer.isHTML {
            throw failure(
                .htmlResponse, answer,
                "\(origin) answered \(status) with \(answer.pageDescription) instead of JSON: a proxy, CDN or login page answered in place of AEM. Check the host and the credentials."
            )
        }
        if answer.isBlank {
            throw failure(
                .emptyResponse, answer,
                "\(origin) answered \(status) with an empty body to \(queryPath); AEM always sends JSON, so something in between answered instead."
            )
        }
        if Response.self == UntypedJSON.self {
            let untyped = try decodeUntyped(answer)
            return GraphQLResult(
                data: untyped.data.flatMap { $0 as? Response }, errors: untyped.errors,
                queryPath: queryPath, url: url)
        }
        if let result = Self.decodeLibraryModel(Response.self, body: answer.body, queryPath: queryPath, url: url) {
            return result
        }
        let envelope: Envelope<Response>
        do {
            envelope = try JSONDecoder().decode(Envelope<Response>.self, from: answer.body)
        } catch let error as DecodingError {
            throw decodingFailure(error, answer)
        } catch {
            throw failure(
                .invalidResponse, answer,
                "The answer from \(origin) to \(queryPath) could not be read: \(error).", underlying: error)
        }
        guard envelope.hasData || envelope.errors != nil else {
            throw failure(
                .invalidResponse, answer,
                "The answer from \(origin) to \(queryPath) is JSON but not a GraphQL response (it has neither \"data\" nor \"errors\")."
            )
        }
        return GraphQLResult(data: envelope.data, errors: envelope.errors ?? [], queryPath: queryPath, url: url)
    }

    /// The answer read into `UntypedJSON` by its own parser, so that member order and number text
    /// are kept; `data: null` reads as nil, like a typed answer.
    private func decodeUntyped(_ answer: AemAnswer) throws(AemError) -> (data: UntypedJSON?, errors: [GraphQLError]) {
        let document: UntypedJSON
        do {
            document = try UntypedJSON(parsing: answer.body)
        } catch {
            throw failure(
                .invalidResponse, answer,
                "The answer from \(origin) to \(queryPath) is not valid JSON (\(error)).", underlying: error)
        }
        guard document.members != nil else {
            throw failure(
                .invalidResponse, answer,
                "The answer from \(origin) to \(queryPath) is JSON but not a GraphQL response (it is not an object).")
        }
        let data = document["data"]
        let errors = document["errors"]
        guard data != nil || errors != nil else {
            throw failure(
                .invalidResponse, answer,
                "The answer from \(origin) to \(queryPath) is JSON but not a GraphQL response (it has neither \"data\" nor \"errors\")."
            )
        }
        return (data == .null ? nil : data, (errors?.arrayValue ?? []).compactMap { try? GraphQLError(json: $0) })
    }

    /// The fast path for the library's own models: one parse into `UntypedJSON`, then the model
    /// read from it. Nil whenever the answer is not a well-formed GraphQL response of the model's
    /// shape, so that the `JSONDecoder` path reports exactly what is wrong.
    private static func decodeLibraryModel<Response: Decodable & Sendable>(
        _ type: Response.Type, body: Data, queryPath: String, url: URL
    ) -> GraphQLResult<Response>? {
        guard let model = Response.self as? any UntypedJSONDecodable.Type,
            let root = UntypedJSONParser.parseAsJSONDecoderWould(body), case .object = root
        else { return nil }
        var data: Response?
        if let value = root["data"], !value.isNull {
            guard let decoded = try? model.init(json: value) as? Response else { return nil }
            data = decoded
        }
        var errors: [GraphQLError]?
        if let value = root["errors"], !value.isNull {
            guard let elements = value.arrayValue else { return nil }
            errors = elements.compactMap { try? GraphQLError(json: $0) }
        }
        guard root.contains("data") || errors != nil else { return nil }
        return GraphQLResult(data: data, errors: errors ?? [], queryPath: queryPath, url: url)
    }

    private func decodingFailure(_ error: DecodingError, _ answer: AemAnswer) -> AemError {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return failure(
                .invalidResponse, answer,
                "The answer from \(origin) to \(queryPath) is not valid JSON.", underlying: error)
        case .typeMismatch(_, let context) where context.codingPath.isEmpty,
            .valueNotFound(_, let context) where context.codingPath.isEmpty:
            return failure(
                .invalidResponse, answer,
                "The answer from \(origin) to \(queryPath) is JSON but not a GraphQL response (it is not an object).",
                underlying: error)
        default:
            let errors = answer.graphQLErrors
            return failure(
                .decodingFailed, answer,
                "The answer to \(queryPath) does not have the expected shape: \(DecodingErrorDescription(error)).",
                errors: errors, underlying: error)
        }
    }

    private func failure(
        _ kind: AemError.Kind, _ answer: AemAnswer, _ message: String,
        errors: [GraphQLError] = [], underlying: (any Error)? = nil
    ) -> AemError {
        AemError(
            kind, message, url: url, status: answer.status, bodyExcerpt: answer.excerpt(scrubber),
            graphQLErrors: errors, underlyingError: underlying)
    }
}
