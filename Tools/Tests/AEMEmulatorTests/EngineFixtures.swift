import Foundation

@testable import AEMEmulator

/// Content repositories built in code for the query-engine tests: a WKND-like adventure model, and a non-WKND
/// article/author set with a fragment reference, a multi-valued field, a date, a boolean, a JSON field and
/// variations.
enum EngineFixtures {
    static let adventureModelPath = "/conf/site/settings/dam/cfm/models/adventure"
    static let articleModelPath = "/conf/magazine/settings/dam/cfm/models/article"
    static let authorModelPath = "/conf/magazine/settings/dam/cfm/models/author"

    static func field(_ name: String, _ kind: ModelField.Kind, multiple: Bool = false) -> ModelField {
        ModelField(name: name, kind: kind, isMultiple: multiple, isRequired: false)
    }

    static func fragment(
        _ path: String, uuid: String, model: String, title: String? = nil, tags: [String] = [],
        _ master: [String: JCRValue], variations: [(name: String, values: [String: JCRValue])] = []
    ) -> ContentFragment {
        ContentFragment(
            path: path, uuid: uuid, modelPath: model, title: title, lastModified: nil, tags: tags, master: master,
            variations: variations)
    }

    static func image(
        _ path: String, uuid: String, width: Int = 1600, height: Int = 900, mimeType: String = "image/jpeg"
    ) -> DamAsset {
        DamAsset(
            path: path, uuid: uuid, mimeType: mimeType, width: width, height: height, lastModified: nil,
            bytes: .data(Data()))
    }

    static let adventureModel = FragmentModel(
        path: adventureModelPath, configuration: "site", title: "Adventure",
        fields: [
            field("title", .text), field("slug", .text),
            field("description", .richText(allowedModels: [adventureModelPath])),
            field("activity", .enumeration(values: ["Surfing", "Cycling", "Hiking"])), field("groupSize", .integer),
            field("price", .float), field("primaryImage", .contentReference),
            field("related", .fragmentReference(allowedModels: [adventureModelPath])),
        ])

    static func adventure(
        _ slug: String, uuid: String, title: String, activity: String, price: Double?, groupSize: Int = 4,
        description: String? = nil, image: String? = nil, related: String? = nil
    ) -> ContentFragment {
        var values: [String: JCRValue] = [
            "title": .string(title), "slug": .string(slug), "activity": .string(activity),
            "groupSize": .long(groupSize),
        ]
        if let price { values["price"] = .double(price) }
        if let description { values["description"] = .string(description) }
        if let image { values["primaryImage"] = .string(image) }
        if let related { values["related"] = .string(related) }
        return fragment(
            "/content/dam/site/adventures/\(slug)/\(slug)", uuid: uuid, model: adventureModelPath, title: title, values)
    }

    static func adventurePath(_ slug: String) -> String { "/content/dam/site/adventures/\(slug)/\(slug)" }

    /// Five adventures, two with the same price, one without a price; Bali links to Costa Rica in its description,
    /// Costa Rica and Tuscany reference each other (a cycle), Utah references a fragment that does not exist.
    static func adventureRepository(extra: [ContentFragment] = []) -> ContentRepository {
        let fragments =
            [
                adventure(
                    "bali", uuid: "e-bali", title: "Bali Surf Camp", activity: "Surfing", price: 5000,
                    description:
                        "<p>Warm water.</p>\n<p>Cheaper? Try&nbsp;<a href=\"\(adventurePath("costa-rica"))\">Costa Rica</a></p>\n",
                    image: "/content/dam/site/adventures/bali/bali surf.jpg"),
                adventure(
                    "costa-rica", uuid: "a-costa", title: "Surf Camp in Costa Rica", activity: "Surfing", price: 3400,
                    related: adventurePath("tuscany")),
                adventure(
                    "tuscany", uuid: "d-tuscany", title: "Cycling Tuscany", activity: "Cycling", price: 4500,
                    related: adventurePath("costa-rica")),
                adventure(
                    "utah", uuid: "b-utah", title: "Cycling Southern Utah", activity: "cycling", price: 4500,
                    image: "/content/dam/missing.jpg", related: "/content/dam/nowhere"),
                adventure(
                    "yosemite", uuid: "c-yosemite", title: "Yosemite Backpacking", activity: "Hiking", price: nil,
                    groupSize: 8),
            ] + extra
        let asset = image(
            "/content/dam/site/adventures/bali/bali surf.jpg", uuid: "11111111-2222-3333-4444-555555555555")
        return ContentRepository(
            models: [adventureModelPath: adventureModel],
            fragments: Dictionary(uniqueKeysWithValues: fragments.map { ($0.path, $0) }),
            assets: [asset.path: asset], queries: [:])
    }

