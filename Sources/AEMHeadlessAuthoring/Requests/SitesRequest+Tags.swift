import AEMHeadless

/// A content fragment's tags, a list with its own entity tag: it is replaced with that tag, never with the
/// fragment's.
extension SitesRequest where Value == FragmentTagList {
    /// `GET /adobe/sites/cf/fragments/{id}/tags`: the tags of the fragment with `fragmentID`, with the list's
    /// entity tag.
    /// - Throws: `AemError` `.invalidRequest` for an empty id.
    public static func tags(of fragmentID: String) throws(AemError) -> Self {
        try SitesEndpoints.checkID(fragmentID, of: "a content fragment")
        return readTags(of: fragmentID)
    }

    /// `PUT /adobe/sites/cf/fragments/{id}/tags` with the list's `If-Match`: makes `tagIDs` (such as
    /// `wknd-shared:region/nam`; each must exist) the tags of the fragment whose list was read, and returns the list
    /// as written (read again when AEM answers without it).
    /// - Throws: `AemError` `.invalidRequest` when `list` was read without an entity tag; nothing is sent.
    public static func replaceTags(_ tagIDs: [String], of list: FragmentTagList) throws(AemError) -> Self {
        guard let tag = list.etag else {
            throw AemError(
                .invalidRequest,
                "The tags of the content fragment with id \(list.fragmentID) were read without an entity tag (AEM sent no ETag), and they are changed only with the tag of the list read: read them again with .tags(of:); nothing was sent."
            )
        }
        let fragmentID = list.fragmentID
        return SitesRequest(
            method: "PUT", target: SitesEndpoints.target(["cf", "fragments", fragmentID, "tags"]), ifMatch: tag,
            json: ["tags": .array(tagIDs.map(UntypedJSON.string))],
            subject: "the tags of the content fragment with id \(fragmentID)"
        ) { answer throws(SitesReadFailure) in
            if let document = answer.document, document["items"] != nil, answer.etag != nil,
                let written = try? FragmentTagList(fragmentID: fragmentID, json: document, etag: answer.etag)
            {
                return .value(written)
            }
            return .readAgain(SitesFollowUp(request: readTags(of: fragmentID), shows: { $0.etag != tag }))
        }
    }

    /// The GET of the tags of the fragment with `fragmentID`, which is known not to be empty.
    private static func readTags(of fragmentID: String) -> Self {
        SitesRequest(
            method: "GET", target: SitesEndpoints.target(["cf", "fragments", fragmentID, "tags"]),
            subject: "the tags of the content fragment with id \(fragmentID)"
        ) { answer throws(SitesReadFailure) in
            let document = try answer.requireDocument()
            return .value(
                try SitesReadFailure.reading { () throws(JSONShapeMismatch) in
                    try FragmentTagList(fragmentID: fragmentID, json: document, etag: answer.etag)
                })
        }
    }
}
