import AEMEmulator
import EmulatorTestSupport
import Foundation
import Testing

/// `wknd fragments create | edit | set | delete | publish | unpublish | versions | restore` and `wknd models`, on the
/// built-in sample (whose author state lasts from one command to the next) and on a configured author service.
@Suite("wknd fragments: writing on author", .timeLimit(.minutes(10)))
struct FragmentWriteCommandTests {
    static let lofoten = "/content/dam/wknd-shared/en/adventures/lofoten-winter-surf/lofoten-winter-surf"

    /// Runs `wknd` with nothing configured and the sample's author state in `state`.
    private static func run(_ arguments: [String], state: URL, environment: [String: String] = [:]) async throws
        -> WkndRun
    {
        try await WkndRun.run(arguments, environment: ["WKND_STATE_DIR": state.path].merging(environment) { $1 })
    }

    @Test("with nothing configured, set then publish changes what list shows, and the change lasts")
    func setPublishList() async throws {
        try await withTemporaryFolder("wknd-state") { state in
            let set = try await Self.run(["fragments", "set", Self.lofoten, "title=Lofoten Surf Camp"], state: state)
            #expect(set.status == 0, "\(set.stderr)")
            #expect(set.stdout == "modified \(Self.lofoten) (MODIFIED): title\n")
            #expect(set.stderr.contains("writing to the built-in sample"))
            // Not published yet: publish still serves the old title.
            #expect(!(try await Self.run(["list", "--json"], state: state).stdout.contains("Lofoten Surf Camp")))
            // --draft reads author: the change is there before it is published.
            let draft = try await Self.run(["list", "--json", "--draft"], state: state)
            #expect(draft.status == 0, "\(draft.stderr)")
            #expect(draft.stdout.contains("Lofoten Surf Camp"))
            #expect(draft.stderr.contains("reading drafts"))
            let publish = try await Self.run(["fragments", "publish", Self.lofoten, "--wait"], state: state)
            #expect(publish.status == 0, "\(publish.stderr)")
            #expect(publish.stdout.contains("SUCCESS_TRIGGERED"))
            let list = try await Self.run(["list", "--json"], state: state)
            #expect(list.stdout.contains("Lofoten Surf Camp"))
            // Another state folder starts from the package.
            let elsewhere = try await withTemporaryFolder("wknd-state-other") { other in
                try await Self.run(["list", "--json"], state: other).stdout
            }
            #expect(!elsewhere.contains("Lofoten Surf Camp"))
        }
    }

    @Test(
        "publish --to preview --wait returns once preview serves the change; publish and the status stay as they were")
    func publishToPreview() async throws {
        try await withTemporaryFolder("wknd-state") { state in
            let set = try await Self.run(
                ["fragments", "set", Self.lofoten, "title=Lofoten Preview Camp"], state: state)
            #expect(set.status == 0, "\(set.stderr)")
            let preview = try await Self.run(
                ["fragments", "publish", Self.lofoten, "--to", "preview", "--wait", "--wait-timeout", "10"],
                state: state)
            #expect(preview.status == 0, "\(preview.stderr)")
            #expect(preview.stdout == "publish \(Self.lofoten) (SUCCESS_TRIGGERED)\n")
            #expect(preview.stderr.contains("preview serves \(Self.lofoten) as published"), "\(preview.stderr)")
            // --preview reads preview, which serves the change; publish still serves the old title, and the status,
            // which tracks publish, still says MODIFIED.
            let shown = try await Self.run(["show", "lofoten-winter-surf", "--preview", "--json"], state: state)
            #expect(shown.status == 0, "\(shown.stderr)")
            #expect(shown.stdout.contains("Lofoten Preview Camp"))
            #expect(shown.stderr.contains("reading preview from the built-in sample's preview"), "\(shown.stderr)")
            let published = try await Self.run(["show", "lofoten-winter-surf", "--json"], state: state)
            #expect(published.status == 0, "\(published.stderr)")
            #expect(!published.stdout.contains("Lofoten Preview Camp"))
            #expect(!(try await Self.run(["list", "--json"], state: state).stdout.contains("Lofoten Preview Camp")))
            // A set of the values it has sends nothing and prints the fragment as author has it.
            let fragment = try await Self.run(
                ["fragments", "set", Self.lofoten, "title=Lofoten Preview Camp", "--json"], state: state)
            #expect(fragment.stdout.contains("\"status\":\"MODIFIED\""), "\(fragment.stdout)")
            #expect(fragment.stdout.contains("\"previewStatus\":\"IN_SYNC\""), "\(fragment.stdout)")

            let off = try await Self.run(
                ["fragments", "unpublish", Self.lofoten, "--to", "preview", "--wait", "--wait-timeout", "10"],
                state: state)
            #expect(off.status == 0, "\(off.stderr)")
            #expect(off.stderr.contains("preview serves \(Self.lofoten) as unpublished"), "\(off.stderr)")
            let after = try await Self.run(
                ["fragments", "set", Self.lofoten, "title=Lofoten Preview Camp", "--json"], state: state)
            #expect(!after.stdout.contains("previewStatus"), "\(after.stdout)")
            #expect(after.stdout.contains("\"status\":\"MODIFIED\""))

            let unknown = try await Self.run(["fragments", "publish", Self.lofoten, "--to", "staging"], state: state)
            #expect(unknown.status == 64)
        }
    }

