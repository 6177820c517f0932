import AEMHeadless
import AEMHeadlessAuthoring
import WKNDCore

/// The tools that read and write on the author service (`--allow-writes`). Every change to a fragment that exists
/// names the entity tag it was read with, and is refused when the fragment changed since: an agent changes only what
/// it has read.
extension MCPTools {
    /// `get_authored_fragment`: the fragment as it is on author, with its tag.
    func getAuthoredFragment(_ arguments: MCPArguments) async throws -> UntypedJSON {
        let services = try requireAuthoring()
        return Self.document(try await fragment(arguments, on: services.author))
    }

    /// `patch_fragment`: fields changed by name, under the tag given.
    func patchFragment(_ arguments: MCPArguments) async throws -> UntypedJSON {
        let services = try requireAuthoring()
        let etag = try arguments.requiredString("etag")
        let read = try await fragment(arguments, on: services.author)
        try Self.requireCurrent(read, etag: etag)
        var edit = FragmentEdit(read)
        edit.title = try arguments.string("title")
        edit.description = try arguments.string("description")
        for member in try arguments.object("fields") {
            let values: [UntypedJSON] =
                switch member.value {
                case .null: []
                case .array(let elements): elements
                default: [member.value]
                }
            try edit.setValues(values, forField: member.key)
        }
        guard !edit.isEmpty else {
            return Self.document(read, changed: [])
        }
        let saved = try await services.author.send(.patch(edit))
        return Self.document(saved, changed: edit.changedFields)
    }

    /// `create_fragment`: a new fragment of a model in a folder.
    func createFragment(_ arguments: MCPArguments) async throws -> UntypedJSON {
        let services = try requireAuthoring()
        guard let folder = try arguments.damPath("folder") else {
            throw Failure(.usage, "create_fragment needs \"folder\".")
        }
        let modelName = try arguments.requiredString("model")
        let model: FragmentModel
        if modelName.hasPrefix("/") {
            model = try await services.author.send(.model(path: modelName))
        } else {
            var found: FragmentModel?
            for try await candidate in try services.author.fragmentModels().items
            where candidate.name == modelName || candidate.id == modelName {
                found = candidate
                break
            }
            guard let found else {
                throw Failure(
                    .notFound, "create_fragment: the author service has no model \(modelName); list_models shows them.")
            }
            model = found
        }
        var new = NewFragment(
            title: try arguments.requiredString("title"), name: try arguments.string("name"),
            description: try arguments.string("description"), model: model, parentPath: folder)
        for member in try arguments.object("fields") {
            let values: [UntypedJSON] = member.value.arrayValue ?? (member.value.isNull ? [] : [member.value])
            try new.setValues(values, forField: member.key)
        }
        return Self.document(try await services.author.send(.create(new)))
    }

    /// `publish_fragments` and `unpublish_fragments`: each fragment under the tag given.
    func publishFragments(_ arguments: MCPArguments, unpublish: Bool) async throws -> UntypedJSON {
        let services = try requireAuthoring()
        let tool = arguments.tool.rawValue
        var paths: [String] = []
        for element in try arguments.array("fragments") {
            guard let path = element["path"]?.stringValue, let etag = element["etag"]?.stringValue else {
                throw Failure(.usage, "\(tool): each of \"fragments\" is {\"path\": …, \"etag\": …}.")
            }
            guard let read = try await services.author.send(.fragment(path: path)) else {
                throw Failure(.notFound, "\(tool): there is no content fragment at \(path) on author.")
            }
            try Self.requireCurrent(read, etag: etag)
            paths.append(path)
        }
        guard !paths.isEmpty else { throw Failure(.usage, "\(tool) needs \"fragments\": at least one.") }
        let service: PublishDestination
        switch try arguments.string("service") {
        case nil, "publish": service = .publish
        case "preview": service = .preview
        case let other?: throw Failure(.usage, "\(tool): \"service\" is publish or preview, not \"\(other)\".")
        }
        let outcome = try await services.author.send(
            unpublish ? .unpublish(paths: paths, from: service) : .publish(paths: paths, to: service))
        return .members([
            "items": .array(
                outcome.items.map { item in
                    .members([
                        "path": .string(item.path), "status": .string(item.status.rawValue),
                        "id": item.id.map(UntypedJSON.string),
                    ])
                })
        ])
    }

    private func requireAuthoring() throws(Failure) -> AuthoringServices {
        guard let authoring else { throw Failure(.usage, "Writes are not allowed: start with --allow-writes.") }
        return authoring
    }

    /// The fragment the `id` or `path` argument names.
    private func fragment(_ arguments: MCPArguments, on aem: Aem) async throws -> AuthoredFragment {
        let id = try arguments.string("id")
        let path = try arguments.damPath("path")
        let tool = arguments.tool.rawValue
        switch (id, path) {
        case (let id?, nil):
            return try await aem.send(.fragment(id: id))
        case (nil, let path?):
            guard let fragment = try await aem.send(.fragment(path: path)) else {
                throw Failure(.notFound, "\(tool): there is no content fragment at \(path) on author.")
            }
            return fragment
        default:
            throw Failure(.usage, "\(tool) takes the fragment's \"id\" or its \"path\": one of the two.")
        }
    }

    /// Refuses a change based on `etag` when `fragment` (read just now) has another tag.
    private static func requireCurrent(_ fragment: AuthoredFragment, etag: String) throws(Failure) {
        guard let given = EntityTag(etag), let current = fragment.etag, given == current else {
            throw Failure(
                .busy,
                "\(fragment.path) changed on author since it was read (its etag is now \(fragment.etag?.rawValue ?? "unknown")): read it again with get_authored_fragment, then make the change to what it holds now."
            )
        }
    }

    private static func document(_ fragment: AuthoredFragment, changed: [String]? = nil) -> UntypedJSON {
        .members([
            "fragment": fragment.json, "etag": fragment.etag.map { .string($0.rawValue) } ?? .null,
            "status": fragment.status.map { .string($0.rawValue) },
            "changed": changed.map { .array($0.map(UntypedJSON.string)) },
        ])
    }
}
