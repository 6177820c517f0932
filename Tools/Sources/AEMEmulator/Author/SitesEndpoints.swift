import Foundation

/// The Sites API on the author origin (aem-openapi.md §4): fragments listed, read and written under their entity
/// tags, published and unpublished, their versions and tags, and the models. Every answer that is not a success is
/// Problem Details; what the emulator chose where Adobe documents nothing is in ``AuthorRules``.
struct SitesEndpoints: Sendable {
    let live: EmulatorLiveContent

    /// One request to the Sites API.
    struct Request: Sendable {
        var method: String
        /// The path after ``AuthorRules/basePath``, split on `/`: `["cf", "fragments", "<id>"]`.
        var parts: [String]
        var parameters: QueryParameters
        var ifMatch: String?
        var contentType: String?
        var body: [UInt8]
        /// Who writes, for the `created`, `modified` and `published` stamps.
        var user: String
    }

    /// The parts of a path under the Sites API; nil for any other path.
    static func parts(of path: String) -> [String]? {
        guard path == AuthorRules.basePath || path.hasPrefix(AuthorRules.basePath + "/") else { return nil }
        return path.dropFirst(AuthorRules.basePath.count).split(separator: "/").map(String.init)
    }

    func answer(_ request: Request) async -> Reply {
        do {
            return try await route(request)
        } catch let error as SitesError {
            return error.reply
        } catch let error as AuthorStateError {
            return SitesError(status: 500, detail: error.message).reply
        } catch {
            return SitesError(status: 500, detail: "The write could not be kept: \(error)").reply
        }
    }

    private func route(_ request: Request) async throws -> Reply {
        let parts = request.parts
        guard parts.first == "cf", parts.count >= 2 else { throw notFound(request) }
        switch (parts[1], parts.count, request.method) {
        case ("fragments", 2, "GET"): return try list(request)
        case ("fragments", 2, "POST"): return try await create(request)
        case ("fragments", 3, "POST") where parts[2] == "publish": return try await publish(request)
        case ("fragments", 3, "GET"): return try fragment(id: parts[2])
        case ("fragments", 3, "PUT"): return try await replace(id: parts[2], request)
        case ("fragments", 3, "PATCH"): return try await patch(id: parts[2], request)
        case ("fragments", 3, "DELETE"):
            let write = try await live.writing { store, _ throws(SitesError) in
                try store.delete(id: parts[2], ifMatch: request.ifMatch)
            }
            _ = write
            return .empty(204)
        case ("fragments", 4, "DELETE") where parts[3] == "deleteAndUnpublish":
            _ = try await live.writing { store, now throws(SitesError) in
                try store.deleteAndUnpublish(id: parts[2], ifMatch: request.ifMatch, now: now)
            }
            return .empty(AuthorRules.deleteAndUnpublishStatus)
        case ("fragments", 4, "GET") where parts[3] == "versions": return try versions(id: parts[2])
        case ("fragments", 4, "POST") where parts[3] == "versions":
            return try await createVersion(id: parts[2], request)
        case ("fragments", 5, "GET") where parts[3] == "versions": return try version(id: parts[2], parts[4])
        case ("fragments", 6, "POST") where parts[3] == "versions" && parts[4] == "restore":
            let write = try await live.writing { store, now throws(SitesError) in
                try store.restore(id: parts[2], version: parts[5], by: request.user, now: now)
            }
            return try fragmentReply(write.record, status: 200)
        case ("fragments", 4, "GET") where parts[3] == "tags": return try tags(id: parts[2])
        case ("fragments", 4, "PUT") where parts[3] == "tags": return try await replaceTags(id: parts[2], request)
        case ("models", 2, "GET"): return try models(request)
        case ("models", 3, "GET"): return try model(id: parts[2])
        case ("models", _, "POST"), ("models", _, "PATCH"), ("models", _, "PUT"), ("models", _, "DELETE"):
            throw SitesError(
                status: 405, detail: "The emulator does not change models: edit the content package's models instead.",
                headers: [("Allow", "GET")])
        default:
            throw notFound(request)
        }
    }

    private func notFound(_ request: Request) -> SitesError {
        .notFound("The Sites API has no \(request.method) /\(request.parts.joined(separator: "/")).")
    }

    // MARK: Fragments

