import AEMHeadless

/// A content fragment's saved versions: listed, made, and brought back (`Aem.versions(of:pageSize:)` follows the
/// pages). None of them takes an entity tag.
extension SitesRequest where Value == SitesPage<FragmentVersion> {
    /// `GET /adobe/sites/cf/fragments/{id}/versions?limit=&cursor=`: one page of the versions of the fragment with
    /// `fragmentID`. `cursor` is the page before's, nil for the first.
    /// - Throws: `AemError` `.invalidRequest` for an empty id, or `pageSize` outside 1…50.
    public static func versionPage(of fragmentID: String, pageSize: Int = 50, cursor: String? = nil)
        throws(AemError) -> Self
    {
        try SitesEndpoints.checkID(fragmentID, of: "a content fragment")
        try SitesEndpoints.checkPageSize(pageSize)
        var parameters = [("limit", String(pageSize))]
        if let cursor { parameters.append(("cursor", cursor)) }
        return SitesRequest(
            method: "GET",
            target: SitesEndpoints.target(["cf", "fragments", fragmentID, "versions"], query: parameters),
            subject: "the versions of the content fragment with id \(fragmentID)"
        ) { answer throws(SitesReadFailure) in
            let document = try answer.requireDocument()
            return .value(
                try SitesReadFailure.reading { () throws(JSONShapeMismatch) in
                    try SitesPage(json: document) { item throws(JSONShapeMismatch) in try FragmentVersion(json: item) }
                })
        }
    }
}

extension SitesRequest where Value == FragmentVersion {
    /// `POST /adobe/sites/cf/fragments/{id}/versions`: saves the fragment's current content as a new version, with
    /// an optional label and comment. AEM answers 201: the new version's id is the last part of `Location`, else
    /// the body's `id`; the rest of the version is what the body holds.
    /// - Throws: `AemError` `.invalidRequest` for an empty id.
    public static func createVersion(of fragmentID: String, label: String? = nil, comment: String? = nil)
        throws(AemError) -> Self
    {
        try SitesEndpoints.checkID(fragmentID, of: "a content fragment")
        let subject = "a new version of the content fragment with id \(fragmentID)"
        return SitesRequest(
            method: "POST", target: SitesEndpoints.target(["cf", "fragments", fragmentID, "versions"]),
            json: .members([("label", label.map(UntypedJSON.string)), ("comment", comment.map(UntypedJSON.string))]),
            subject: subject,
            outcomeCheck:
                "List the fragment's versions to find out before making it again, which would make a second one."
        ) { answer throws(SitesReadFailure) in
            let locationID = answer.locationID
            if let document = answer.document, document.members != nil,
                let version = try? FragmentVersion(json: document, id: locationID)
            {
                return .value(version)
            }
            guard let locationID else {
                throw .unusable(
                    "AEM answered \(answer.status) to \(subject) without saying which version it made (no Location and no id); list the versions to find it."
                )
            }
            return .value(FragmentVersion(id: locationID))
        }
    }
}

extension SitesRequest where Value == AuthoredFragment {
    /// `POST /adobe/sites/cf/fragments/{id}/versions/restore/{versionId}`: overwrites the content of the fragment
    /// with `fragmentID` with the version's, and returns the fragment as restored (read again when AEM answers
    /// without it). A restore is an edit: the fragment gets a new entity tag.
    /// - Throws: `AemError` `.invalidRequest` for an empty id.
    public static func restore(version versionID: String, of fragmentID: String) throws(AemError) -> Self {
        try SitesEndpoints.checkID(fragmentID, of: "a content fragment")
        try SitesEndpoints.checkID(versionID, of: "a version")
        return SitesRequest(
            method: "POST",
            target: SitesEndpoints.target(["cf", "fragments", fragmentID, "versions", "restore", versionID]),
            subject: "the content fragment with id \(fragmentID)"
        ) { answer throws(SitesReadFailure) in
            written(fragmentID, sentWith: nil, answer: answer)
        }
    }
}
