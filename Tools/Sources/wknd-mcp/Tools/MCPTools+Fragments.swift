import AEMHeadless
import AEMHeadlessSync
import WKNDCore

extension MCPTools {
    /// `list_fragments`: a page of the fragments below a folder, and the cursor of the next.
    func listFragments(_ arguments: MCPArguments) async throws -> UntypedJSON {
        let limit = try arguments.integer("limit", in: 1...50, default: 50)
        let cursor = try arguments.string("cursor")
        var folder = try arguments.damPath("folder")
        // The locale configured (AEM_LOCALE) narrows only a folder given; one asked for needs a folder.
        let asked = try arguments.locales()
        if let locales = asked ?? self.locales, let path = folder {
            folder = locales.first.languageCopyFolder(of: path)
        } else if asked != nil {
            throw Failure(
                .usage,
                "list_fragments \"locale\" narrows a folder to its language copy: give \"folder\" too, such as /content/dam/wknd-shared."
            )
        }
        switch source {
        case .service(let aem, let cache):
            let page = try await cache.value {
                try await aem.execute(.fragmentPage(under: folder, pageSize: limit, cursor: cursor))
            }
            return .members([
                "folder": folder.map(UntypedJSON.string), "items": .array(page.items.map(\.json)),
                "cursor": page.cursor.map(UntypedJSON.string) ?? .null,
            ])
        case .mirror(let store, _):
            var offset = 0
            if let cursor {
                guard let number = Int(cursor), number >= 0 else {
                    throw Failure(
                        .usage, "list_fragments \"cursor\" is not one list_fragments returned from this mirror.")
                }
                offset = number
            }
            let query = FragmentQuery(folder: folder, limit: limit, offset: offset)
            let (stored, total) = try Self.reading {
                (try store.fragments(matching: query), try store.count(matching: query))
            }
            let next = offset + stored.count
            return .members([
                "folder": folder.map(UntypedJSON.string), "items": .array(stored.compactMap(Self.json)),
                "total": .integer(total), "cursor": next < total ? .string(String(next)) : .null,
            ])
        }
    }

    /// `get_fragment`: one fragment by id or path, as `{"fragment": …}`, with the locale that answered when asked in
    /// a chain of locales.
    func getFragment(_ arguments: MCPArguments) async throws -> UntypedJSON {
        let id = try arguments.string("id")
        let path = try arguments.damPath("path")
        guard (id == nil) != (path == nil) else {
            throw Failure(.usage, "get_fragment takes the fragment's \"id\" or its \"path\": one of the two.")
        }
        let referencesText = try arguments.string("references") ?? FragmentReferences.directHydrated.rawValue
        guard let references = FragmentReferences(rawValue: referencesText) else {
            let modes = FragmentReferences.allCases.map(\.rawValue).joined(separator: ", ")
            throw Failure(.usage, "get_fragment \"references\" must be one of \(modes).")
        }
        let locales = path == nil ? nil : try requestedLocales(arguments)
        switch source {
        case .service(let aem, let cache):
            if let path, let locales {
                return try await translation(of: path, in: locales, origin: "\(aem.configuration.origin)") {
                    copy in
                    do {
                        return try await Self.fragment(path: copy, references: references, aem: aem, cache: cache).json
                    } catch let error as AemError where error.kind == .notFound {
                        return nil
                    }
                }
            }
            if let path {
                return .members([
                    "fragment": try await Self.fragment(path: path, references: references, aem: aem, cache: cache).json
                ])
            }
            let id = id ?? ""
            let fragment = try await cache.value {
                try await aem.execute(.fragment(id: id, references: references))
            }
            return .members(["fragment": fragment.json])
        case .mirror(let store, let directory):
            if let path, let locales {
                return try await translation(of: path, in: locales, origin: "the mirror \(directory)") { copy in
                    try Self.reading { try store.fragment(path: copy) }.flatMap(Self.json)
                }
            }
            let stored = try Self.reading { () throws -> UntypedJSON? in
                if let path { return try store.fragment(path: path).flatMap(Self.json) }
                return try store.deliveredFragment(id: id ?? "")?.json
            }
            guard let stored else {
                let what = path.map { "at \($0)" } ?? "with the id \(id ?? "")"
                throw Failure(
                    .notFound,
                    "No fragment \(what) in the mirror \(directory); list_fragments and search_fragments show what it holds."
                )
            }
            return .members(["fragment": stored])
        }
    }

    /// `search_fragments`: the mirror's full-text search, best match first.
    func searchFragments(_ arguments: MCPArguments) throws -> UntypedJSON {
        let text = try arguments.requiredString("text")
        let limit = try arguments.integer("limit", in: 1...100, default: 20)
        let model = try arguments.string("model")
        let folder = try arguments.damPath("folder")
        let locale = try arguments.locales()?.first
        guard case .mirror(let store, _) = source else {
            throw Failure(
                .usage,
                "search_fragments searches a synced mirror, with no network: start `wknd mcp --store DIR` on a folder "
                    + "that `wknd sync DIR` filled.")
        }
        let query = FragmentQuery(model: model, folder: folder, locale: locale, search: text, limit: limit)
        let found = try Self.reading { try store.fragments(matching: query) }
        let items = found.enumerated().compactMap { index, stored -> UntypedJSON? in
            guard let json = Self.json(stored) else { return nil }
            return .members([
                "rank": .integer(index + 1), "path": .string(stored.path),
                "model": stored.model.map(UntypedJSON.string),
                "title": Self.title(of: json).map(UntypedJSON.string), "fragment": json,
            ])
        }
        return .members(["text": .string(text), "items": .array(items)])
    }

    /// The fragment at `path` in the first locale of `locales` whose language copy has it, with that locale.
    private func translation(
        of path: String, in locales: LocaleChain, origin: String, _ read: (String) async throws -> UntypedJSON?
    ) async throws -> UntypedJSON {
        guard let found = try await locales.firstTranslation(of: path, read) else {
            throw Failure(.notFound, "No fragment at \(path) in \(locales) on \(origin).")
        }
        return .members(["locale": .string(found.locale.identifier), "fragment": found.value])
    }

    private static func fragment(path: String, references: FragmentReferences, aem: Aem, cache: CommandCache)
        async throws -> DeliveredFragment
    {
        try await cache.value {
            try await aem.execute(.fragment(path: path, references: references))
        }
    }

    /// A stored fragment's JSON; nil when it no longer reads.
    static func json(_ stored: StoredFragment) -> UntypedJSON? {
        try? UntypedJSON(parsing: stored.json)
    }

    /// The title of a fragment's JSON: a delivered fragment's, a query item's, or an adventure's item's.
    static func title(of json: UntypedJSON) -> String? {
        json["title"]?.stringValue ?? json["item"]?["title"]?.stringValue
    }

    /// `body` on the mirror, its failures as the command line reports them.
    static func reading<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SyncError {
            throw StoreOptions.failure(error)
        }
    }
}
