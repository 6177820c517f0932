/// The answer of `GET /adobe/assets/<urn>/metadata` (aem-openapi.md §3.4): `repositoryMetadata` and `assetMetadata`,
/// with `repo:size` as a string as AEM sends it. The stand-in knows no smart-crop profiles, so `smartcrops` is empty,
/// and every asset it serves counts as approved.
struct AssetMetadataDocument {
    let json: OrderedJSON

    init(_ served: ServedAsset) {
        let asset = served.asset
        let name = asset.path.split(separator: "/").last.map(String.init) ?? ""
        let probe = served.original.flatMap(ImageRenderer.probe)
        var assetMetadata: [(String, OrderedJSON)] = [("dam:assetStatus", .string("approved"))]
        if let width = asset.width ?? probe?.width { assetMetadata.append(("tiff:ImageWidth", .int(width))) }
        if let height = asset.height ?? probe?.height { assetMetadata.append(("tiff:ImageLength", .int(height))) }
        json = .object([
            ("assetId", .string("urn:aaid:aem:" + asset.uuid)),
            (
                "repositoryMetadata",
                .object([
                    ("repo:name", .string(name)),
                    ("dc:format", .string(asset.mimeType)),
                    ("repo:size", .string(String(served.payload.count))),
                    ("smartcrops", .object([])),
                ])
            ),
            ("assetMetadata", .object(assetMetadata)),
        ])
    }
}