    private func list(_ request: Request) throws(SitesError) -> Reply {
        let limit = try pageSize(request)
        let path = request.parameters["path"]
        if let path, !path.hasPrefix("/content/") {
            throw .invalid("path must be a repository path under /content/, such as /content/dam/wknd-shared/en.")
        }
        return try live.reading { store throws(SitesError) in
            let records = store.records(under: path.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 })
            let offset = try offset(request, path: path, count: records.count)
            let page = records.dropFirst(offset).prefix(limit)
            var members: [(String, OrderedJSON)] = [
                ("items", .array(page.map { SitesDocuments.fragment($0, in: store, withTag: true) }))
            ]
            if offset + limit < records.count {
                members.append(("cursor", .string(DeliveryRules.cursor(offset: offset + limit, path: path))))
            }
            return .document(status: 200, .object(members), cacheControl: nil)
        }
    }

    private func fragment(id: String) throws(SitesError) -> Reply {
        try live.reading { store throws(SitesError) in
            guard let record = store.record(id: id) else {
                throw .notFound("There is no content fragment with the id \(id).")
            }
            return Self.reply(record, in: store, status: 200)
        }
    }

    private func create(_ request: Request) async throws -> Reply {
        let body = try json(request)
        let write = try await live.writing { store, now throws(SitesError) in
            try store.create(body, by: request.user, now: now)
        }
        return try fragmentReply(write.record, status: AuthorRules.createdStatus)
    }

    private func replace(id: String, _ request: Request) async throws -> Reply {
        let body = try json(request)
        let write = try await live.writing { store, now throws(SitesError) in
            try store.replace(id: id, ifMatch: request.ifMatch, body: body, by: request.user, now: now)
        }
        return try fragmentReply(write.record, status: 200)
    }

    private func patch(id: String, _ request: Request) async throws -> Reply {
        let type = request.contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) }
        guard type?.lowercased() == AuthorRules.patchMediaType else {
            throw SitesError(
                status: 415,
                detail:
                    "A PATCH takes \(AuthorRules.patchMediaType) (RFC 6902), not \(type ?? "a body without a type").",
                headers: [("Accept-Patch", AuthorRules.patchMediaType)])
        }
        let patch = try JSONPatch(request.body)
        let write = try await live.writing { store, now throws(SitesError) in
            try store.patch(id: id, ifMatch: request.ifMatch, patch: patch, by: request.user, now: now)
        }
        return try fragmentReply(write.record, status: AuthorRules.patchedStatus)
    }

    private func publish(_ request: Request) async throws -> Reply {
        let body = try json(request)
        guard let paths = body["paths"]?.array?.compactMap(\.string), !paths.isEmpty else {
            throw SitesError.invalid("A publish needs paths: the fragments' paths, such as [\"/content/dam/…\"].")
        }
        let workflow = body["workflowModelId"]?.string ?? AuthorRules.publishWorkflow
        guard [AuthorRules.publishWorkflow, AuthorRules.unpublishWorkflow].contains(workflow) else {
            throw SitesError.invalid(
                "workflowModelId must be \(AuthorRules.publishWorkflow) (publish) or \(AuthorRules.unpublishWorkflow) (unpublish)."
            )
        }
        let agent = body[AuthorRules.destinationMember]
        guard agent == nil || agent?.string != nil, let tier = AuthorRules.destination(agentID: agent?.string) else {
            let given = agent.map { $0.string.map { "\"\($0)\"" } ?? $0.kindName } ?? ""
            throw SitesError.invalid(
                "\(AuthorRules.destinationMember) must be publish (the default) or preview, the services a publish reaches; \(given) is neither."
            )
        }
        let statuses = Set(
            (body["filterReferencesByStatus"]?.array ?? []).compactMap { $0.string.flatMap(FragmentStatus.init) })
        let outcomes = try await live.publishing(
            paths, to: tier, unpublish: workflow == AuthorRules.unpublishWorkflow, references: statuses,
            by: request.user)
        let document = OrderedJSON.object([
            ("workflowInstanceId", .string("/var/workflow/instances/emulator/" + UUID().uuidString.lowercased())),
            (
                "items",
                .array(
                    outcomes.map { outcome in
                        .object(
                            [("path", .string(outcome.path)), ("status", .string(outcome.status))]
                                + (outcome.id.map { [("id", OrderedJSON.string($0))] } ?? []))
                    })
            ),
        ])
        return .document(status: AuthorRules.publishStatus, document, cacheControl: nil)
    }

    // MARK: Versions and tags

    private func versions(id: String) throws(SitesError) -> Reply {
        try live.reading { store throws(SitesError) in
            guard let record = store.record(id: id) else {
                throw .notFound("There is no content fragment with the id \(id).")
            }
            return .document(
                status: 200, .object([("items", .array(record.versions.reversed().map(SitesDocuments.version)))]),
                cacheControl: nil)
        }
    }

    private func version(id: String, _ versionID: String) throws(SitesError) -> Reply {
        try live.reading { store throws(SitesError) in
            guard let record = store.record(id: id) else {
                throw .notFound("There is no content fragment with the id \(id).")
            }
            guard let version = record.versions.first(where: { $0.id == versionID }) else {
                throw .notFound("The fragment \(record.fragment.path) has no version \(versionID).")
            }
            var saved = record
            saved.fragment = version.content
            return .document(status: 200, SitesDocuments.fragment(saved, in: store), cacheControl: nil)
        }
    }

    private func createVersion(id: String, _ request: Request) async throws -> Reply {
        let body = request.body.isEmpty ? RequestJSON.object([:]) : try json(request)
        var created: AuthorRecord.Version?
        _ = try await live.writing { store, now throws(SitesError) in
            let (version, write) = try store.createVersion(
                id: id, label: body["label"]?.string, comment: body["comment"]?.string, by: request.user, now: now)
            created = version
            return write
        }
        guard let created else { throw SitesError(status: 500, detail: "The version was not made.") }
        let location = "\(AuthorRules.basePath)/cf/fragments/\(id)/versions/\(created.id)"
        return .raw(
            status: 201, headers: [("Content-Type", "application/json"), ("Location", location)],
            body: SitesDocuments.version(created).serialized)
    }

    private func tags(id: String) throws(SitesError) -> Reply {
        try live.reading { store throws(SitesError) in
            guard let record = store.record(id: id) else {
                throw .notFound("There is no content fragment with the id \(id).")
            }
            return Self.tagsReply(record)
        }
    }

    private func replaceTags(id: String, _ request: Request) async throws -> Reply {
        let body = try json(request)
        let tags = body["tags"]?.array?.compactMap(\.string) ?? []
        let write = try await live.writing { store, now throws(SitesError) in
            try store.replaceTags(id: id, ifMatch: request.ifMatch, tags: tags, by: request.user, now: now)
        }
        guard let record = write.record else { throw SitesError(status: 500, detail: "The tags were not kept.") }
        return Self.tagsReply(record)
    }

    private static func tagsReply(_ record: AuthorRecord) -> Reply {
        let body = OrderedJSON.object([("items", .array(record.fragment.tags.map { .object([("id", .string($0))]) }))])
        return .raw(
            status: 200, headers: [("Content-Type", "application/json"), ("ETag", record.tagListEntityTag)],
            body: body.serialized)
    }

    // MARK: Models

    private func models(_ request: Request) throws(SitesError) -> Reply {
        let limit = try pageSize(request)
        return try live.reading { store throws(SitesError) in
            let models = store.models.values.sorted { $0.path < $1.path }
            let offset = try offset(request, path: "models", count: models.count)
            var members: [(String, OrderedJSON)] = [
                (
                    "items",
                    .array(models.dropFirst(offset).prefix(limit).map { SitesDocuments.model($0, withTag: true) })
                )
            ]
            if offset + limit < models.count {
                members.append(("cursor", .string(DeliveryRules.cursor(offset: offset + limit, path: "models"))))
            }
            return .document(status: 200, .object(members), cacheControl: nil)
        }
    }

    private func model(id: String) throws(SitesError) -> Reply {
        try live.reading { store throws(SitesError) in
            guard let model = store.model(id: id) else {
                throw .notFound("There is no content fragment model with the id \(id).")
            }
            return .raw(
                status: 200,
                headers: [("Content-Type", "application/json"), ("ETag", SitesDocuments.modelTag(model))],
                body: SitesDocuments.model(model).serialized)
        }
    }

    // MARK: Helpers

    /// A fragment with its tag in `ETag`.
    static func reply(_ record: AuthorRecord, in store: AuthorStore, status: Int) -> Reply {
        .raw(
            status: status, headers: [("Content-Type", "application/json"), ("ETag", record.entityTag)],
            body: SitesDocuments.fragment(record, in: store).serialized)
    }

    private func fragmentReply(_ record: AuthorRecord?, status: Int) throws(SitesError) -> Reply {
        guard let record else { throw SitesError(status: 500, detail: "The fragment was not kept.") }
        return try live.reading { store in Self.reply(record, in: store, status: status) }
    }

    private func json(_ request: Request) throws(SitesError) -> RequestJSON {
        guard let json = RequestJSON.parse(request.body), case .object = json else {
            throw .invalid("The body must be a JSON object.")
        }
        return json
    }

    private func pageSize(_ request: Request) throws(SitesError) -> Int {
        guard let text = request.parameters["limit"] else { return AuthorRules.defaultPageSize }
        guard let limit = Int(text), AuthorRules.pageSizes.contains(limit) else {
            throw .invalid(
                "limit must be from \(AuthorRules.pageSizes.lowerBound) to \(AuthorRules.pageSizes.upperBound); \(text) is not."
            )
        }
        return limit
    }

    private func offset(_ request: Request, path: String?, count: Int) throws(SitesError) -> Int {
        guard let cursor = request.parameters["cursor"] else { return 0 }
        guard let offset = DeliveryRules.offset(inCursor: cursor, path: path, count: count) else {
            throw .invalid("The cursor is not one this list gave: start again without it.")
        }
        return offset
    }
}
