import AEMEmulator
import AEMHeadless
import AEMHeadlessAuthoring
import AEMHeadlessURLSession
import EmulatorTestSupport
import Foundation
import Testing

/// `AEMHeadlessAuthoring` against the emulator's author tier over real HTTP: the README's example, conflicts, creates,
/// deletes, versions, tags and paging, on a package that is not WKND's.
@Suite("Authoring: the Sites API client against the emulator's author tier")
struct AuthoringClientTests {
    private static let article = "/content/dam/editorial/articles/summer-kitchen"

    /// Runs `body` with a client of the emulator's author origin (signed in) and one of its publish origin.
    private static func withClients(_ body: (_ author: Aem, _ publish: Aem, RunningEmulator) async throws -> Void)
        async throws
    {
        try await withRunning(EmulatorOptions(content: try EmulatorContent.editorial())) { emulator in
            let author = Aem(
                try AemConfiguration(
                    scheme: .http, host: "127.0.0.1:\(emulator.authorURL.port ?? 0)",
                    authentication: .basic(username: "admin", password: "admin"), retry: .authorService),
                transport: URLSessionTransport())
            let publish = Aem(
                try AemConfiguration(scheme: .http, host: emulator.hostAndPort), transport: URLSessionTransport())
            try await body(author, publish, emulator)
        }
    }

    @Test("the README's example: read with the tag, change a field by name, patch, publish; publish serves it")
    func readmeExample() async throws {
        try await Self.withClients { author, publish, _ in
            let article = try #require(try await author.send(.fragment(path: Self.article)))
            #expect(article.etag != nil)
            var edit = FragmentEdit(article)
            try edit.setValue("Launch day", forField: "title")
            let saved = try await author.send(.patch(edit))
            #expect(saved.status == .modified)
            #expect(saved.etag != article.etag)
            #expect(saved.field(named: "title")?.strings == ["Launch day"])
            let before = try await publish.execute(.fragment(path: Self.article)).value
            #expect(before.fields["title"]?.stringValue != "Launch day")
            let outcome = try await author.send(.publish(paths: [saved.path]))
            #expect(outcome.failures.isEmpty)
            #expect(outcome.status(ofPath: saved.path) == .triggered)
            let after = try await publish.execute(.fragment(path: Self.article)).value
            #expect(after.fields["title"]?.stringValue == "Launch day")
            #expect(try await author.send(.fragment(id: article.id)).status == .published)
        }
    }

