import AEMHeadless
import Foundation

/// The service credentials of an AEM as a Cloud Service environment, as the Developer Console
/// gives them (`{"ok": true, "integration": {…}, "statusCode": 200}`). The description never
/// shows the client secret or the private key.
public struct ServiceCredentials: Sendable, CustomStringConvertible {
    /// The IMS host the credentials belong to, such as `ims-na1.adobelogin.com`.
    public var imsEndpoint: String
    public var clientID: String
    /// The technical account the token acts as (`…@techacct.adobe.com`).
    public var technicalAccountID: String
    /// The IMS organisation (`…@AdobeOrg`).
    public var organization: String
    /// The metascopes asked for, such as `ent_aem_cloud_api`.
    public var metascopes: [String]
    let clientSecret: String
    let privateKey: String

    private struct File: Decodable {
        var ok: Bool?
        var integration: Integration?
    }

    private struct Integration: Decodable {
        var imsEndpoint: String?
        var metascopes: String?
        var technicalAccount: TechnicalAccount?
        var id: String?
        var org: String?
        var privateKey: String?
    }

    private struct TechnicalAccount: Decodable {
        var clientId: String?
        var clientSecret: String?
    }

    /// Reads the Developer Console's JSON file.
    /// - Parameter source: the file's path, for messages.
    public init(json: Data, source: String) throws(SignInError) {
        guard let file = try? JSONDecoder().decode(File.self, from: json) else {
            throw SignInError(
                .readingCredentials,
                "\(source) is not a service credentials JSON file; download it again from the Developer Console (Integrations → Technical Accounts)."
            )
        }
        guard file.ok != false, let integration = file.integration else {
            throw SignInError(
                .readingCredentials,
                "\(source) has no \"integration\" object; download the service credentials again from the Developer Console."
            )
        }
        func required(_ value: String?, _ name: String) throws(SignInError) -> String {
            guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
                throw SignInError(
                    .readingCredentials,
                    "\(source) has no integration.\(name); download the service credentials again from the Developer Console."
                )
            }
            return value
        }
        imsEndpoint = try required(integration.imsEndpoint, "imsEndpoint")
        clientID = try required(integration.technicalAccount?.clientId, "technicalAccount.clientId")
        clientSecret = try required(integration.technicalAccount?.clientSecret, "technicalAccount.clientSecret")
        technicalAccountID = try required(integration.id, "id")
        organization = try required(integration.org, "org")
        privateKey = try required(integration.privateKey, "privateKey")
        metascopes = try required(integration.metascopes, "metascopes").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !imsEndpoint.contains("/"), !imsEndpoint.contains(where: \.isWhitespace) else {
            throw SignInError(.readingCredentials, "\(source) has an imsEndpoint that is not a host name.")
        }
    }

    /// The secrets the credentials hold, for masking text that might be shown.
    public var secrets: [String] { [clientSecret, privateKey] }

    public var description: String {
        "service credentials (client \(clientID), technical account \(technicalAccountID), organization \(organization))"
    }
}
