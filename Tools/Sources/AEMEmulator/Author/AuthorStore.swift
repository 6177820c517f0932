import Foundation

/// The author tier's content: every fragment with its status, its entity tag, what publish and preview serve of it
/// and its versions, and the writes of the Sites API (aem-openapi.md §4.6) under their preconditions. A value, changed under
/// ``EmulatorLiveContent``'s lock; each write says what it changed, which events it makes and what the author log
/// keeps of it.
struct AuthorStore: Sendable {
    /// Every fragment on author, by path.
    private(set) var records: [String: AuthorRecord]
    private var pathsByID: [String: String]
    /// What the package holds besides fragments, which the author tier does not change.
    private(set) var models: [String: FragmentModel]
    private(set) var assets: [String: DamAsset]
    private(set) var queries: [String: StoredQuery]
    /// The fragments as the package on disk last held them: a reload takes from the package only the fragments whose
    /// files changed, so that author's own writes to the others stay.
    private var packageFragments: [String: ContentFragment]

    /// What one write did.
    struct Write: Sendable {
        /// The fragment after the write; nil when it is gone.
        var record: AuthorRecord?
        /// The events it makes.
        var changes: [ContentChange] = []
        /// What the author log keeps of it, in order.
        var logged: [AuthorLogEntry] = []
        /// The fragments whose author content changed.
        var authorPaths: Set<String> = []
        /// The fragments whose published content changed.
        var publishPaths: Set<String> = []
        /// The fragments whose content on preview changed.
        var previewPaths: Set<String> = []

        /// The paths whose content on `tier` changed.
        func paths(on tier: EmulatorView) -> Set<String> {
            switch tier {
            case .author: authorPaths
            case .publish: publishPaths
            case .preview: previewPaths
            }
        }

        /// Adds what `other` did after this.
        mutating func append(_ other: Write) {
            changes += other.changes
            logged += other.logged
            authorPaths.formUnion(other.authorPaths)
            publishPaths.formUnion(other.publishPaths)
            previewPaths.formUnion(other.previewPaths)
        }
    }

    /// The content of a loaded package, every fragment published as it is (to publish and preview).
    init(_ repository: ContentRepository, now: Date = Date()) {
        records = repository.fragments.mapValues { AuthorRecord(loaded: $0, at: now) }
        pathsByID = Dictionary(repository.fragments.values.map { ($0.uuid, $0.path) }) { first, _ in first }
        models = repository.models
        assets = repository.assets
        queries = repository.queries
        packageFragments = repository.fragments
    }

    /// What GraphQL and the delivery API answer on author: every fragment as it is now.
    var authorRepository: ContentRepository {
        ContentRepository(
            models: models, fragments: records.mapValues(\.fragment), assets: assets, queries: queries)
    }

    /// What they answer on `tier`: on publish and preview, each fragment as it was last published there.
    func repository(servedOn tier: EmulatorView) -> ContentRepository {
        let fragments: [String: ContentFragment]
        switch tier {
        case .author: return authorRepository
        case .publish: fragments = records.compactMapValues(\.live)
        case .preview: fragments = records.compactMapValues(\.preview)
        }
        return ContentRepository(models: models, fragments: fragments, assets: assets, queries: queries)
    }

    // MARK: Reads

    /// The fragment with `id`.
    func record(id: String) -> AuthorRecord? {
        pathsByID[id].flatMap { records[$0] }
    }

    /// The fragments at or below `path` (every fragment for nil), sorted by path.
    func records(under path: String?) -> [AuthorRecord] {
        let selected =
            path.map { path in
                records.values.filter { $0.fragment.path == path || $0.fragment.path.hasPrefix(path + "/") }
            } ?? Array(records.values)
        return selected.sorted { DeliveryRules.sortsBefore($0.fragment.path, $1.fragment.path) }
    }

    /// How the Sites API reads and writes the values of a fragment of the model at `modelPath`.
    func fields(ofModel modelPath: String) -> SitesFields {
        SitesFields(
            model: models[modelPath],
            fragmentExists: { reference in
                if records[reference] != nil { return reference }
                return pathsByID[reference]
            },
            assetExists: { assets[$0] != nil })
    }

    /// The model with the Sites API id `id` (the base64url of its path).
    func model(id: String) -> FragmentModel? {
        guard let data = Base64URL.decode(Substring(id)) else { return nil }
        return models[String(decoding: data, as: UTF8.self)]
    }

    // MARK: Writes

