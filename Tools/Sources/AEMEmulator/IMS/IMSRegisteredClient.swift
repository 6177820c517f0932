import Foundation
import X509
import _CryptoExtras

/// A client registered with an IMS emulator, as a Developer Console project or environment
/// holds it: its id and secret, and for service credentials the technical account, the
/// organisation, the metascopes and the certificate whose key signs the JWT; for OAuth
/// server-to-server, the scopes it may ask for.
public struct IMSRegisteredClient: Sendable {
    public var clientID: String
    public var clientSecret: String
    public var organization: String
    public var technicalAccountID: String
    /// The metascopes a JWT may claim, such as `ent_aem_cloud_api`.
    public var metascopes: [String]
    /// The scopes an OAuth client-credentials request may ask for.
    public var scopes: [String]
    /// The certificate whose public key verifies the JWT; nil for an OAuth-only client.
    public var certificate: Certificate?

    public init(
        clientID: String, clientSecret: String, organization: String = "", technicalAccountID: String = "",
        metascopes: [String] = [], scopes: [String] = [], certificate: Certificate? = nil
    ) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.organization = organization
        self.technicalAccountID = technicalAccountID
        self.metascopes = metascopes
        self.scopes = scopes
        self.certificate = certificate
    }

    /// A client with new service credentials, as the Developer Console makes them: a new
    /// 2048-bit RSA key and a self-signed certificate for it. Returns the client to register
    /// and the credentials file to hand to the user (the private key is in it, nowhere else).
    public static func withNewServiceCredentials(
        clientID: String, clientSecret: String, organization: String, technicalAccountID: String,
        metascopes: [String] = ["ent_aem_cloud_api"], imsEndpoint: String = IMSOptions.defaultAudienceHost
    ) throws -> (client: IMSRegisteredClient, credentialsFile: Data) {
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let name = try DistinguishedName { CommonName(technicalAccountID) }
        let now = Date()
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: now.addingTimeInterval(-60), notValidAfter: now.addingTimeInterval(365 * 86_400),
            issuer: name, subject: name, signatureAlgorithm: .sha256WithRSAEncryption,
            extensions: Certificate.Extensions(),
            issuerPrivateKey: Certificate.PrivateKey(key))
        let client = IMSRegisteredClient(
            clientID: clientID, clientSecret: clientSecret, organization: organization,
            technicalAccountID: technicalAccountID, metascopes: metascopes, certificate: certificate)
        let integration: [String: Any] = [
            "imsEndpoint": imsEndpoint,
            "metascopes": metascopes.joined(separator: ","),
            "technicalAccount": ["clientId": clientID, "clientSecret": clientSecret],
            "email": technicalAccountID,
            "id": technicalAccountID,
            "org": organization,
            "privateKey": key.pemRepresentation.replacingOccurrences(of: "\n", with: "\r\n"),
            "publicKey": try certificate.serializeAsPEM().pemString.replacingOccurrences(of: "\n", with: "\r\n"),
        ]
        let file = try JSONSerialization.data(
            withJSONObject: ["ok": true, "integration": integration, "statusCode": 200],
            options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        return (client, file)
    }
}