    @Test("publishing to preview: preview serves the edit, publish and the status do not change; unpublish from it")
    func publishToPreview() async throws {
        try await Self.withClients { author, publish, emulator in
            let preview = Aem(
                try AemConfiguration(
                    scheme: .http, host: "127.0.0.1:\(emulator.previewURL.port ?? 0)", perspective: .preview),
                transport: URLSessionTransport())
            let article = try #require(try await author.send(.fragment(path: Self.article)))
            var edit = FragmentEdit(article)
            try edit.setValue("Seen on preview", forField: "title")
            let saved = try await author.send(.patch(edit))
            let outcome = try await author.send(.publish(paths: [saved.path], to: .preview))
            #expect(outcome.status(ofPath: saved.path) == .triggered)
            let onPreview = try await preview.execute(.fragment(path: Self.article)).value
            #expect(onPreview.fields["title"]?.stringValue == "Seen on preview")
            let onPublish = try await publish.execute(.fragment(path: Self.article)).value
            #expect(onPublish.fields["title"]?.stringValue != "Seen on preview")
            #expect(try await author.send(.fragment(id: article.id)).status == .modified)

            _ = try await author.send(.unpublish(paths: [saved.path], from: .preview))
            let gone = await #expect(throws: AemError.self) {
                try await preview.execute(.fragment(path: Self.article))
            }
            #expect(gone?.kind == .notFound)
            #expect(try await publish.execute(.fragment(path: Self.article)).value.id == article.id)
        }
    }

    @Test("two edits of one copy: the second is a 412 that writes nothing, and rebased onto a fresh copy it lands")
    func conflict() async throws {
        try await Self.withClients { author, _, _ in
            let article = try #require(try await author.send(.fragment(path: Self.article)))
            var first = FragmentEdit(article)
            try first.setValue(7, forField: "readingMinutes")
            var second = FragmentEdit(article)
            try second.setValue("Another title", forField: "title")
            _ = try await author.send(.patch(first))
            let error = await #expect(throws: AemError.self) { try await author.send(.patch(second)) }
            #expect(error?.kind == .preconditionFailed)
            let fresh = try await author.send(.fragment(id: article.id))
            #expect(fresh.field(named: "title")?.strings == article.field(named: "title")?.strings)
            let saved = try await author.send(.patch(try second.rebased(onto: fresh)))
            #expect(saved.field(named: "title")?.strings == ["Another title"])
            #expect(saved.field(named: "readingMinutes")?.values == [7])
        }
    }

    @Test("a value the model refuses is AEM's Problem Details, naming the field; nothing is written")
    func refusedValue() async throws {
        try await Self.withClients { author, _, emulator in
            let article = try #require(try await author.send(.fragment(path: Self.article)))
            var edit = FragmentEdit(article)
            try edit.setValue("many", forField: "readingMinutes")
            let error = await #expect(throws: AemError.self) { try await author.send(.patch(edit)) }
            #expect(error?.kind == .httpStatus)
            #expect(error?.message.contains("readingMinutes") == true, "\(error?.message ?? "")")
            #expect(emulator.live.journal.all.isEmpty)
        }
    }

    @Test("create from the model read, publish, then delete: refused while published, done with its unpublish")
    func createPublishDelete() async throws {
        try await Self.withClients { author, publish, _ in
            let model = try await author.send(.model(path: "/conf/editorial/settings/dam/cfm/models/article"))
            var new = NewFragment(
                title: "Night Markets", model: model, parentPath: "/content/dam/editorial/articles")
            try new.setValues(["night-markets"], forField: "slug")
            #expect(throws: AemError.self) { try new.setValues(["x"], forField: "nope") }
            let created = try await author.send(.create(new))
            #expect(created.path == "/content/dam/editorial/articles/night-markets")
            #expect(created.status == .draft)
            _ = try await author.send(.publish(paths: [created.path]))
            #expect(try await publish.execute(.fragment(path: created.path)).value.title == "Night Markets")
            let published = try await author.send(.fragment(id: created.id))
            let refused = await #expect(throws: AemError.self) { try await author.send(.delete(published)) }
            #expect(refused?.kind == .conflict)
            try await author.send(.deleteAndUnpublish(published))
            #expect(try await author.send(.fragment(path: created.path)) == nil)
            let gone = await #expect(throws: AemError.self) {
                try await publish.execute(.fragment(path: created.path))
            }
            #expect(gone?.kind == .notFound)
        }
    }

    @Test("versions saved and restored, tags under their own tag, and every fragment below a folder page by page")
    func versionsTagsAndPages() async throws {
        try await Self.withClients { author, _, _ in
            let article = try #require(try await author.send(.fragment(path: Self.article)))
            let version = try await author.send(.createVersion(of: article.id, label: "before", comment: nil))
            var edit = FragmentEdit(article)
            try edit.setValue("Changed", forField: "title")
            _ = try await author.send(.patch(edit))
            var versions: [FragmentVersion] = []
            for try await saved in try author.versions(of: article.id).items { versions.append(saved) }
            #expect(versions.map(\.id) == [version.id])
            let restored = try await author.send(.restore(version: version.id, of: article.id))
            #expect(restored.field(named: "title")?.strings == article.field(named: "title")?.strings)

            let tags = try await author.send(.tags(of: article.id))
            let replaced = try await author.send(.replaceTags(["editorial:test/replaced"], of: tags))
            #expect(replaced.ids == ["editorial:test/replaced"])
            #expect(replaced.etag != tags.etag)
            let stale = await #expect(throws: AemError.self) {
                try await author.send(.replaceTags([], of: tags))
            }
            #expect(stale?.kind == .preconditionFailed)

            var paths: [String] = []
            for try await fragment in try author.authoredFragments(
                under: "/content/dam/editorial/articles", pageSize: 5
            )
            .items {
                #expect(fragment.etag != nil)
                paths.append(fragment.path)
            }
            #expect(paths.count == 12)
            #expect(Set(paths).count == paths.count)
        }
    }
}
