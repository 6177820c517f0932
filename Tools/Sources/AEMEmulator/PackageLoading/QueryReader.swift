import Foundation

/// Reads a persisted query, `/conf/<configuration>/settings/graphql/persistentQueries/<name>`: the GraphQL text is
/// the binary `jcr:content/jcr:data` (the file `_jcr_content/_jcr_data.binary`), or that property inline.
enum QueryReader {
    /// The query `node` stores, or `nil` when it holds no text.
    static func query(_ node: DocViewNode, configuration: String) throws(ContentPackageError) -> StoredQuery? {
        guard let content = node.child("jcr:content") else { return nil }
        let text: String
        if let file = content.binaries["jcr:data"] {
            do {
                text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            } catch {
                throw .unreadable(file: file.path, reason: error.localizedDescription)
            }
        } else if let inline = content.text("jcr:data") {
            text = inline
        } else {
            return nil
        }
        return StoredQuery(
            configuration: configuration, name: node.name, text: text,
            cacheControl: directives("cache-control", camelCase: "cacheControl", in: [content, node]),
            surrogateControl: directives("surrogate-control", camelCase: "surrogateControl", in: [content, node]))
    }

    /// Cache directives stored as one property (`cache-control` holding `max-age=300, …` or the JSON object
    /// `{"max-age": 300}`) or as one property per directive (`cacheControlMaxAge`); `nil` when none is present.
    static func directives(_ header: String, camelCase: String, in nodes: [DocViewNode]) -> [String: Int]? {
        var result: [String: Int] = [:]
        for node in nodes {
            if let text = node.text(header) ?? node.text(camelCase) {
                result.merge(parse(text)) { first, _ in first }
            }
            for (name, camel) in [
                ("max-age", "MaxAge"), ("s-maxage", "SMaxage"),
                ("stale-while-revalidate", "StaleWhileRevalidate"), ("stale-if-error", "StaleIfError"),
            ] {
                if result[name] == nil, let value = node.text(camelCase + camel).flatMap({ Int($0) }) {
                    result[name] = value
                }
            }
        }
        return result.isEmpty ? nil : result
    }

    /// `max-age=300, stale-if-error=60` or `{"max-age": 300}` as directive to seconds.
    private static func parse(_ text: String) -> [String: Int] {
        if let data = text.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        {
            return object.compactMapValues { ($0 as? NSNumber)?.intValue ?? ($0 as? String).flatMap { Int($0) } }
        }
        var result: [String: Int] = [:]
        for part in text.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, let seconds = Int(pair[1]) {
                result[pair[0].lowercased()] = seconds
            }
        }
        return result
    }
}
