import AEMHeadless

/// Publishing and unpublishing content fragments: `POST /adobe/sites/cf/fragments/publish`, by path, with no entity
/// tag. AEM starts a job for each path it can and says what it did with each; a path can fail while the others go
/// ahead, so look at `PublishOutcome.failures`. Publishing changes a fragment's entity tag once the job has finished:
/// read it again before changing it.
extension SitesRequest where Value == PublishOutcome {
    /// Publishes the fragments at `paths` to `destination` (the publish service unless told otherwise), with the
    /// fragments they reference whose status is in `filterReferencesByStatus` (such as
    /// `[.draft, .modified, .unpublished]`; an empty list publishes no reference, and nil leaves the choice to AEM).
    /// Publishing to `.preview` changes no fragment's `status`, which tracks the publish service only.
    /// - Throws: `AemError` `.invalidRequest`, before anything is sent, when `paths` is empty or holds a path not
    ///   under `/content/dam/`.
    public static func publish(
        paths: [String], filterReferencesByStatus statuses: [FragmentStatus]? = nil,
        to destination: PublishDestination = .publish
    ) throws(AemError) -> Self {
        try workflow(
            "publish", paths: paths, model: SitesEndpoints.publishWorkflow,
            filter: statuses.map { .array($0.map { .string($0.rawValue) }) }, destination: destination)
    }

    /// Unpublishes the fragments at `paths` from `destination` (the publish service unless told otherwise): it stops
    /// serving them once the job has finished.
    /// - Throws: `AemError` `.invalidRequest`, before anything is sent, when `paths` is empty or holds a path not
    ///   under `/content/dam/`.
    public static func unpublish(paths: [String], from destination: PublishDestination = .publish)
        throws(AemError) -> Self
    {
        try workflow(
            "unpublish", paths: paths, model: SitesEndpoints.unpublishWorkflow, filter: nil, destination: destination)
    }

    private static func workflow(
        _ action: String, paths: [String], model: String, filter: UntypedJSON?, destination: PublishDestination
    ) throws(AemError) -> Self {
        guard !paths.isEmpty else {
            throw AemError(.invalidRequest, "Nothing to \(action): the list of paths is empty; nothing was sent.")
        }
        for path in paths { try SitesEndpoints.checkPath(path) }
        let body = UntypedJSON.members([
            ("paths", .array(paths.map(UntypedJSON.string))), ("workflowModelId", .string(model)),
            ("filterReferencesByStatus", filter),
            (SitesEndpoints.destinationMember, destination == .publish ? nil : .string(destination.agentID)),
        ])
        let what =
            (paths.count == 1 ? paths[0] : "\(paths.count) paths") + (destination == .preview ? " on preview" : "")
        return SitesRequest(
            method: "POST", target: SitesEndpoints.target(["cf", "fragments", "publish"]), json: body,
            subject: "the request to \(action) \(what)", isCollection: true,
            outcomeCheck:
                "Read the fragments to find out: their status says when the job has finished, and sending it again starts another job."
        ) { answer throws(SitesReadFailure) in
            if let document = answer.document, document.members == nil {
                throw .unusable(
                    "AEM answered the request to \(action) \(what) with \(document.kindDescription), not the object of the paths' outcomes."
                )
            }
            return .value(PublishOutcome(json: answer.document))
        }
    }
}
