import Testing

@testable import AEMEmulator

/// Serving an edit keeps the earlier content's orders where the paths are the same, and with the paths of the folders
/// read again patches only those fragments, keeping the ranks and orders they leave alone: the answers are those of
/// indexes built afresh.
@Suite struct IndexReuseTests {
    private static let queries = [
        #"{ adventureList(sort: "title DESC") { items { _path title price } } }"#,
        #"{ adventurePaginated(first: 2, sort: "price DESC") { edges { cursor node { _path title } } } }"#,
        #"{ adventurePaginated(first: 3, sort: "activity ASC, title ASC") { edges { cursor node { _path } } } }"#,
        #"{ adventureList(sort: "activity DESC") { items { _path activity } } }"#,
        "{ adventureList { items { _path title } } }",
        "{ adventurePaginated(first: 4) { edges { cursor node { _path } } } }",
    ]

    enum Edit: CaseIterable {
        /// Its title and price changed.
        case retitled
        /// Only its activity changed.
        case activity
        /// Removed.
        case removed
        /// A new fragment beside the others.
        case added
    }

    /// The sample adventures with one edited, removed or added, and the path that changed.
    private static func edited(_ edit: Edit) throws -> (
        before: ContentRepository, after: ContentRepository, path: String
    ) {
        let before = EngineFixtures.adventureRepository()
        var after = before
        var path = try #require(before.fragments.keys.sorted().dropFirst().first)
        switch edit {
        case .retitled:
            after.fragments[path]?.master["title"] = .string("Zzz Renamed")
            after.fragments[path]?.master["price"] = .long(1)
        case .activity:
            after.fragments[path]?.master["activity"] = .string("Aaa First")
        case .removed:
            after.fragments[path] = nil
        case .added:
            var copy = try #require(before.fragments[path])
            path += "-copy"
            copy.path = path
            copy.uuid = "00000000-0000-4000-8000-000000000001"
            after.fragments[path] = copy
        }
        return (before, after, path)
    }

    @Test(arguments: Edit.allCases, [false, true])
    func anEditedContentAnswersAsIfIndexedAfresh(edit: Edit, naming: Bool) async throws {
        let (before, after, path) = try Self.edited(edit)
        let changedPaths: Set<String>? = naming ? [path] : nil
        let earlier = QueryEngine(repository: before)
        for query in Self.queries { _ = await EngineFixtures.run(earlier, "site", query) }
        let reused = QueryEngine(repository: after, reusing: earlier, changedPaths: changedPaths)
        let fresh = QueryEngine(repository: after)
        for query in Self.queries {
            let (reusedText, _) = await EngineFixtures.run(reused, "site", query)
            let (freshText, _) = await EngineFixtures.run(fresh, "site", query)
            #expect(reusedText == freshText, "\(query)")
        }
        let delivery = DeliveryIndex(
            repository: after, reusing: DeliveryIndex(repository: before), changedPaths: changedPaths)
        let freshDelivery = DeliveryIndex(repository: after)
        #expect(delivery.fragments.map(\.path) == freshDelivery.fragments.map(\.path))
        #expect(
            delivery.fragments.map { $0.master["title"] } == freshDelivery.fragments.map { $0.master["title"] })
        for fragment in after.fragments.values {
            #expect(delivery.fragment(id: fragment.uuid)?.path == fragment.path)
        }
        #expect(
            FragmentChange.between(before, after, paths: changedPaths) == FragmentChange.between(before, after))
    }

    @Test("a model that none of the paths named holds is kept as it was; one they edited keeps its unchanged ranks")
    func patchedModels() async throws {
        let (before, after, path) = try Self.edited(.activity)
        let earlier = QueryEngine(repository: before)
        for query in Self.queries { _ = await EngineFixtures.run(earlier, "site", query) }
        let model = try #require(before.fragments[path]?.modelPath)
        let earlierModel = try #require(earlier.index.models[model])
        let unrelated = QueryEngine(repository: before, reusing: earlier, changedPaths: ["/content/dam/elsewhere"])
        #expect(unrelated.index.models[model] === earlierModel)
        let patched = QueryEngine(repository: after, reusing: earlier, changedPaths: [path])
        let patchedModel = try #require(patched.index.models[model])
        #expect(patchedModel !== earlierModel)
        #expect(patchedModel.fragments.map(\.path) == earlierModel.fragments.map(\.path))
        #expect(patchedModel.fragments.first { $0.path == path }?.master["activity"] == .string("Aaa First"))
    }
}
