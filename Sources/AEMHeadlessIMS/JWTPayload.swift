import Foundation

/// The claims of a JSON Web Token, read without checking its signature: for what a client may
/// know of its own token (expiry, user, client), never to trust it.
struct JWTPayload {
    private let claims: [String: Any]

    /// The payload of `token`, or nil when the token is not a JWT with a JSON object payload.
    init?(of token: String) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let data = Base64URL.decode(parts[1]),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        claims = object
    }

    func string(_ name: String) -> String? { claims[name] as? String }

    /// A number claim, also when written as a string (IMS writes `created_at` and `expires_in` as strings).
    func number(_ name: String) -> Double? {
        switch claims[name] {
        case let number as NSNumber: number.doubleValue
        case let text as String: Double(text)
        default: nil
        }
    }

    /// The expiry: IMS's `created_at` + `expires_in` (milliseconds), else the standard `exp` (seconds).
    var expiresAt: Date? {
        if let created = number("created_at"), let lifetime = number("expires_in") {
            return Date(timeIntervalSince1970: (created + lifetime) / 1000)
        }
        return number("exp").map { Date(timeIntervalSince1970: $0) }
    }
}

/// The URL-safe Base64 of JSON Web Tokens, without padding.
enum Base64URL {
    static func decode(_ text: some StringProtocol) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