    /// `POST /cf/fragments`: a new fragment in `parentPath`, of the model `modelId`, with `fields`.
    mutating func create(_ body: RequestJSON, by user: String, now: Date) throws(SitesError) -> Write {
        guard let title = body["title"]?.string, !title.isEmpty else {
            throw .invalid("A new fragment needs a title.")
        }
        guard let modelID = body["modelId"]?.string, let model = model(id: modelID) else {
            throw .invalid("A new fragment needs the modelId of a model of this service (GET /adobe/sites/cf/models).")
        }
        guard let parent = body["parentPath"]?.string, DeliveryRules.isValidPath(parent) else {
            throw .invalid("A new fragment needs a parentPath: a DAM folder such as /content/dam/wknd-shared/en.")
        }
        let name = body["name"]?.string ?? AuthorRules.name(fromTitle: title)
        guard !name.isEmpty, !name.contains("/") else { throw .invalid("\(name) is not a name a fragment can have.") }
        let path = parent + "/" + name
        guard records[path] == nil else {
            throw .conflict("A fragment named \(name) exists in \(parent) already; give another name.")
        }
        var values: [String: JCRValue] = [:]
        let fields = fields(ofModel: model.path)
        for element in body["fields"]?.array ?? [] {
            guard let fieldName = element["name"]?.string, let field = fields.field(named: fieldName) else {
                throw .invalid("The model \(model.title) has no field \(element["name"]?.string ?? "without a name").")
            }
            try fields.store(
                element["values"]?.array ?? [], mimeType: element["mimeType"]?.string, for: field, in: &values)
        }
        let fragment = ContentFragment(
            path: path, uuid: UUID().uuidString.lowercased(), modelPath: model.path, title: title,
            description: body["description"]?.string, lastModified: now, created: now, master: values)
        let stamp = AuthorRecord.Stamp(at: now, by: user)
        let record = AuthorRecord(
            fragment: fragment, status: AuthorRules.initialStatus(hasValues: !values.isEmpty), revision: 1,
            created: stamp, modified: stamp, published: nil, live: nil, preview: nil, versions: [])
        put(record)
        return Write(
            record: record, changes: [.fragment(FragmentChange(.created, record))], logged: [.put(record)],
            authorPaths: [path])
    }

    /// `PUT /cf/fragments/{id}`: the title, description and every field replaced.
    mutating func replace(id: String, ifMatch: String?, body: RequestJSON, by user: String, now: Date)
        throws(SitesError) -> Write
    {
        var record = try current(id: id, ifMatch: ifMatch)
        let fields = fields(ofModel: record.fragment.modelPath)
        var values: [String: JCRValue] = AuthorRules.replaceClearsMissingFields ? [:] : record.fragment.master
        for element in body["fields"]?.array ?? [] {
            guard let fieldName = element["name"]?.string, let field = fields.field(named: fieldName) else {
                throw .invalid("The fragment's model has no field \(element["name"]?.string ?? "without a name").")
            }
            try fields.store(
                element["values"]?.array ?? [], mimeType: element["mimeType"]?.string, for: field, in: &values)
        }
        try fields.checkRequired(values)
        var fragment = record.fragment
        fragment.title = body["title"]?.string ?? fragment.title
        fragment.description = body["description"]?.string ?? fragment.description
        fragment.master = values
        let changed = Set(fields.fieldList.map(\.name)).filter { record.fragment.master[$0] != values[$0] }
        edit(&record, to: fragment, by: user, now: now)
        return edited(record, changedFields: changed)
    }

    /// `PATCH /cf/fragments/{id}`: a JSON Patch applied whole.
    mutating func patch(id: String, ifMatch: String?, patch: JSONPatch, by user: String, now: Date)
        throws(SitesError) -> Write
    {
        var record = try current(id: id, ifMatch: ifMatch)
        let (fragment, changed) = try patch.applied(
            to: record.fragment, fields: fields(ofModel: record.fragment.modelPath))
        edit(&record, to: fragment, by: user, now: now)
        return edited(record, changedFields: changed)
    }

    /// `DELETE /cf/fragments/{id}`: a fragment off author, when it is not on publish.
    mutating func delete(id: String, ifMatch: String?) throws(SitesError) -> Write {
        let record = try current(id: id, ifMatch: ifMatch)
        guard !AuthorRules.refusesDelete(of: record.status) else {
            throw .conflict(
                "\(record.fragment.path) is published (\(record.status.rawValue)): unpublish it first, or delete it with deleteAndUnpublish."
            )
        }
        return removed(record)
    }

