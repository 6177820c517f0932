import AEMHeadless

/// How `wknd` and `wknd-mcp` name themselves: their version (the library's) and the `User-Agent` of their requests.
package enum ToolIdentity {
    /// The version `--version` prints.
    package static let version = ClientIdentity.version
    /// The `User-Agent` of the tools' requests: `wknd/<version> aem-headless-swift/<version> (<platform>)`.
    package static let userAgent = ClientIdentity.userAgent(product: "wknd/\(version)")
}
