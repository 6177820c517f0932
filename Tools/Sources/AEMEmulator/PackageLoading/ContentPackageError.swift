import Foundation

/// Why a content package could not be loaded.
public enum ContentPackageError: Error, Equatable, CustomStringConvertible {
    /// The `jcr_root` folder is missing or is not a folder.
    case missingRoot(path: String)
    /// A file or folder of the package could not be read.
    case unreadable(file: String, reason: String)
    /// A `.content.xml` is not well-formed XML.
    case malformed(file: String, line: Int, reason: String)

    public var description: String {
        switch self {
        case .missingRoot(let path):
            "No content package folder at \(path): give the path of a package's jcr_root folder."
        case .unreadable(let file, let reason):
            "Cannot read \(file): \(reason)"
        case .malformed(let file, let line, let reason):
            "\(file):\(line): not well-formed docview XML (\(reason))."
        }
    }
}