    /// `DELETE /cf/fragments/{id}/deleteAndUnpublish`: takes the fragment off publish and preview, then off author.
    mutating func deleteAndUnpublish(id: String, ifMatch: String?, now: Date) throws(SitesError) -> Write {
        let record = try current(id: id, ifMatch: ifMatch)
        var write = Write()
        for tier in [EmulatorView.publish, .preview] {
            write.append(unpublish(path: record.fragment.path, from: tier, now: now))
        }
        write.append(removed(record))
        return write
    }

    /// Completes the publish of the fragment at `path` to `tier`: that tier serves its author content from now on.
    /// On publish, the fragment's status and `published` stamp say so; on preview, only its preview flag does.
    mutating func publish(path: String, to tier: EmulatorView, by user: String, now: Date) -> Write {
        guard var record = records[path] else { return Write() }
        if tier == .preview {
            record.preview = record.fragment
        } else {
            record.live = record.fragment
            record.status = .published
            record.published = AuthorRecord.Stamp(at: now, by: user)
        }
        record.revision += 1
        put(record)
        var write = Write(
            record: record, changes: [.fragment(FragmentChange(.published, record, tier: tier))],
            logged: [.put(record)])
        if tier == .preview { write.previewPaths = [path] } else { write.publishPaths = [path] }
        return write
    }

    /// Completes the unpublish of the fragment at `path` from `tier`: that tier no longer serves it. On publish, the
    /// fragment becomes `UNPUBLISHED`; on preview, only its preview flag changes.
    mutating func unpublish(path: String, from tier: EmulatorView, now: Date) -> Write {
        guard var record = records[path] else { return Write() }
        if tier == .preview {
            guard record.preview != nil else { return Write() }
            record.preview = nil
        } else {
            guard record.live != nil else { return Write() }
            record.live = nil
            record.status = .unpublished
        }
        record.revision += 1
        put(record)
        var write = Write(
            record: record, changes: [.fragment(FragmentChange(.unpublished, record, tier: tier))],
            logged: [.put(record)])
        if tier == .preview { write.previewPaths = [path] } else { write.publishPaths = [path] }
        return write
    }

    /// `POST …/versions`: the content saved as a version.
    mutating func createVersion(id: String, label: String?, comment: String?, by user: String, now: Date)
        throws(SitesError) -> (AuthorRecord.Version, Write)
    {
        guard var record = record(id: id) else { throw .notFound("There is no content fragment with the id \(id).") }
        let version = AuthorRecord.Version(
            id: UUID().uuidString.lowercased(), title: AuthorRules.versionTitle(record.versions.count), label: label,
            comment: comment, created: AuthorRecord.Stamp(at: now, by: user), content: record.fragment)
        record.versions.append(version)
        put(record)
        return (version, Write(record: record, logged: [.put(record)]))
    }

    /// `POST …/versions/restore/{versionId}`: the version's content made the current content, as an edit.
    mutating func restore(id: String, version versionID: String, by user: String, now: Date) throws(SitesError)
        -> Write
    {
        guard var record = record(id: id) else { throw .notFound("There is no content fragment with the id \(id).") }
        guard let version = record.versions.first(where: { $0.id == versionID }) else {
            throw .notFound("The fragment \(record.fragment.path) has no version \(versionID).")
        }
        var fragment = record.fragment
        fragment.title = version.content.title
        fragment.description = version.content.description
        fragment.master = version.content.master
        fragment.variations = version.content.variations
        let changed = Set(record.fragment.master.keys).union(fragment.master.keys).filter {
            record.fragment.master[$0] != fragment.master[$0]
        }
        edit(&record, to: fragment, by: user, now: now)
        return edited(record, changedFields: changed)
    }

    /// `PUT …/tags`: the fragment's tag ids replaced, under the tag list's own entity tag.
    mutating func replaceTags(id: String, ifMatch: String?, tags: [String], by user: String, now: Date)
        throws(SitesError) -> Write
    {
        guard var record = record(id: id) else { throw .notFound("There is no content fragment with the id \(id).") }
        guard let ifMatch else { throw .missingTag("the tags of \(record.fragment.path)") }
        guard EntityTag.ifRange(ifMatch, matches: record.tagListEntityTag) else {
            throw .staleTag("The tag list of \(record.fragment.path)")
        }
        for tag in tags where !tag.contains(":") || tag.hasPrefix(":") {
            throw .invalid("\(tag) is not a tag id: tag ids read namespace:path, such as wknd-shared:activity/surfing.")
        }
        var fragment = record.fragment
        fragment.tags = tags
        edit(&record, to: fragment, by: user, now: now)
        return edited(record, changedFields: [])
    }

