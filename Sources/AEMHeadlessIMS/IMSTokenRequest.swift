import AEMHeadless
import Foundation

/// One form POST to an IMS token endpoint and its answer: a token, or IMS's own error
/// (`{"error": "invalid_client", "error_description": "…"}`) as a `SignInError`.
struct IMSTokenRequest: Sendable {
    var url: URL
    var form: [(name: String, value: String)]
    /// What is being exchanged, for messages: "service credentials", "OAuth client credentials".
    var credentialName: String

    /// The largest answer read; IMS answers are a few kilobytes.
    static let maxAnswerBytes = 256 << 10

    /// The answer's fields that matter.
    struct Answer: Decodable, Sendable {
        var accessToken: String
        /// A number of milliseconds or seconds, depending on the endpoint.
        var expiresIn: Double

        enum CodingKeys: String, CodingKey {
            case accessToken = "access_token"
            case expiresIn = "expires_in"
        }
    }

    private struct Refusal: Decodable {
        var error: String?
        var errorDescription: String?

        enum CodingKeys: String, CodingKey {
            case error
            case errorDescription = "error_description"
        }
    }

    func send(using transport: any AemHTTPTransport) async throws -> Answer {
        let request = AemHTTPRequest(
            method: "POST", url: url,
            headers: [
                "Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json",
                "User-Agent": ClientIdentity.userAgent(),
            ],
            body: FormBody.encode(form), timeout: .seconds(30))
        let status: Int
        let body: Data
        do {
            let response = try await transport.send(request)
            status = response.status
            body = try await response.body.collect(upTo: Self.maxAnswerBytes)
        } catch let error as AemHTTPTransportError {
            throw SignInError(
                .contactingIMS,
                "Could not reach IMS at \(host) to exchange the \(credentialName) (\(error.detail)); check the network and the IMS URL."
            )
        } catch is BodyTooLargeError {
            throw SignInError(
                .contactingIMS,
                "IMS at \(host) answered with more than \(Self.maxAnswerBytes) bytes; check the IMS URL.")
        }
        guard (200..<300).contains(status) else { throw refusal(status: status, body: body) }
        guard let answer = try? JSONDecoder().decode(Answer.self, from: body), !answer.accessToken.isEmpty else {
            throw SignInError(
                .contactingIMS,
                "IMS at \(host) answered \(status) without an access token and its lifetime; check the IMS URL.",
                status: status)
        }
        return answer
    }

    private var host: String { url.host.map { h in url.port.map { "\(h):\($0)" } ?? h } ?? url.absoluteString }

    private func refusal(status: Int, body: Data) -> SignInError {
        guard let refusal = try? JSONDecoder().decode(Refusal.self, from: body), let code = refusal.error else {
            return SignInError(
                .contactingIMS,
                "IMS at \(host) answered \(status) to the \(credentialName) exchange, without an IMS error; check the IMS URL.",
                status: status)
        }
        let description = refusal.errorDescription.map { ": \(Self.oneLine($0))" } ?? ""
        return SignInError(
            .imsRejected,
            "IMS refused the \(credentialName) (\(status) \(code)\(description)). \(Self.advice(for: code))",
            imsError: code, status: status)
    }

    private static func oneLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count > 300 ? String(line.prefix(300)) + "…" : line
    }

    private static func advice(for code: String) -> String {
        switch code {
        case "invalid_client":
            "Check the client id and secret, or download the credentials again from the Developer Console."
        case "invalid_token":
            "The signed JWT was refused: check that the private key and the certificate belong together and the clock is right."
        case "invalid_scope": "Ask only for the scopes the Developer Console project grants."
        default: "Check the credentials in the Developer Console."
        }
    }
}

/// `application/x-www-form-urlencoded`, as IMS reads it.
enum FormBody {
    /// Everything but letters, digits and `-._~` is percent-encoded, so `+` and `&` in a secret survive.
    static func encode(_ fields: [(name: String, value: String)]) -> Data {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let text = fields.map { field in
            let name = field.name.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
            let value = field.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
            return name + "=" + value
        }.joined(separator: "&")
        return Data(text.utf8)
    }
}
