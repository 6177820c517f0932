import Foundation

extension ImageReference {
    /// The absolute URL of the image rendered as `transform` says.
    ///
    /// With a `_dynamicUrl`, the transform's modifiers are set on it (one it sets replaces the same-named one already
    /// there; the others stay), its format becomes the file extension and its SEO name the file name. With only a
    /// `_path` (the AEM SDK, which has no web-optimized delivery) the image is the original, as `url(on:)` gives it.
    /// An empty transform gives `url(on:)`.
    public func url(on origin: AemOrigin, transform: ImageTransform) -> URL? {
        guard let base = url(on: origin) else { return nil }
        guard !transform.isEmpty, dynamicUrl.map({ !$0.trimmingWhiteSpace.isEmpty }) == true,
            var components = URLComponents(url: base, resolvingAgainstBaseURL: false)
        else { return base }
        var path = components.percentEncodedPath
        if let slash = path.lastIndex(of: "/") {
            let fileName = path[path.index(after: slash)...]
            let dot = fileName.lastIndex(of: ".")
            let name = transform.seoName ?? String(dot.map { fileName[..<$0] } ?? fileName)
            let fileExtension =
                transform.format?.fileExtension ?? dot.map { String(fileName[fileName.index(after: $0)...]) }
            path = path[...slash] + name + (fileExtension.map { "." + $0 } ?? "")
        }
        components.percentEncodedPath = path
        let modifiers = transform.urlModifiers
        let replaced = Set(modifiers.map(\.name))
        let kept = (components.percentEncodedQueryItems ?? []).filter { !replaced.contains($0.name) }
        let added = modifiers.map { URLQueryItem(name: $0.name, value: $0.value.map(PercentEncoding.encodeQueryValue)) }
        components.percentEncodedQueryItems = kept + added
        return components.url ?? base
    }
}
