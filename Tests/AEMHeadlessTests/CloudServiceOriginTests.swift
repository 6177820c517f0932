import AEMHeadless
import Testing

@Suite("AemOrigin.cloudService")
struct CloudServiceOriginTests {
    @Test(arguments: AemOrigin.CloudServiceTier.allCases)
    func eachTierIsItsHost(_ tier: AemOrigin.CloudServiceTier) throws {
        let origin = try AemOrigin.cloudService(program: "123", environment: "456", tier: tier)
        #expect(origin.scheme == .https)
        #expect(origin.host == "\(tier.rawValue)-p123-e456.adobeaemcloud.com")
        #expect(origin.port == nil)
    }

    @Test func publishIsTheDefaultAndNumbersAreRequired() throws {
        #expect(try AemOrigin.cloudService(program: "1", environment: "2").host == "publish-p1-e2.adobeaemcloud.com")
        for (program, environment) in [("p123", "456"), ("123", ""), ("１２", "3"), ("1.2", "3"), ("1", "evil.com/")] {
            #expect(throws: AemConfigurationError.self) {
                try AemOrigin.cloudService(program: program, environment: environment)
            }
        }
    }
}