    @Test("publish --to preview --wait on a service whose preview host is unknown: a configuration error, nothing sent")
    func previewHostUnknown() async throws {
        let run = try await WkndRun.run(
            ["fragments", "publish", Self.lofoten, "--to", "preview", "--wait"],
            environment: [
                "AEM_SCHEME": "http", "AEM_HOST": "127.0.0.1:9", "AEM_AUTHOR_HOST": "127.0.0.1:9",
            ])
        #expect(run.status == 78, "\(run.stderr)")
        #expect(run.stderr.contains("AEM_PREVIEW_HOST"))
        #expect(run.stdout.isEmpty)
    }

    @Test("on a configured service, --preview reads AEM_PREVIEW_HOST through the response cache, and says so once")
    func previewOnConfiguredService() async throws {
        try await withTemporaryFolder("wknd-cache") { cache in
            try await withEmulator { emulator, publish in
                let environment = publish.merging([
                    "AEM_AUTHOR_HOST": "127.0.0.1:\(emulator.authorURL.port ?? 0)",
                    "AEM_PREVIEW_HOST": "127.0.0.1:\(emulator.previewURL.port ?? 0)", "AEM_AUTH_TYPE": "basic",
                    "AEM_USERNAME": "admin", "AEM_PASSWORD": "admin", "WKND_CACHE_DIR": cache.path,
                ]) { $1 }
                let set = try await WkndRun.run(
                    ["fragments", "set", Self.lofoten, "title=Lofoten Review Camp"], environment: environment)
                #expect(set.status == 0, "\(set.stderr)")
                let preview = try await WkndRun.run(
                    ["fragments", "publish", Self.lofoten, "--to", "preview", "--wait", "--wait-timeout", "10"],
                    environment: environment)
                #expect(preview.status == 0, "\(preview.stderr)")

                let queries = { emulator.requests.filter { $0.path == QueryPath.bySlug }.count }
                let first = try await WkndRun.run(
                    ["show", "lofoten-winter-surf", "--preview", "--json"], environment: environment)
                #expect(first.status == 0, "\(first.stderr)")
                #expect(first.stdout.contains("Lofoten Review Camp"))
                #expect(first.stderr.contains("reading preview from \(emulator.previewURL.absoluteString)"))
                #expect(first.stderr.contains("up to two hours"), "\(first.stderr)")
                #expect(queries() == 1)
                let second = try await WkndRun.run(
                    ["show", "lofoten-winter-surf", "--preview", "--json"], environment: environment)
                #expect(second.stdout == first.stdout)
                #expect(queries() == 1, "the second read is answered from the cache")
                // Publish is another host, so another cache key: it answers with what it holds.
                let published = try await WkndRun.run(
                    ["show", "lofoten-winter-surf", "--json"], environment: environment)
                #expect(published.status == 0, "\(published.stderr)")
                #expect(!published.stdout.contains("Lofoten Review Camp"))
                #expect(queries() == 2)
            }
        }
    }

    @Test("--preview: refused beside --draft; on a publish host without a preview host, a configuration error")
    func previewRefusals() async throws {
        let both = try await WkndRun.run(["show", "lofoten-winter-surf", "--preview", "--draft"])
        #expect(both.status == 64, "\(both.stderr)")
        #expect(both.stderr.contains("--draft and --preview cannot be used together"), "\(both.stderr)")
        let noPreviewHost = try await WkndRun.run(
            ["show", "lofoten-winter-surf", "--preview"], environment: ["AEM_HOST": "publish-p1-e2.adobeaemcloud.com"])
        #expect(noPreviewHost.status == 78, "\(noPreviewHost.stderr)")
        #expect(noPreviewHost.stderr.contains("AEM_PREVIEW_HOST"))
        #expect(noPreviewHost.stdout.isEmpty)
    }

    @Test("--dry-run prints the JSON Patch by field position and sends nothing; a wrong value is refused by name")
    func dryRunAndRefusals() async throws {
        try await withTemporaryFolder("wknd-state") { state in
            let dry = try await Self.run(
                ["fragments", "set", Self.lofoten, "groupSize=12", "--dry-run"], state: state)
            #expect(dry.status == 0, "\(dry.stderr)")
            let patch = try #require(try dry.json() as? [[String: Any]])
            #expect(patch.count == 1)
            #expect(patch.first?["op"] as? String == "replace")
            #expect((patch.first?["path"] as? String)?.hasPrefix("/fields/") == true)
            #expect(patch.first?["value"] as? [Int] == [12])
            let shown = try await Self.run(["fragments", "set", Self.lofoten, "groupSize=8", "--json"], state: state)
            #expect(shown.stdout.contains("\"status\":\"PUBLISHED\""), "nothing was sent by the dry run")

            let notANumber = try await Self.run(["fragments", "set", Self.lofoten, "groupSize=many"], state: state)
            #expect(notANumber.status == 64)
            #expect(notANumber.stderr.contains("groupSize is a whole number"))
            let unknown = try await Self.run(["fragments", "set", Self.lofoten, "colour=blue"], state: state)
            #expect(unknown.status == 64)
            #expect(unknown.stderr.contains("no field colour"))
            let refused = try await Self.run(["fragments", "set", Self.lofoten, "difficulty=Impossible"], state: state)
            #expect(refused.status == 69)
            #expect(refused.stderr.contains("Impossible"), "\(refused.stderr)")
        }
    }

