import AEMEmulator
import AEMHeadless
import AEMHeadlessAuthoring
import EmulatorTestSupport
import Foundation
import Testing

@testable import WKNDCore
@testable import wknd_mcp

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The tools `wknd mcp --allow-writes` adds: a fragment read on author with its etag, changed by field name under it,
/// created, published and unpublished — each change refused when the fragment changed since it was read.
@Suite("wknd mcp --allow-writes: the author tools")
struct MCPWriteToolsTests {
    private static let lofoten = "/content/dam/wknd-shared/en/adventures/lofoten-winter-surf/lofoten-winter-surf"

    /// Runs `body` with the tools reading the emulator's publish origin and writing on its author origin.
    private static func withTools(_ body: (MCPTools, RunningEmulator) async throws -> Void) async throws {
        try await withEmulator { emulator, _ in
            try await LazyTransport.withTransport { transport in
                let publish = Aem(try AemConfiguration(scheme: .http, host: emulator.hostAndPort), transport: transport)
                let author = Aem(
                    try AemConfiguration(
                        scheme: .http, host: "127.0.0.1:\(emulator.authorURL.port ?? 0)",
                        authentication: .basic(username: "admin", password: "admin")),
                    transport: transport)
                var tools = MCPTools(
                    source: .service(publish, CommandCache.disabled(console: Console(verbose: false))), locales: nil)
                tools.authoring = AuthoringServices(author: author, publish: publish)
                try await body(tools, emulator)
            }
        }
    }

    private static func call(_ tools: MCPTools, _ name: String, _ arguments: String) async throws -> UntypedJSON {
        try await tools.call(name, arguments: try UntypedJSON(parsing: arguments))
    }

