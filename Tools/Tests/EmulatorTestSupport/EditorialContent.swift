import AEMEmulator
import Foundation

extension EmulatorContent {
    /// The editorial test package (articles that reference authors, images and other articles),
    /// read from the emulator tests' fixtures in this checkout.
    public static func editorial() throws -> EmulatorContent {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("AEMEmulatorTests/Fixtures/editorial/jcr_root")
        return try EmulatorContent.load(jcrRoot: root)
    }
}
