import AEMHeadless

/// Reading content fragments on author: one by id or by path, with its entity tag, or the fragments below a folder
/// page by page (`Aem.authoredFragments(under:pageSize:)` follows the pages).
extension SitesRequest where Value == AuthoredFragment {
    /// `GET /adobe/sites/cf/fragments/{id}?references=`: the fragment with `id`, with the entity tag of the version
    /// read (its `ETag`) and, as `references` asks, what it references (in `json["references"]`). A 404 is
    /// `AemError` `.notFound`.
    /// - Throws: `AemError` `.invalidRequest` for an empty id.
    public static func fragment(id: String, references: FragmentReferences = .none) throws(AemError) -> Self {
        try SitesEndpoints.checkID(id, of: "a content fragment")
        return read(id: id, references: references)
    }

    /// The GET of the fragment with `id`, which is known not to be empty.
    static func read(id: String, references: FragmentReferences = .none) -> Self {
        SitesRequest(
            method: "GET",
            target: SitesEndpoints.target(["cf", "fragments", id], query: [("references", references.rawValue)]),
            subject: "the content fragment with id \(id)"
        ) { answer throws(SitesReadFailure) in
            let document = try answer.requireDocument()
            return .value(
                try SitesReadFailure.reading { () throws(JSONShapeMismatch) in
                    try AuthoredFragment(json: document, etag: answer.etag)
                })
        }
    }

    /// The fragment at `path`, for reading what a create made: a missing one is `.notFound`, so that it is read again
    /// until it shows.
    static func createdFragment(at path: String) -> Self {
        SitesRequest(
            method: "GET",
            target: SitesEndpoints.target(["cf", "fragments"], query: [("path", path), ("limit", "1")]),
            subject: "the content fragment at \(path)"
        ) { answer throws(SitesReadFailure) in
            guard let fragment = try fragmentListed(at: path, in: answer) else { throw .notFound }
            return .value(fragment)
        }
    }
}

extension SitesRequest where Value == AuthoredFragment? {
    /// `GET /adobe/sites/cf/fragments?path=&limit=1`: the fragment at `path`, with its entity tag; nil when there
    /// is none (the list comes back empty).
    /// - Throws: `AemError` `.invalidRequest` for a path not under `/content/dam/`.
    public static func fragment(path: String, references: FragmentReferences = .none) throws(AemError) -> Self {
        try SitesEndpoints.checkPath(path)
        return SitesRequest(
            method: "GET",
            target: SitesEndpoints.target(
                ["cf", "fragments"], query: [("path", path), ("limit", "1"), ("references", references.rawValue)]),
            subject: "the content fragment at \(path)", isCollection: true
        ) { answer throws(SitesReadFailure) in
            .value(try fragmentListed(at: path, in: answer))
        }
    }
}

extension SitesRequest where Value == SitesPage<AuthoredFragment> {
    /// `GET /adobe/sites/cf/fragments?path=&limit=&cursor=`: one page of the fragments below a folder (sub-folders
    /// included), each with its entity tag; every fragment the user may read when `path` is nil. `cursor` is the
    /// page before's, nil for the first.
    /// - Throws: `AemError` `.invalidRequest` when `path` is not under `/content/dam/`, or `pageSize` is outside
    ///   1…50.
    public static func fragmentPage(under path: String? = nil, pageSize: Int = 50, cursor: String? = nil)
        throws(AemError) -> Self
    {
        if let path { try SitesEndpoints.checkPath(path) }
        try SitesEndpoints.checkPageSize(pageSize)
        var parameters: [(String, String)] = []
        if let path { parameters.append(("path", path)) }
        parameters.append(("limit", String(pageSize)))
        if let cursor { parameters.append(("cursor", cursor)) }
        return SitesRequest(
            method: "GET", target: SitesEndpoints.target(["cf", "fragments"], query: parameters),
            subject: path.map { "the fragment list under \($0)" } ?? "the fragment list", isCollection: true
        ) { answer throws(SitesReadFailure) in
            let document = try answer.requireDocument()
            return .value(
                try SitesReadFailure.reading { () throws(JSONShapeMismatch) in
                    try SitesPage(json: document) { item throws(JSONShapeMismatch) in
                        try AuthoredFragment(json: item, etag: nil)
                    }
                })
        }
    }
}

/// The fragment at `path` in a list answer, nil when the list does not hold it: a list asked for one fragment's path
/// holds that one fragment, and one asked for a folder's holds what is below it, which is not what was asked for.
private func fragmentListed(at path: String, in answer: SitesAnswer) throws(SitesReadFailure) -> AuthoredFragment? {
    let document = try answer.requireDocument()
    let page = try SitesReadFailure.reading { () throws(JSONShapeMismatch) in
        try SitesPage(json: document) { item throws(JSONShapeMismatch) in try AuthoredFragment(json: item, etag: nil) }
    }
    return page.items.first { $0.path == path }
}
