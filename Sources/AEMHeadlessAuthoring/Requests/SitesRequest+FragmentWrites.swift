import AEMHeadless

/// Creating, changing and deleting content fragments on author. Every change but a create is sent with the entity
/// tag of the copy it is based on (`If-Match`), taken from the fragment or edit given, so that it lands only on the
/// version that was read: AEM answers 412 (`AemError.Kind.preconditionFailed`) when the fragment changed since.
///
/// A write answered with the fragment and its `ETag` returns that fragment. One answered without them (204, or 200
/// with no body) reads the fragment again with a GET and returns that, read again for up to about four seconds
/// until its tag is no longer the one sent, since author shows a write only after a short delay; a write that
/// changed nothing keeps its tag, and is returned as read after that.
extension SitesRequest where Value == AuthoredFragment {
    /// `POST /adobe/sites/cf/fragments`: creates `fragment` and returns it as AEM made it, with its entity tag.
    /// - Throws: `AemError` `.invalidRequest`, before anything is sent, for an empty title, a model id that is not
    ///   one (`FragmentModel.id(forPath:)`), or a folder not under `/content/dam/`.
    public static func create(_ fragment: NewFragment) throws(AemError) -> Self {
        guard !fragment.title.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw AemError(.invalidRequest, "A new content fragment needs a title; nothing was sent.")
        }
        guard SitesEndpoints.isModelID(fragment.modelID) else {
            throw AemError(
                .invalidRequest,
                "\(fragment.modelID.isEmpty ? "An empty model id" : fragment.modelID) is not a model id: it is the base64url of the model's path, such as FragmentModel.id(forPath: \"/conf/wknd-shared/settings/dam/cfm/models/adventure\"); nothing was sent."
            )
        }
        try SitesEndpoints.checkPath(fragment.parentPath)
        let path = fragment.name.map { fragment.parentPath + "/" + $0 }
        let parentPath = fragment.parentPath
        let what = "the content fragment " + (path.map { "at \($0)" } ?? "\"\(fragment.title)\" in \(parentPath)")
        return SitesRequest(
            method: "POST", target: SitesEndpoints.target(["cf", "fragments"]), json: fragment.body,
            subject: what, isCollection: true,
            conflict: SitesConflict(
                action: "create",
                advice:
                    "a fragment of that name is already in \(parentPath). Choose another name, or change that fragment."
            ),
            outcomeCheck: "List \(parentPath) to find out before creating it again, which would make a second fragment."
        ) { answer throws(SitesReadFailure) in
            if let document = answer.document, let made = try? AuthoredFragment(json: document, etag: answer.etag) {
                guard made.etag == nil else { return .value(made) }
                return .readAgain(SitesFollowUp(request: .read(id: made.id), waitsForExistence: true))
            }
            if let id = answer.locationID {
                return .readAgain(SitesFollowUp(request: .read(id: id), waitsForExistence: true))
            }
            if let path {
                return .readAgain(SitesFollowUp(request: .createdFragment(at: path), waitsForExistence: true))
            }
            throw .unusable(
                "AEM answered \(answer.status) to the creation of \(what) without the fragment and without saying where it is: list \(parentPath) to find it before creating it again."
            )
        }
    }

    /// `PUT /adobe/sites/cf/fragments/{id}` with `If-Match`: writes `fragment`'s title, description and fields
    /// (change them on a copy of the fragment read) in place of what AEM holds, and returns the fragment as written.
    /// Fields left out may be emptied: send every field.
    /// - Throws: `AemError` `.invalidRequest` when `fragment` was read without an entity tag; nothing is sent.
    public static func replace(_ fragment: AuthoredFragment) throws(AemError) -> Self {
        let tag = try fragment.requireTag(toChange: "replaced")
        let body = UntypedJSON.members([
            ("title", .string(fragment.title)), ("description", .string(fragment.description)),
            ("fields", .array(fragment.fields.map(\.body))),
        ])
        return SitesRequest(
            method: "PUT", target: SitesEndpoints.target(["cf", "fragments", fragment.id]), ifMatch: tag, json: body,
            subject: "the content fragment at \(fragment.path)"
        ) { answer throws(SitesReadFailure) in
            written(fragment.id, sentWith: tag, answer: answer)
        }
    }

    /// `PATCH /adobe/sites/cf/fragments/{id}` with `If-Match`: sends `edit` as a JSON Patch
    /// (`application/json-patch+json`) with the entity tag of the copy it was made from, and returns the fragment as
    /// changed.
    /// - Throws: `AemError` `.invalidRequest`, before anything is sent, when the edit changes nothing
    ///   (`FragmentEdit.isEmpty`: check it to skip such a write) or its fragment was read without an entity tag.
    public static func patch(_ edit: FragmentEdit) throws(AemError) -> Self {
        let fragment = edit.base
        guard !edit.isEmpty else {
            throw AemError(
                .invalidRequest,
                "The edit of the content fragment at \(fragment.path) changes nothing (every value it sets is already there); nothing was sent."
            )
        }
        let tag = try fragment.requireTag(toChange: "patched")
        return SitesRequest(
            method: "PATCH", target: SitesEndpoints.target(["cf", "fragments", fragment.id]), ifMatch: tag,
            json: edit.patch, contentType: "application/json-patch+json",
            subject: "the content fragment at \(fragment.path)"
        ) { answer throws(SitesReadFailure) in
            written(fragment.id, sentWith: tag, answer: answer)
        }
    }

    /// The fragment a write's answer holds when it holds it with its entity tag; else the read of it again, until
    /// its tag is no longer `tag`.
    static func written(_ id: String, sentWith tag: EntityTag?, answer: SitesAnswer) -> SitesReading<AuthoredFragment> {
        if let document = answer.document, let fragment = try? AuthoredFragment(json: document, etag: answer.etag),
            fragment.id == id, fragment.etag != nil
        {
            return .value(fragment)
        }
        return .readAgain(SitesFollowUp(request: .read(id: id), shows: { $0.etag != tag }))
    }
}

