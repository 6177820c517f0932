extension AemOrigin {
    /// A tier of an AEM as a Cloud Service environment.
    public enum CloudServiceTier: String, Sendable, CaseIterable {
        /// Where authors edit; needs sign-in.
        case author
        /// Published content before it goes live.
        case preview
        /// What visitors read.
        case publish
        /// Where Dynamic Media with OpenAPI delivers approved assets (`AssetDeliveryURLs`); no content fragments.
        case delivery
    }

    /// The origin of an AEM as a Cloud Service environment's tier, named as Cloud Manager shows it:
    /// `https://<tier>-p<program>-e<environment>.adobeaemcloud.com`.
    ///
    /// ```swift
    /// let origin = try AemOrigin.cloudService(program: "123", environment: "456", tier: .preview)
    /// // https://preview-p123-e456.adobeaemcloud.com
    /// ```
    ///
    /// - Throws: `AemConfigurationError` when the program or environment is not a number (`p123` is `123`).
    public static func cloudService(program: String, environment: String, tier: CloudServiceTier = .publish)
        throws(AemConfigurationError) -> AemOrigin
    {
        for (name, value) in [("program", program), ("environment", environment)] {
            guard !value.isEmpty, value.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw AemConfigurationError(
                    "The \(name) \"\(value)\" must be a number, as in the Cloud Manager URL (p123 → 123).")
            }
        }
        return try AemOrigin(
            scheme: .https, host: cloudServiceHost(program: program, environment: environment, tier: tier))
    }

    /// `<tier>-p<program>-e<environment>.adobeaemcloud.com`, unchecked.
    static func cloudServiceHost(program: String, environment: String, tier: CloudServiceTier) -> String {
        "\(tier.rawValue)-p\(program)-e\(environment).adobeaemcloud.com"
    }
}