    /// The fragments the package replaced, added or removed under `wknd serve --watch` (among `paths`; nil: any):
    /// a saved file is deployed content, so author, publish and preview all take it (an API edit of the same fragment is
    /// overwritten). A fragment whose file did not change keeps what author did to it.
    mutating func reloaded(_ repository: ContentRepository, paths: Set<String>?, now: Date) -> [AuthorLogEntry] {
        models = repository.models
        assets = repository.assets
        queries = repository.queries
        var logged: [AuthorLogEntry] = []
        for path in paths ?? Set(packageFragments.keys).union(repository.fragments.keys) {
            let saved = repository.fragments[path]
            if let saved, let previous = packageFragments[path], previous.hasSameContent(as: saved) { continue }
            packageFragments[path] = saved
            switch (records[path], saved) {
            case (let before?, nil):
                remove(before)
                logged.append(.removed(path: path))
            case (let before, let fragment?):
                if let before, before.fragment.hasSameContent(as: fragment), before.live != nil { continue }
                var record = AuthorRecord(loaded: fragment, at: now)
                record.revision = (before?.revision ?? 0) + 1
                record.versions = before?.versions ?? []
                put(record)
                logged.append(.put(record))
            case (nil, nil):
                continue
            }
        }
        return logged
    }

    /// Applies what the author log kept, when the emulator starts again.
    mutating func replay(_ entry: AuthorLogEntry) {
        switch entry {
        case .put(let record): put(record)
        case .removed(let path): records[path].map { remove($0) }
        }
    }

    // MARK: Helpers

    /// The fragment `id` names, when `ifMatch` is its current tag.
    private func current(id: String, ifMatch: String?) throws(SitesError) -> AuthorRecord {
        guard let record = record(id: id) else { throw .notFound("There is no content fragment with the id \(id).") }
        guard let ifMatch else { throw .missingTag(record.fragment.path) }
        guard
            ifMatch.split(separator: ",").contains(where: { EntityTag.ifRange(String($0), matches: record.entityTag) })
        else { throw .staleTag("The fragment \(record.fragment.path)") }
        return record
    }

    private mutating func edit(_ record: inout AuthorRecord, to fragment: ContentFragment, by user: String, now: Date) {
        var fragment = fragment
        fragment.lastModified = now
        record.fragment = fragment
        record.status = AuthorRules.status(afterEditOf: record.status)
        record.modified = AuthorRecord.Stamp(at: now, by: user)
        record.revision += 1
        put(record)
    }

    private func edited(_ record: AuthorRecord, changedFields: Set<String>) -> Write {
        var change = FragmentChange(.modified, record)
        change.changedFields = changedFields.sorted()
        return Write(
            record: record, changes: [.fragment(change)], logged: [.put(record)], authorPaths: [record.fragment.path])
    }

    /// The fragment off author, and off preview when it was there (a fragment on publish is not deleted).
    private mutating func removed(_ record: AuthorRecord) -> Write {
        remove(record)
        let path = record.fragment.path
        return Write(
            record: nil, changes: [.fragment(FragmentChange(.deleted, record))], logged: [.removed(path: path)],
            authorPaths: [path], previewPaths: record.preview == nil ? [] : [path])
    }

    private mutating func put(_ record: AuthorRecord) {
        if let before = records[record.fragment.path], before.fragment.uuid != record.fragment.uuid {
            pathsByID[before.fragment.uuid] = nil
        }
        records[record.fragment.path] = record
        pathsByID[record.fragment.uuid] = record.fragment.path
    }

    private mutating func remove(_ record: AuthorRecord) {
        records[record.fragment.path] = nil
        pathsByID[record.fragment.uuid] = nil
    }
}

extension FragmentChange {
    /// The change of `kind` to `record`'s fragment; `tier` is where a publish or an unpublish went.
    init(_ kind: Kind, _ record: AuthorRecord, tier: EmulatorView = .publish) {
        self.init(
            kind: kind, path: record.fragment.path, id: record.fragment.uuid, modelPath: record.fragment.modelPath,
            tier: tier)
    }
}
