/// How the library names itself to servers: the `User-Agent` of every request, so that AEM's and the CDN's logs
/// can tell its traffic apart (`aem-headless-swift/0.1.0 (Linux)`).
public enum ClientIdentity {
    /// The library's version.
    public static let version = "0.1.0"

    /// The platform the program runs on, as the `User-Agent` names it.
    static var platform: String {
        #if os(iOS)
        "iOS"
        #elseif os(macOS)
        "macOS"
        #elseif os(tvOS)
        "tvOS"
        #elseif os(visionOS)
        "visionOS"
        #elseif os(watchOS)
        "watchOS"
        #elseif os(Linux)
        "Linux"
        #elseif os(Windows)
        "Windows"
        #else
        "unknown"
        #endif
    }

    /// `aem-headless-swift/<version> (<platform>)`, or `<product> aem-headless-swift/<version> (<platform>)`
    /// for a program that names itself (`product`, such as `MyApp/2.1`).
    public static func userAgent(product: String? = nil) -> String {
        let library = "aem-headless-swift/\(version) (\(platform))"
        return product.map { "\($0) \(library)" } ?? library
    }
}
