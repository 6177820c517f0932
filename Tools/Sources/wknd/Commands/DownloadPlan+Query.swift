import AEMHeadless
import AEMHeadlessDownload
import WKNDCore

extension DownloadPlan {
    /// A plan with nothing in it yet.
    init() {}

    /// Plans the downloads of the images a query's answer references (`--query`): each named after
    /// the fragment that holds it — its slug, else the last part of its `_path` — or, outside any
    /// fragment, after the image's own file name; made safe, and numbered (`-2`, `-3`) when a
    /// fragment has several images. Never a path the server sends as it is.
    mutating func add(_ images: [ReferencedImage], origin: AemOrigin, selection: ImageSelection) {
        for image in images {
            guard let url = selection.url(for: image, on: origin) else { continue }
            let label = image.ownerSlug ?? image.ownerPath ?? image.reference.path ?? url.path
            guard let base = Self.baseName(of: image), let name = SafeFileName(slug: base) else {
                problems.append(
                    "The image \(TextLayout.singleLine(label)) has nothing to make a file name from; skipped.")
                continue
            }
            var candidate: SafeFileName? = name
            var number = 1
            while let current = candidate, slugs[current] != nil {
                // The same image under the same name (a shared reference) is one download.
                if items.contains(DownloadItem(url: url, name: current)) {
                    candidate = nil
                    break
                }
                number += 1
                candidate = SafeFileName(slug: "\(base)-\(number)")
            }
            guard let candidate else { continue }
            if !candidate.isSlugUnchanged {
                notes.append(
                    "\(TextLayout.singleLine(base)) is not a valid slug; its image is saved as \(candidate).<ext>.")
            }
            items.append(DownloadItem(url: url, name: candidate))
            slugs[candidate] = base
        }
    }

    /// The fragment's slug, else the last part of its `_path`, else the image's file name without its extension.
    private static func baseName(of image: ReferencedImage) -> String? {
        if let slug = image.ownerSlug, !slug.isEmpty { return slug }
        if let last = image.ownerPath?.split(separator: "/").last { return String(last) }
        guard let file = image.reference.path?.split(separator: "/").last else { return nil }
        return String(file.lastIndex(of: ".").map { file[..<$0] } ?? file)
    }
}