    @Test(
        "edit sends what changed in the editor; a conflict keeps the edit in a file, shows the server's change, exits 75"
    )
    func editAndConflict() async throws {
        let executable = try #require(WkndRun.executable)
        try await withTemporaryFolder("wknd-state") { state in
            let edited = try await Self.run(
                ["fragments", "edit", Self.lofoten], state: state,
                environment: ["EDITOR": "sed -i 's/\"tripLength\": \"[^\"]*\"/\"tripLength\": \"9 days\"/'"])
            #expect(edited.status == 0, "\(edited.stderr)")
            #expect(edited.stdout == "modified \(Self.lofoten) (MODIFIED): tripLength\n")
            let unchanged = try await Self.run(
                ["fragments", "edit", Self.lofoten], state: state, environment: ["EDITOR": "true"])
            #expect(unchanged.status == 0)
            #expect(unchanged.stderr.contains("nothing changed; nothing was sent"))

            // The editor changes the fragment on the server (another writer) before saving its own edit.
            let writer = "\(executable.path) fragments set \(Self.lofoten) groupSize=9 >/dev/null 2>&1"
            let conflict = try await Self.run(
                ["fragments", "edit", Self.lofoten], state: state,
                environment: ["EDITOR": "sh -c '\(writer); sed -i s/Advanced/Beginner/ \"$0\"'"])
            #expect(conflict.status == 75, "\(conflict.stderr)")
            #expect(conflict.stderr.contains("groupSize: 8 → 9"))
            let kept = try #require(
                conflict.stderr.split(separator: " ").first { $0.hasPrefix("/") && $0.contains("wknd-edit-") })
            let file = String(kept.trimmingCharacters(in: CharacterSet(charactersIn: ";.")))
            #expect(try String(contentsOfFile: file, encoding: .utf8).contains("Beginner"))
            try? FileManager.default.removeItem(atPath: file)
            let now = try await Self.run(
                ["fragments", "set", Self.lofoten, "difficulty=Advanced", "--json"], state: state)
            #expect(now.stderr.contains("has these values already"), "the conflicting edit was not sent")
        }
    }

    @Test("create, versions, restore, delete and models, on the built-in sample")
    func createVersionsRestoreDelete() async throws {
        try await withTemporaryFolder("wknd-state") { state in
            let models = try await Self.run(["models", "list"], state: state)
            #expect(models.status == 0)
            #expect(models.stdout.contains("adventure\tAdventure"))
            let model = try await Self.run(["models", "show", "adventure"], state: state)
            #expect(model.stdout.contains("slug \"Slug\": text — required; matches"))

            let folder = "/content/dam/wknd-shared/en/adventures"
            let created = try await Self.run(
                [
                    "fragments", "create", folder, "--model", "adventure", "--title", "Fjord Kayak Week",
                    "slug=fjord-kayak-week", "groupSize=6",
                ], state: state)
            #expect(created.status == 0, "\(created.stderr)")
            let path = folder + "/fjord-kayak-week"
            #expect(created.stdout == "created \(path) (DRAFT)\n")

            let saved = try await Self.run(
                ["fragments", "versions", path, "--create", "--label", "first"], state: state)
            #expect(saved.status == 0, "\(saved.stderr)")
            let versions = try await Self.run(["fragments", "versions", path], state: state)
            let version = try #require(versions.stdout.split(separator: "\t").first.map(String.init))
            #expect(versions.stdout.contains("first"))
            _ = try await Self.run(["fragments", "set", path, "groupSize=7"], state: state)
            let restored = try await Self.run(["fragments", "restore", path, version, "--json"], state: state)
            #expect(restored.status == 0, "\(restored.stderr)")
            #expect(restored.stdout.contains("\"values\":[6]"))

            let deleted = try await Self.run(["fragments", "delete", path], state: state)
            #expect(deleted.status == 0, "\(deleted.stderr)")
            let published = try await Self.run(["fragments", "delete", Self.lofoten], state: state)
            #expect(published.status == 75)
            #expect(published.stderr.contains("add --unpublish"), "\(published.stderr)")
        }
    }

    @Test("a configured publish host without an author host: a configuration error naming AEM_AUTHOR_HOST")
    func needsAnAuthorHost() async throws {
        let run = try await WkndRun.run(
            ["fragments", "set", Self.lofoten, "title=x"], environment: ["AEM_HOST": "publish-p1-e2.adobeaemcloud.com"])
        #expect(run.status == 78)
        #expect(run.stderr.contains("AEM_AUTHOR_HOST"))
        #expect(run.stdout.isEmpty)
    }
}
