/// Which content a client reads — what visitors see, what is staged on preview, or the drafts authors are editing —
/// and so, together, the tier it asks, the credential it needs and whether its answers may be cached.
///
/// ```swift
/// let reviewer = Aem(
///     try AemConfiguration(
///         host: "author-p123-e456.adobeaemcloud.com", authentication: .provider(signIn), perspective: .drafts),
///     transport: URLSessionTransport())
/// let model = QueryModel(aem: reviewer, query: AdventuresQuery())  // follow() reads again on every edit
/// ```
public enum ContentPerspective: String, Sendable, Hashable, CaseIterable {
    /// Published content, from the publish tier, through the response cache and AEM's CDN.
    case published
    /// Content published to preview before it goes live, from the preview tier, cached as published content is.
    case preview
    /// The author tier's current content, unpublished changes included: signed in, never kept in a cache, and read
    /// again on every content event, since any edit changes it.
    case drafts

    /// The AEM as a Cloud Service tier that serves this content.
    public var tier: AemOrigin.CloudServiceTier {
        switch self {
        case .published: .publish
        case .preview: .preview
        case .drafts: .author
        }
    }

    /// Whether answers may be kept in a response cache (and so pass a shared CDN): not for drafts, which are
    /// another person's unfinished work and change with every edit.
    public var isCached: Bool { self != .drafts }
}
