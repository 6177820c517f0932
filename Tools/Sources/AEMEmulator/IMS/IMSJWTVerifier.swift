import Foundation
import X509
import _CryptoExtras

/// Checks a service-credentials JWT as IMS does: RS256, signed by the key of the client's
/// certificate, issued by its organisation for its technical account, addressed to this IMS
/// and this client, not expired, claiming only the client's metascopes.
struct IMSJWTVerifier {
    var client: IMSRegisteredClient
    var audienceHost: String

    /// A refusal: IMS's error code and description.
    struct Refusal: Error {
        var error: String
        var description: String
    }

    func verify(_ jwt: String, now: Date = Date()) throws(Refusal) {
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerData = Base64URL.decode(parts[0]),
            let payloadData = Base64URL.decode(parts[1]),
            let signature = Base64URL.decode(parts[2]),
            let header = try? JSONSerialization.jsonObject(with: headerData) as? [String: Any],
            let claims = try? JSONSerialization.jsonObject(with: payloadData) as? [String: Any]
        else { throw Refusal(error: "invalid_token", description: "Malformed JWT") }
        guard header["alg"] as? String == "RS256" else {
            throw Refusal(error: "invalid_token", description: "JWT algorithm must be RS256")
        }
        guard let certificate = client.certificate, let key = _RSA.Signing.PublicKey(certificate.publicKey),
            key.isValidSignature(
                _RSA.Signing.RSASignature(rawRepresentation: signature),
                for: Data((parts[0] + "." + parts[1]).utf8), padding: .insecurePKCS1v1_5)
        else {
            throw Refusal(error: "invalid_token", description: "Could not match JWT signature to any of the bindings")
        }
        try check(claims, now: now)
    }

    private func check(_ claims: [String: Any], now: Date) throws(Refusal) {
        let endpoint = "https://\(audienceHost)"
        guard let exp = (claims["exp"] as? NSNumber)?.doubleValue else {
            throw Refusal(error: "invalid_token", description: "JWT has no exp claim")
        }
        guard exp > now.timeIntervalSince1970 else {
            throw Refusal(error: "invalid_token", description: "JWT token is expired")
        }
        guard exp <= now.timeIntervalSince1970 + 86_400 + 60 else {
            throw Refusal(error: "invalid_token", description: "JWT exp is more than 24 hours ahead")
        }
        guard claims["iss"] as? String == client.organization else {
            throw Refusal(error: "invalid_token", description: "JWT iss does not match the client's organization")
        }
        guard claims["sub"] as? String == client.technicalAccountID else {
            throw Refusal(error: "invalid_token", description: "JWT sub does not match the technical account")
        }
        guard claims["aud"] as? String == "\(endpoint)/c/\(client.clientID)" else {
            throw Refusal(error: "invalid_token", description: "JWT aud must be \(endpoint)/c/\(client.clientID)")
        }
        let metascopes = claims.keys.filter { $0.hasPrefix("\(endpoint)/s/") }.map {
            String($0.dropFirst(endpoint.count + 3))
        }
        guard !metascopes.isEmpty else { throw Refusal(error: "invalid_scope", description: "JWT claims no metascope") }
        for metascope in metascopes where !client.metascopes.contains(metascope) {
            throw Refusal(error: "invalid_scope", description: "Metascope \(metascope) is not granted to this client")
        }
    }
}
