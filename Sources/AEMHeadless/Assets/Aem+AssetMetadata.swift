extension Aem {
    /// The metadata of the asset `id` from Dynamic Media with OpenAPI on this client's origin
    /// (`GET /adobe/assets/<urn>/metadata`): make the client for the delivery host (`AemOrigin.cloudService(…, tier:
    /// .delivery)`) or the stand-in. Read through the same pipeline as every request: retries, credentials only to
    /// the origin, errors as `AemError` (`.notFound` for an unknown or unapproved asset; HTML from a CDN is
    /// `.htmlResponse`).
    public func assetMetadata(id: AssetID) async throws -> AssetMetadata {
        try await read(
            DeliveryRequest(
                target: "/adobe/assets/" + id.urn + "/metadata", subject: "the metadata of asset \(id.urn)",
                read: { json throws(JSONShapeMismatch) in try AssetMetadata(json: json) }))
    }
}
