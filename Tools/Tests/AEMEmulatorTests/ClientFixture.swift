import AEMEmulator
import AEMHeadless
import AEMHeadlessAsyncHTTPClient

extension RunningEmulator {
    /// Every page of the persisted query `path`, fetched by the client library's paging, which
    /// follows the emulator's cursors or offsets to the end.
    func allPages(of path: String, variables: [String: QueryVariable?] = [:], pageSize: Int) async throws
        -> [QueryPage<UntypedJSON>]
    {
        let configuration = try AemConfiguration(scheme: .http, host: "127.0.0.1:\(port)", retry: .none)
        return try await AsyncHTTPClientTransport.withTransport { transport in
            var pages: [QueryPage<UntypedJSON>] = []
            for try await page in Aem(configuration, transport: transport).pages(
                of: PersistedQuery<UntypedJSON>(path, variables: variables), pageSize: pageSize)
            {
                pages.append(page.value)
            }
            return pages
        }
    }
}
