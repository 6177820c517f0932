import AEMHeadless

/// Reading content fragment models on author: what a fragment of each may hold (`Aem.fragmentModels(pageSize:)`
/// follows the pages).
extension SitesRequest where Value == SitesPage<FragmentModel> {
    /// `GET /adobe/sites/cf/models?limit=&cursor=`: one page of the models the user may read, each with its entity
    /// tag. `cursor` is the page before's, nil for the first.
    /// - Throws: `AemError` `.invalidRequest` when `pageSize` is outside 1…50.
    public static func modelPage(pageSize: Int = 50, cursor: String? = nil) throws(AemError) -> Self {
        try SitesEndpoints.checkPageSize(pageSize)
        var parameters = [("limit", String(pageSize))]
        if let cursor { parameters.append(("cursor", cursor)) }
        return SitesRequest(
            method: "GET", target: SitesEndpoints.target(["cf", "models"], query: parameters),
            subject: "the list of fragment models", isCollection: true
        ) { answer throws(SitesReadFailure) in
            let document = try answer.requireDocument()
            return .value(
                try SitesReadFailure.reading { () throws(JSONShapeMismatch) in
                    try SitesPage(json: document) { item throws(JSONShapeMismatch) in
                        try FragmentModel(json: item, etag: nil)
                    }
                })
        }
    }
}

extension SitesRequest where Value == FragmentModel {
    /// `GET /adobe/sites/cf/models/{id}`: the model with `id` (the base64url of its path), with its fields and the
    /// entity tag of the version read. A 404 is `AemError` `.notFound`.
    /// - Throws: `AemError` `.invalidRequest` for an id that is not the base64url of a path.
    public static func model(id: String) throws(AemError) -> Self {
        guard SitesEndpoints.isModelID(id) else {
            throw AemError(
                .invalidRequest,
                "\(id.isEmpty ? "An empty id" : id) is not a model id: it is the base64url of the model's path (letters, digits, - and _); nothing was sent."
            )
        }
        return SitesRequest(
            method: "GET", target: SitesEndpoints.target(["cf", "models", id]),
            subject: "the fragment model with id \(id)"
        ) { answer throws(SitesReadFailure) in
            let document = try answer.requireDocument()
            return .value(
                try SitesReadFailure.reading { () throws(JSONShapeMismatch) in
                    try FragmentModel(json: document, etag: answer.etag)
                })
        }
    }

    /// The model at `path`, such as `/conf/wknd-shared/settings/dam/cfm/models/adventure`: `model(id:)` with the id
    /// made from the path.
    /// - Throws: `AemError` `.invalidRequest` for a path not under `/conf/`.
    public static func model(path: String) throws(AemError) -> Self {
        guard path.hasPrefix("/conf/"), !path.hasSuffix("/") else {
            throw AemError(
                .invalidRequest,
                "\(path.isEmpty ? "An empty path" : path) is not the path of a model: models are under /conf/, such as /conf/wknd-shared/settings/dam/cfm/models/adventure; nothing was sent."
            )
        }
        return try model(id: FragmentModel.id(forPath: path))
    }
}
