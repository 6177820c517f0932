import Foundation
import Testing

/// The App Store privacy manifests of the library products that use a required-reason API (file timestamps): valid
/// property lists that declare no tracking, no collected data, and the file-timestamp category with reason C617.1
/// (files inside the app's own containers).
@Suite("Privacy manifests")
struct PrivacyManifestTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    @Test(arguments: ["AEMHeadless", "AEMHeadlessSQLiteCache"])
    func declaresFileTimestampsAndNoTracking(_ target: String) throws {
        let file = Self.sources.appendingPathComponent("\(target)/PrivacyInfo.xcprivacy")
        let plist = try #require(
            try PropertyListSerialization.propertyList(from: Data(contentsOf: file), format: nil) as? [String: Any])
        #expect(plist["NSPrivacyTracking"] as? Bool == false)
        #expect((plist["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true)
        let types = try #require(plist["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
        #expect(
            types.map { $0["NSPrivacyAccessedAPIType"] as? String } == ["NSPrivacyAccessedAPICategoryFileTimestamp"])
        #expect(types.first?["NSPrivacyAccessedAPITypeReasons"] as? [String] == ["C617.1"])
    }
}
