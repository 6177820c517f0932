import AEMHeadless
import AEMHeadlessSync
import WKNDCore

/// Where the tools read: a synced mirror, with no network, or the configured service through the response cache.
enum MCPSource: Sendable {
    /// The mirror `wknd sync` filled in `folder`.
    case mirror(ContentStore, folder: String)
    case service(Aem, CommandCache)

    /// The failure of a tool that only the service answers, asked of a mirror.
    func serviceOnly(_ tool: MCPTool, _ what: String) -> Failure {
        Failure(
            .usage,
            "\(tool.rawValue) reads \(what) from the AEM service, which a mirror does not hold: start `wknd mcp` "
                + "without --store to answer from the configured service.")
    }
}
