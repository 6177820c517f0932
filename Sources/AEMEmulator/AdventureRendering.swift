/// Renders adventures and images as the JSON objects of the stored queries' selections.
struct AdventureRendering: Sendable {
    let context: QueryContext
    let transform: ImageTransform

    /// An item of `adventures-all`: `_path slug title activity price tripLength primaryImage { _path _dynamicUrl }`.
    func listItem(_ adventure: EmulatorAdventure) -> JSONValue {
        .object([
            ("_path", .string(adventure.path)),
            ("slug", .string(adventure.slug)),
            ("title", .string(adventure.title)),
            ("activity", .optional(adventure.activity)),
            ("price", adventure.price.map(JSONValue.number) ?? .null),
            ("tripLength", .optional(adventure.tripLength)),
            ("primaryImage", adventure.primaryImage.map { imageRef($0, details: false) } ?? .null),
        ])
    }

    /// The item of `adventure-by-slug`: every field of the model.
    func fullItem(_ adventure: EmulatorAdventure) -> JSONValue {
        .object([
            ("_path", .string(adventure.path)),
            ("title", .string(adventure.title)),
            ("slug", .string(adventure.slug)),
            ("activity", .optional(adventure.activity)),
            ("adventureType", .optional(adventure.adventureType)),
            ("price", adventure.price.map(JSONValue.number) ?? .null),
            ("tripLength", .optional(adventure.tripLength)),
            ("groupSize", adventure.groupSize.map(JSONValue.int) ?? .null),
            ("difficulty", .optional(adventure.difficulty)),
            ("primaryImage", adventure.primaryImage.map { imageRef($0, details: true) } ?? .null),
            ("description", RichTextRendering.field(adventure.description)),
            ("itinerary", RichTextRendering.field(adventure.itinerary)),
            ("gearList", RichTextRendering.field(adventure.gearList)),
        ])
    }

    /// The `_references` of `adventures`: each adventure and image their rich text links to, once, in order of
    /// first mention (`... on AdventureModel { _path slug title price __typename }` and
    /// `... on ImageRef { _path _dynamicUrl mimeType width height __typename }`).
    func references(of adventures: [EmulatorAdventure]) -> [JSONValue] {
        var seen: Set<String> = []
        var references: [JSONValue] = []
        for node in adventures.flatMap({ Self.flatten($0.richText) }) {
            if node.isFragmentReference, let path = node.data?["href"], let target = context.catalog.adventure(atPath: path),
                seen.insert(path).inserted
            {
                references.append(.object([
                    ("_path", .string(target.path)),
                    ("slug", .string(target.slug)),
                    ("title", .string(target.title)),
                    ("price", target.price.map(JSONValue.number) ?? .null),
                    ("__typename", .string("AdventureModel")),
                ]))
            } else if node.isAssetReference, let path = node.data?["path"], let image = context.catalog.image(atPath: path),
                seen.insert(path).inserted
            {
                references.append(imageRef(image.image, details: true).setting("__typename", to: .string("ImageRef")))
            }
        }
        return references
    }

    /// `{ _path _dynamicUrl }`, plus `mimeType width height` when `details` is set.
    private func imageRef(_ image: EmulatorImage, details: Bool) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("_path", .string(image.path)),
            ("_dynamicUrl", context.dynamicURLs ? .string(transform.dynamicURL(for: image, base: context.dynamicURLBase)) : .null),
        ]
        if details {
            members += [("mimeType", .string(image.mimeType)), ("width", .int(image.width)), ("height", .int(image.height))]
        }
        return .object(members)
    }

    private static func flatten(_ nodes: [RichTextNode]) -> [RichTextNode] {
        nodes.flatMap { [$0] + flatten($0.content ?? []) }
    }
}
