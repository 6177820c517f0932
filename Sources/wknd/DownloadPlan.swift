import AEMHeadless
import Foundation

/// What `wknd download` fetches: one job per distinct image URL, with the file names of every
/// adventure that uses it, and the adventures it cannot fetch with the reason.
struct DownloadPlan: Sendable {
    /// One URL to fetch once, saved under each of `names` (the first is downloaded, the others copied).
    struct Job: Sendable {
        var url: URL
        var names: [SafeFileName]
        /// The slugs as AEM sent them, for messages.
        var slugs: [String]
    }

    var jobs: [Job] = []
    /// Adventures left out that make the run fail, with the reason.
    var problems: [String] = []
    /// Adventures left out without failing the run (no image), with the reason.
    var notes: [String] = []

    /// Plans the downloads of `adventures` on `aem`: names from the slugs, made safe when they are
    /// not valid slugs; image URLs as the library resolves them; each URL and each name once.
    init(_ adventures: [Adventure], aem: Aem) {
        var jobIndexByURL: [URL: Int] = [:]
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
            guard let image = adventure.primaryImage, let url = aem.imageURL(for: image) else {
                notes.append("\(label) has no primary image; nothing to download.")
                continue
            }
            if let index = jobIndexByURL[url] {
                jobs[index].names.append(name)
                jobs[index].slugs.append(slug)
            } else {
                jobIndexByURL[url] = jobs.count
                jobs.append(Job(url: url, names: [name], slugs: [slug]))
            }
        }
    }
}
