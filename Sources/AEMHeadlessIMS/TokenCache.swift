import AEMHeadless
import Crypto
import Foundation

/// Obtained tokens kept on disk between runs, one file per credential named by the SHA-256 of
/// its identity (never of a secret). Files are readable by their owner only (0600, in a 0700
/// folder) and replaced atomically and durably (`PartialFile.write`); a file that cannot be read
/// as a token is ignored.
public struct TokenCache: Sendable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// `<user cache folder>/<application>/tokens`: `$XDG_CACHE_HOME` or `~/.cache` on Linux,
    /// `~/Library/Caches` on Apple platforms.
    public static func inUserCacheDirectory(
        application: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> TokenCache {
        TokenCache(
            directory: userCacheDirectory(environment: environment)
                .appendingPathComponent(application, isDirectory: true).appendingPathComponent(
                    "tokens", isDirectory: true))
    }

    static func userCacheDirectory(environment: [String: String]) -> URL {
        #if canImport(Darwin)
        if let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first { return caches }
        #endif
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache", isDirectory: true)
    }

    /// The file that holds the token of the credential with `identity`.
    public func fileURL(for identity: String) -> URL {
        let digest = SHA256.hash(data: Data(identity.utf8)).lowercaseHex
        return directory.appendingPathComponent(digest + ".json")
    }

    /// The cached token of `identity`, or nil when there is none or it cannot be read.
    public func read(for identity: String) -> IssuedToken? {
        guard let data = FileManager.default.contents(atPath: fileURL(for: identity).path) else { return nil }
        return try? JSONDecoder().decode(IssuedToken.self, from: data)
    }

    /// Keeps `token` for `identity`, replacing any earlier one.
    public func write(_ token: IssuedToken, for identity: String) throws {
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let data = try JSONEncoder().encode(token)
        try PartialFile.write(data, to: fileURL(for: identity), permissions: 0o600)
    }

    /// Forgets every cached token and returns how many there were.
    @discardableResult
    public func removeAll() throws -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return 0 }
        var removed = 0
        // `.tmp`: the temporary names of earlier versions.
        for name in names where name.hasSuffix(".json") || name.hasSuffix(".tmp") || PartialFile.isTemporary(name) {
            try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
            if name.hasSuffix(".json") { removed += 1 }
        }
        return removed
    }
}
