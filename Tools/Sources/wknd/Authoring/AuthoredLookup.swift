import AEMHeadless
import AEMHeadlessAuthoring
import WKNDCore

/// Finds what a command names on the author service: a fragment by id or path, a model by name, path, id or title.
enum AuthoredLookup {
    /// The fragment `idOrPath` names, with its entity tag.
    static func fragment(_ idOrPath: String, on aem: Aem) async throws -> AuthoredFragment {
        guard idOrPath.hasPrefix("/") else { return try await aem.send(.fragment(id: idOrPath)) }
        guard let fragment = try await aem.send(.fragment(path: idOrPath)) else {
            throw Failure(.notFound, "There is no content fragment at \(idOrPath) on the author service.")
        }
        return fragment
    }

    /// The model `name` names: its id, its path, its name (`adventure`) or its title (`Adventure`).
    static func model(_ name: String, on aem: Aem) async throws -> FragmentModel {
        if name.hasPrefix("/") { return try await aem.send(.model(path: name)) }
        var models: [FragmentModel] = []
        for try await model in try aem.fragmentModels().items { models.append(model) }
        let matches = models.filter { $0.id == name || $0.name == name }
        let byTitle = models.filter { $0.title?.caseInsensitiveCompare(name) == .orderedSame }
        guard let model = matches.first ?? (byTitle.count == 1 ? byTitle.first : nil) else {
            let known = models.map(\.name).sorted().joined(separator: ", ")
            throw Failure(
                .notFound,
                "The author service has no model \(name)" + (known.isEmpty ? "." : "; its models are \(known).")
                    + " `wknd models list` shows them.")
        }
        return model
    }
}
