/// The service a publish or an unpublish reaches: publish, which visitors read, or preview, where content is reviewed
/// before it goes live. Publishing to preview leaves a fragment's `status` alone, as that tracks publish only.
public enum PublishDestination: Sendable, Hashable, CaseIterable {
    /// The publish service (AEM's default).
    case publish
    /// The preview service.
    case preview

    /// The agent AEM names the service by in a request's `agentId`.
    var agentID: String {
        switch self {
        case .publish: "publish"
        case .preview: "preview"
        }
    }
}
