import AEMHeadless
import Foundation

/// A folder of content that can be downloaded again (downloaded files, a mirror), created by the
/// library where it is missing.
package enum RedownloadableFolder {
    /// Creates `url` and its missing parents. On Apple platforms a folder created here is excluded
    /// from iCloud and computer backups, as Apple's storage guidelines ask of content that can be
    /// downloaded again; a folder that already existed is left as it is, so an app that wants its
    /// content backed up creates the folder first (or sets `isExcludedFromBackup` back to false).
    package static func create(_ url: URL) throws {
        #if canImport(Darwin)
        let isNew = !FileManager.default.fileExists(atPath: url.path)
        #endif
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        #if canImport(Darwin)
        if isNew {
            var values = URLResourceValues()
            values.isExcludedFromBackup = true
            var folder = url
            try? folder.setResourceValues(values)
        }
        #endif
    }
}
