import AEMHeadless
import Foundation

/// The profiles file: named settings for the programs, environments and tiers a user works
/// with, in JSON. A profile holds settings and the *paths* of credential files, never a secret:
///
/// ```json
/// {
///   "profiles": {
///     "wknd-author": { "program": "123", "environment": "456", "tier": "author",
///                      "auth": "service", "serviceCredentials": "wknd-author-credentials.json" },
///     "local": { "scheme": "http", "host": "localhost:4503" }
///   }
/// }
/// ```
///
/// Relative paths are taken from the file's folder. It is `$AEM_PROFILES_FILE`, else
/// `$XDG_CONFIG_HOME/wknd/profiles.json`, else `~/.config/wknd/profiles.json`.
struct ProfilesFile {
    /// The file's path, as shown.
    package let path: String
    /// Every profile's settings by key, paths made absolute.
    package let profiles: [String: [SettingKey: String]]
    /// A profile's `clientSecretFile`, absolute: the file is read for the client secret.
    package let clientSecretFiles: [String: String]

    /// The profile keys, in the order the documentation lists them.
    package static let keys: [String] = SettingKey.allCases.compactMap(\.profileKey) + [clientSecretFileKey]
    package static let clientSecretFileKey = "clientSecretFile"

    private struct Document: Decodable {
        var profiles: [String: [String: String]]
    }

    /// The path of the profiles file for `environment`.
    package static func defaultPath(environment: [String: String]) -> String {
        if let path = environment["AEM_PROFILES_FILE"], !path.isEmpty { return path }
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/wknd/profiles.json" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.config/wknd/profiles.json"
    }

    /// Reads and checks the file; every problem is an error naming the file (and the profile and key).
    package init(path: String, text: Data) throws(AemConfigurationError) {
        self.path = path
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: text)
        } catch {
            throw AemConfigurationError(
                "The profiles file \(path) is not valid: \(Self.reason(error)). It is a JSON object {\"profiles\": {\"NAME\": {\"host\": \"…\", …}}} whose values are strings."
            )
        }
        let folder = URL(fileURLWithPath: (path as NSString).expandingTildeInPath).deletingLastPathComponent()
        var profiles: [String: [SettingKey: String]] = [:]
        var secretFiles: [String: String] = [:]
        for (name, values) in document.profiles {
            var settings: [SettingKey: String] = [:]
            for (key, value) in values {
                if key == Self.clientSecretFileKey {
                    secretFiles[name] = Self.absolute(value, in: folder)
                } else if let setting = SettingKey.allCases.first(where: { $0.profileKey == key }) {
                    settings[setting] = setting.isPath ? Self.absolute(value, in: folder) : value
                } else {
                    throw AemConfigurationError(
                        "The profiles file \(path): profile \"\(name)\" has an unknown key \"\(key)\"; the keys are \(Self.keys.joined(separator: ", ")). Secrets never go in a profile: name the file that holds them."
                    )
                }
            }
            profiles[name] = settings
        }
        self.profiles = profiles
        clientSecretFiles = secretFiles
    }

    /// The settings of profile `name`, or an error listing the profiles there are.
    package func profile(_ name: String) throws(AemConfigurationError) -> [SettingKey: String] {
        guard let profile = profiles[name] else {
            let names = profiles.keys.sorted().joined(separator: ", ")
            throw AemConfigurationError(
                "There is no profile \"\(name)\" in \(path)\(names.isEmpty ? "" : "; its profiles are \(names)").")
        }
        return profile
    }

    private static func absolute(_ value: String, in folder: URL) -> String {
        let expanded = (value as NSString).expandingTildeInPath
        return expanded.hasPrefix("/") ? expanded : folder.appendingPathComponent(expanded).path
    }

    private static func reason(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "not JSON" }
        switch decoding {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "at \(path): \(context.debugDescription)"
        @unknown default:
            return "not the expected shape"
        }
    }
}
