import AEMHeadless
import CompanionLaunch
import Foundation
import WKNDCore

/// Persisted queries kept as code: `<folder>/<configuration>/<name>.graphql`, each with an optional sidecar
/// `<name>.json` holding its cache settings as AEM's `persist.json` takes them
/// (`{"cache-control": {"max-age": 300}, "surrogate-control": {"max-age": 600}}`).
struct QueryFolder {
    let url: URL

    /// One query of a folder or a service: `configuration/name`, its text, its cache settings.
    struct Query: Sendable, Equatable {
        var path: String
        var text: String
        var cache: QueryCacheSettings?

        /// The configuration of `configuration/name`.
        var configuration: String { QueryFiles.configuration(of: path) }

        /// The text as compared: without the white space at its end, which editors add and AEM keeps.
        var comparableText: Substring {
            text[..<(text.lastIndex { !$0.isWhitespace }.map { text.index(after: $0) } ?? text.startIndex)]
        }
    }

    init(_ path: String) {
        url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath, isDirectory: true)
    }

    /// Every query of the folder, sorted by path.
    /// - Throws: `Failure` (exit 78) for a folder that cannot be read, a name AEM does not take, a file that is not
    ///   UTF-8 or is empty, or a sidecar that is not the JSON above.
    func read() throws(Failure) -> [Query] {
        guard let files = QueryFiles.list(in: url) else {
            throw Failure(
                .configuration,
                "Cannot read the folder \(url.path); give the folder of <configuration>/<name>.graphql files.")
        }
        var queries: [Query] = []
        for (path, location) in files {
            guard let data = FileManager.default.contents(atPath: location.path),
                let text = String(data: data, encoding: .utf8), !text.allSatisfy(\.isWhitespace)
            else {
                throw Failure(.configuration, "\(location.path) cannot be read, is not UTF-8 text, or is empty.")
            }
            let sidecar = location.deletingPathExtension().appendingPathExtension("json")
            let cache = try FileManager.default.contents(atPath: sidecar.path).map { data throws(Failure) in
                try Self.cacheSettings(in: data, file: sidecar.path)
            }
            queries.append(Query(path: path, text: text, cache: cache ?? nil))
        }
        return queries
    }

    /// Writes `queries` into the folder (the text exactly as given, and a sidecar where there are cache settings),
    /// each file atomically and durably.
    /// - Returns: the files written, relative to the folder.
    func write(_ queries: [Query]) throws(Failure) -> [String] {
        var written: [String] = []
        for query in queries {
            let graphql = query.path + ".graphql"
            try SavedFile.write(Data(query.text.utf8), to: url.appendingPathComponent(graphql))
            written.append(graphql)
            if let cache = query.cache {
                let sidecar = query.path + ".json"
                try SavedFile.write(Self.sidecar(cache), to: url.appendingPathComponent(sidecar))
                written.append(sidecar)
            }
        }
        return written
    }

    /// The cache settings of a sidecar.
    static func cacheSettings(in data: Data, file: String) throws(Failure) -> QueryCacheSettings? {
        let json: UntypedJSON
        do {
            json = try UntypedJSON(parsing: data)
        } catch {
            throw Failure(.configuration, "\(file) is not JSON: \(error)")
        }
        guard json.members != nil else {
            throw Failure(
                .configuration,
                "\(file) must be an object such as {\"cache-control\": {\"max-age\": 300}, \"surrogate-control\": {\"max-age\": 600}}."
            )
        }
        func maxAge(_ key: String) throws(Failure) -> Int? {
            guard let member = json[key] else { return nil }
            guard let value = member["max-age"]?.intValue, value >= 0 else {
                throw Failure(.configuration, "\(file): \(key) must hold a max-age of 0 or more seconds.")
            }
            return value
        }
        let settings = QueryCacheSettings(
            maxAge: try maxAge("cache-control"), sharedMaxAge: try maxAge("surrogate-control"))
        return settings == .defaults ? nil : settings
    }

    /// A sidecar for `cache`, its members in a fixed order.
    static func sidecar(_ cache: QueryCacheSettings) -> Data {
        var members: [String] = []
        if let maxAge = cache.maxAge { members.append("  \"cache-control\": {\"max-age\": \(maxAge)}") }
        if let shared = cache.sharedMaxAge { members.append("  \"surrogate-control\": {\"max-age\": \(shared)}") }
        return Data(("{\n" + members.joined(separator: ",\n") + "\n}\n").utf8)
    }
}