extension SitesRequest where Value == Void {
    /// `DELETE /adobe/sites/cf/fragments/{id}` with `If-Match`: deletes the fragment read (AEM answers 204). A
    /// published fragment (`FragmentStatus.isLive`) cannot be deleted: AEM answers 409 (`AemError.Kind.conflict`);
    /// unpublish it first, or use `deleteAndUnpublish(_:)`.
    /// - Throws: `AemError` `.invalidRequest` when `fragment` was read without an entity tag; nothing is sent.
    public static func delete(_ fragment: AuthoredFragment) throws(AemError) -> Self {
        let tag = try fragment.requireTag(toChange: "deleted")
        return SitesRequest(
            method: "DELETE", target: SitesEndpoints.target(["cf", "fragments", fragment.id]), ifMatch: tag,
            subject: "the content fragment at \(fragment.path)",
            conflict: SitesConflict(
                action: "delete",
                advice:
                    "a published fragment cannot be deleted. Unpublish it first (.unpublish(paths:)), or delete and unpublish it at once with .deleteAndUnpublish(_:)."
            )
        ) { _ throws(SitesReadFailure) in .value(()) }
    }

    /// `DELETE /adobe/sites/cf/fragments/{id}/deleteAndUnpublish` with `If-Match`: unpublishes the fragment read,
    /// deletes it and removes the references other fragments hold to it. AEM answers 202: it runs as a job, and the
    /// fragment is gone from author and every tier once the job has finished.
    /// - Throws: `AemError` `.invalidRequest` when `fragment` was read without an entity tag; nothing is sent.
    public static func deleteAndUnpublish(_ fragment: AuthoredFragment) throws(AemError) -> Self {
        let tag = try fragment.requireTag(toChange: "deleted")
        return SitesRequest(
            method: "DELETE", target: SitesEndpoints.target(["cf", "fragments", fragment.id, "deleteAndUnpublish"]),
            ifMatch: tag, subject: "the content fragment at \(fragment.path)"
        ) { _ throws(SitesReadFailure) in .value(()) }
    }
}
