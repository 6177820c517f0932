import Foundation

extension Aem {
    /// Sends one request with the credentials it may carry. With a token provider, the request
    /// is signed with a current token, and when AEM answers 401 to a token that should have been
    /// valid, the token is renewed once and the request sent once more.
    func sendSigned(
        _ url: URL, method: String = "GET", body: Data? = nil, headers: AemHTTPHeaders,
        attempt: Int
    ) async throws -> AemHTTPResponse {
        guard case .provider(let provider) = configuration.authentication, configuration.origin.contains(url) else {
            return try await send(
                request(
                    for: url, method: method, body: body, headers: headers,
                    authorization: configuration.authentication.headerValue),
                attempt: attempt)
        }
        var headers = headers
        if let apiKey = provider.apiKey { headers.set(name: "X-Api-Key", value: apiKey) }
        let token = try await provider.token(replacing: nil, using: transport)
        let response = try await send(
            request(for: url, method: method, body: body, headers: headers, authorization: "Bearer " + token.value),
            attempt: attempt)
        guard response.status == 401 else { return response }
        let renewed: AccessToken
        do {
            renewed = try await provider.token(replacing: token, using: transport)
        } catch {
            await response.body.discard()
            throw error
        }
        // A token that cannot be renewed: the 401 is the answer.
        guard renewed.value != token.value else { return response }
        await response.body.discard()
        return try await send(
            request(for: url, method: method, body: body, headers: headers, authorization: "Bearer " + renewed.value),
            attempt: attempt)
    }
}
