import AEMHeadless
import AEMHeadlessDownload
import Foundation
import WKNDCore
import WKNDSample

/// What `wknd download` asks the library's `BatchDownloader` for: one item per adventure with an
/// image, named by its slug, and the adventures it cannot fetch with the reason.
struct DownloadPlan: Sendable {
    var items: [DownloadItem] = []
    /// The slug as AEM sent it, by file name, for messages.
    var slugs: [SafeFileName: String] = [:]
    /// Adventures left out that make the run fail, with the reason.
    var problems: [String] = []
    /// Adventures left out without failing the run (no image), with the reason.
    var notes: [String] = []

    /// Plans the downloads of `adventures` from `origin`: names from the slugs, made safe when
    /// they are not valid slugs; image URLs as the library resolves them; each name once.
    init(_ adventures: [Adventure], origin: AemOrigin, selection: ImageSelection) {
        var usedNames: Set<SafeFileName> = []
        for adventure in adventures {
            let label = adventure.slug.map { "\"\(TextLayout.singleLine($0))\"" } ?? adventure.path ?? "an adventure"
            guard let slug = adventure.slug else {
                problems.append("\(label) has no slug, so it has no file name; skipped.")
                continue
            }
            guard let name = SafeFileName(slug: slug) else {
                problems.append("The slug \(label) has no letter or digit to make a file name from; skipped.")
                continue
            }
            guard usedNames.insert(name).inserted else {
                notes.append("The slug \(label) appears more than once; its image is saved once.")
                continue
            }
            if !name.isSlugUnchanged {
                notes.append("The slug \(label) is not a valid slug; its image is saved as \(name).<ext>.")
            }
            guard let image = adventure.primaryImage,
                let url = selection.url(for: image, on: origin)
            else {
                notes.append("\(label) has no primary image; nothing to download.")
                continue
            }
            items.append(DownloadItem(url: url, name: name))
            slugs[name] = slug
        }
    }
}