    static let articleModel = FragmentModel(
        path: articleModelPath, configuration: "magazine", title: "Article",
        fields: [
            field("headline", .text), field("author", .fragmentReference(allowedModels: [authorModelPath])),
            field("keywords", .text, multiple: true), field("published", .date), field("featured", .boolean),
            field("settings", .json), field("body", .richText(allowedModels: [])),
            field("attachments", .contentReference, multiple: true),
        ])

    static let authorModel = FragmentModel(
        path: authorModelPath, configuration: "magazine", title: "Author",
        fields: [field("firstName", .text), field("lastName", .text)])

    static func articleRepository() -> ContentRepository {
        let stacey = fragment(
            "/content/dam/magazine/authors/stacey", uuid: "u-stacey", model: authorModelPath,
            ["firstName": .string("Stacey"), "lastName": .string("Roswells")])
        let jacob = fragment(
            "/content/dam/magazine/authors/jacob", uuid: "u-jacob", model: authorModelPath,
            ["firstName": .string("Jacob"), "lastName": .string("Wester")])
        let published = Date(timeIntervalSince1970: 1_654_193_981)
        let skateparks = fragment(
            "/content/dam/magazine/articles/skateparks", uuid: "u-skate", model: articleModelPath,
            [
                "headline": .string("Ultimate Guide to LA Skateparks"), "author": .string(stacey.path),
                "keywords": .array([.string("skate"), .string("la")]),
                "published": .date(published, text: "2022-06-02T11:19:41.017-07:00"),
                "featured": .boolean(true), "settings": .string(#"{"layout":"wide","columns":3}"#),
                "body": .string(
                    "<p>See <img src=\"/content/dam/magazine/skate.png\"> and <a href=\"/content/dam/magazine/guide.pdf\">the guide</a></p>"
                ),
                "attachments": .array([
                    .string("/content/dam/magazine/guide.pdf"), .string("/content/dam/magazine/gone.pdf"),
                ]),
            ],
            variations: [(name: "summer", values: ["headline": .string("Summer Skateparks")])])
        let alaska = fragment(
            "/content/dam/magazine/articles/alaska", uuid: "u-alaska", model: articleModelPath,
            [
                "headline": .string("Alaskan Adventures"), "author": .string(jacob.path), "featured": .boolean(false),
                "published": .date(published.addingTimeInterval(86_400 * 30), text: "2022-07-02T11:19:41.017-07:00"),
                "body": .string("Plain *text* line one\nline two"), "body@ContentType": .string("text/plain"),
            ])
        let assets = [
            image("/content/dam/magazine/skate.png", uuid: "a-skate", mimeType: "image/png"),
            DamAsset(
                path: "/content/dam/magazine/guide.pdf", uuid: "a-guide", mimeType: "application/pdf", width: nil,
                height: nil, lastModified: nil, bytes: .data(Data())),
        ]
        let fragments = [stacey, jacob, skateparks, alaska]
        return ContentRepository(
            models: [articleModelPath: articleModel, authorModelPath: authorModel],
            fragments: Dictionary(uniqueKeysWithValues: fragments.map { ($0.path, $0) }),
            assets: Dictionary(uniqueKeysWithValues: assets.map { ($0.path, $0) }), queries: [:])
    }

    /// Runs `query` over `engine` in `configuration` and parses the answer.
    static func run(_ engine: QueryEngine, _ configuration: String, _ query: String) async -> (
        text: String, json: JSONNode
    ) {
        let answer = await engine.execute(query, configuration: configuration)
        return parsed(answer)
    }

    static func parsed(_ value: OrderedJSON) -> (text: String, json: JSONNode) {
        let bytes = value.serialized
        let text = String(decoding: bytes, as: UTF8.self)
        return (text, JSONNode(try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])))
    }
}
