import Foundation

/// The sample WKND content bundled with the package.
public enum SampleContent {
    /// The folder that holds the sample content files.
    public static var directory: URL? { Bundle.module.url(forResource: "content", withExtension: nil) }
}