    @Test("read with the etag, patch by name, publish under the new etag: publish serves the change")
    func readPatchPublish() async throws {
        try await Self.withTools { tools, emulator in
            #expect(tools.offered.contains(.patchFragment))
            let read = try await Self.call(tools, "get_authored_fragment", #"{"path": "\#(Self.lofoten)"}"#)
            let etag = try #require(read["etag"]?.stringValue)
            #expect(read["status"] == .string("PUBLISHED"))
            let patched = try await Self.call(
                tools, "patch_fragment",
                #"{"path": "\#(Self.lofoten)", "etag": \#(UntypedJSON.string(etag).jsonText()), "fields": {"groupSize": 5}}"#
            )
            #expect(patched["changed"] == ["groupSize"])
            #expect(patched["status"] == .string("MODIFIED"))
            let newTag = try #require(patched["etag"]?.stringValue)

            // The old etag no longer writes or publishes.
            let stale = await Self.failure(
                tools, "patch_fragment",
                #"{"path": "\#(Self.lofoten)", "etag": \#(UntypedJSON.string(etag).jsonText()), "fields": {"groupSize": 6}}"#
            )
            #expect(stale?.contains("changed on author since it was read") == true)
            let stalePublish = await Self.failure(
                tools, "publish_fragments",
                #"{"fragments": [{"path": "\#(Self.lofoten)", "etag": \#(UntypedJSON.string(etag).jsonText())}]}"#)
            #expect(stalePublish?.contains("changed on author") == true)

            let published = try await Self.call(
                tools, "publish_fragments",
                #"{"fragments": [{"path": "\#(Self.lofoten)", "etag": \#(UntypedJSON.string(newTag).jsonText())}]}"#)
            #expect(published["items"]?[0]?["status"] == .string("SUCCESS_TRIGGERED"))
            let served = try await Self.call(tools, "get_fragment", #"{"path": "\#(Self.lofoten)"}"#)
            #expect(served["fragment"]?["fields"]?["groupSize"]?.intValue == 5)
            #expect(emulator.live.journal.all.map(\.type).last == "aem.sites.contentFragment.published")
        }
    }

    @Test("publish_fragments with service preview changes what preview serves, not publish; another service is refused")
    func publishToPreview() async throws {
        try await Self.withTools { tools, emulator in
            let read = try await Self.call(tools, "get_authored_fragment", #"{"path": "\#(Self.lofoten)"}"#)
            let id = try #require(read["fragment"]?["id"]?.stringValue)
            let patched = try await Self.call(
                tools, "patch_fragment",
                #"{"path": "\#(Self.lofoten)", "etag": \#(read["etag"]?.jsonText() ?? "null"), "fields": {"groupSize": 7}}"#
            )
            let fragments = #"[{"path": "\#(Self.lofoten)", "etag": \#(patched["etag"]?.jsonText() ?? "null")}]"#
            let wrong = await Self.failure(
                tools, "publish_fragments", #"{"fragments": \#(fragments), "service": "staging"}"#)
            #expect(wrong?.contains("publish or preview") == true)
            let published = try await Self.call(
                tools, "publish_fragments", #"{"fragments": \#(fragments), "service": "preview"}"#)
            #expect(published["items"]?[0]?["status"] == .string("SUCCESS_TRIGGERED"))

            let previewURL = try #require(
                URL(string: "\(emulator.previewURL.absoluteString)/adobe/contentFragments/\(id)"))
            let (body, _) = try await URLSession.shared.data(from: previewURL)
            #expect(try UntypedJSON(parsing: body)["fields"]?["groupSize"]?.intValue == 7)
            let served = try await Self.call(tools, "get_fragment", #"{"path": "\#(Self.lofoten)"}"#)
            #expect(served["fragment"]?["fields"]?["groupSize"]?.intValue != 7, "publish keeps what it had")
        }
    }

    @Test("create a fragment, and a patch without an etag or of an unknown field is refused before anything is sent")
    func createAndRefusals() async throws {
        try await Self.withTools { tools, emulator in
            let created = try await Self.call(
                tools, "create_fragment",
                #"{"folder": "/content/dam/wknd-shared/en/adventures", "model": "adventure", "title": "Fjord Kayak Week", "fields": {"slug": "fjord-kayak-week"}}"#
            )
            #expect(created["status"] == .string("DRAFT"))
            let noTag = await Self.failure(
                tools, "patch_fragment", #"{"path": "\#(Self.lofoten)", "fields": {"groupSize": 6}}"#)
            #expect(noTag == "patch_fragment needs \"etag\".")
            let read = try await Self.call(tools, "get_authored_fragment", #"{"path": "\#(Self.lofoten)"}"#)
            let etag = try #require(read["etag"]?.stringValue)
            let unknown = await Self.failure(
                tools, "patch_fragment",
                #"{"path": "\#(Self.lofoten)", "etag": \#(UntypedJSON.string(etag).jsonText()), "fields": {"colour": "blue"}}"#
            )
            #expect(unknown?.contains("no field named colour") == true)
            #expect(emulator.live.journal.all.map(\.type) == ["aem.sites.contentFragment.created"])
        }
    }

    @Test("without --allow-writes the writing tools are neither listed nor answered")
    func readOnlyByDefault() async throws {
        try await Self.withTools { tools, _ in
            var readOnly = tools
            readOnly.authoring = nil
            #expect(!readOnly.offered.contains(.patchFragment))
            #expect(!readOnly.offered.contains(.getAuthoredFragment))
            let refused = await Self.failure(readOnly, "get_authored_fragment", #"{"path": "\#(Self.lofoten)"}"#)
            #expect(refused?.contains("--allow-writes") == true)
        }
    }

    @Test("the annotations say which tools only read, which change what is there, and which may be repeated")
    func annotations() {
        #expect(MCPTool.getAuthoredFragment.isReadOnly && MCPTool.getAuthoredFragment.isIdempotent)
        #expect(!MCPTool.patchFragment.isReadOnly && MCPTool.patchFragment.isDestructive)
        #expect(!MCPTool.createFragment.isDestructive && !MCPTool.createFragment.isIdempotent)
        #expect(MCPTool.unpublishFragments.isDestructive && MCPTool.unpublishFragments.isIdempotent)
    }

    private static func failure(_ tools: MCPTools, _ name: String, _ arguments: String) async -> String? {
        do {
            _ = try await call(tools, name, arguments)
            return nil
        } catch {
            return Failure(error).line
        }
    }
}
