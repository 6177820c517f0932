import Foundation

@testable import AEMEmulator

/// Content built in code for the Content Fragment Delivery tests: an article model with a field of every kind,
/// authors who mentor each other (a cycle), articles that reference each other (another) and a fragment that does
/// not exist, a chain of 13 fragments deeper than the depth cap, a folder whose name extends another's, an id with
/// reserved characters, and 120 fragments in a folder of their own for paging.
enum DeliveryFixtures {
    static let articleModelPath = "/conf/mag/settings/dam/cfm/models/article"
    static let authorModelPath = "/conf/mag/settings/dam/cfm/models/author"
    static let chainModelPath = "/conf/mag/settings/dam/cfm/models/chain"

    static let alphaPath = "/content/dam/mag/en/articles/alpha"
    static let betaPath = "/content/dam/mag/en/articles/beta"
    static let oddPath = "/content/dam/mag/en/articles/odd"
    static let annPath = "/content/dam/mag/en/authors/ann"
    static let bobPath = "/content/dam/mag/en/authors/bob"
    static let gammaPath = "/content/dam/mag/english/articles/gamma"
    static let coverPath = "/content/dam/mag/images/cover.jpg"
    static let diagramPath = "/content/dam/mag/images/diagram.png"
    static let portraitPath = "/content/dam/mag/images/ann.jpg"
    /// An id that must be percent-encoded in a path segment.
    static let oddID = "odd id/with?reserved&chars"
    static let bulkFolder = "/content/dam/bulk"
    static let bulkCount = 120
    static let chainLength = 13

    /// The five `mag` fragments below `/content/dam/mag/en`, in list order.
    static let magEnglishPaths = [alphaPath, betaPath, oddPath, annPath, bobPath]

    static func chainPath(_ number: Int) -> String { String(format: "/content/dam/mag/chain/c%02d", number) }
    static func chainID(_ number: Int) -> String { String(format: "c%02d", number) }
    static func bulkPath(_ number: Int) -> String { String(format: "\(bulkFolder)/item-%03d", number) }

    static func field(_ name: String, _ kind: ModelField.Kind, multiple: Bool = false) -> ModelField {
        ModelField(name: name, kind: kind, isMultiple: multiple, isRequired: false)
    }

    static let articleModel = FragmentModel(
        path: articleModelPath, configuration: "mag", title: "Article",
        fields: [
            field("title", .text), field("subtitle", .text), field("body", .richText(allowedModels: [])),
            field("notes", .richText(allowedModels: [])), field("summary", .richText(allowedModels: [])),
            field("views", .integer), field("rating", .float), field("featured", .boolean), field("published", .date),
            field("category", .enumeration(values: ["news", "guide"])), field("labels", .tags),
            field("author", .fragmentReference(allowedModels: [authorModelPath])),
            field("related", .fragmentReference(allowedModels: [articleModelPath]), multiple: true),
            field("image", .contentReference), field("gallery", .contentReference, multiple: true),
            field("settings", .json), field("aliases", .text, multiple: true), field("keywords", .text, multiple: true),
            field("sections", .richText(allowedModels: []), multiple: true),
        ])

    static let authorModel = FragmentModel(
        path: authorModelPath, configuration: "mag", title: "Author",
        fields: [
            field("name", .text), field("picture", .contentReference),
            field("mentor", .fragmentReference(allowedModels: [authorModelPath])),
        ])

    static let chainModel = FragmentModel(
        path: chainModelPath, configuration: "mag", title: "Chain",
        fields: [field("label", .text), field("next", .fragmentReference(allowedModels: [chainModelPath]))])

    static func fragment(
        _ path: String, _ uuid: String, _ model: String, title: String, description: String? = nil,
        _ master: [String: JCRValue]
    ) -> ContentFragment {
        ContentFragment(
            path: path, uuid: uuid, modelPath: model, title: title, description: description, master: master)
    }

    static func asset(_ path: String, _ uuid: String, _ mimeType: String) -> DamAsset {
        DamAsset(path: path, uuid: uuid, mimeType: mimeType, bytes: .data(Data([1, 2, 3])))
    }

    static let alpha = fragment(
        alphaPath, "f-alpha", articleModelPath, title: "Alpha", description: "The first article",
        [
            "title": .string("Alpha"),
            "body": .string("<p>Hello <b>world</b></p>"),
            "summary": .string("**bold** text"), "summary@ContentType": .string("text/x-markdown"),
            "views": .long(42), "rating": .double(4.5), "featured": .boolean(true),
            "published": .date(Date(timeIntervalSince1970: 1_714_550_400), text: "2024-05-01T10:00:00.000+02:00"),
            "category": .string("guide"),
            "labels": .array([.string("mag:topics/travel"), .string("plain")]),
            "author": .string(annPath),
            "related": .array([.string(betaPath), .string("/content/dam/mag/en/articles/gone")]),
            "image": .string(coverPath),
            "gallery": .array([
                .string(coverPath), .string("/content/dam/mag/images/missing.jpg"), .string(diagramPath),
            ]),
            "settings": .string(#"{"layout":"wide","columns":[1,2],"dark":null}"#),
            "aliases": .array([.string("first"), .string("one")]),
            "sections": .array([.string("<p>One</p>"), .string("<p>Two</p>")]),
        ])

    static let beta = fragment(
        betaPath, "f-beta", articleModelPath, title: "Beta",
        ["title": .string("Beta"), "related": .array([.string(alphaPath)]), "author": .string(annPath)])

    static let odd = fragment(oddPath, oddID, articleModelPath, title: "Odd", ["title": .string("Odd")])

    static let ann = fragment(
        annPath, "f-ann", authorModelPath, title: "Ann",
        ["name": .string("Ann"), "picture": .string(portraitPath), "mentor": .string(bobPath)])

    static let bob = fragment(
        bobPath, "f-bob", authorModelPath, title: "Bob", ["name": .string("Bob"), "mentor": .string(annPath)])

    static let gamma = fragment(gammaPath, "f-gamma", articleModelPath, title: "Gamma", ["title": .string("Gamma")])

    static func content() -> EmulatorContent {
        var fragments = [alpha, beta, odd, ann, bob, gamma]
        for number in 0..<chainLength {
            var values: [String: JCRValue] = ["label": .string("link \(number)")]
            if number + 1 < chainLength { values["next"] = .string(chainPath(number + 1)) }
            fragments.append(fragment(chainPath(number), chainID(number), chainModelPath, title: "C\(number)", values))
        }
        for number in 0..<bulkCount {
            fragments.append(
                fragment(
                    bulkPath(number), "bulk-\(number)", chainModelPath, title: "Item \(number)",
                    ["label": .string("item \(number)")]))
        }
        let assets = [
            asset(coverPath, "a-cover", "image/jpeg"), asset(diagramPath, "a-diagram", "image/png"),
            asset(portraitPath, "a-ann", "image/jpeg"),
        ]
        return EmulatorContent(
            repository: ContentRepository(
                models: [articleModelPath: articleModel, authorModelPath: authorModel, chainModelPath: chainModel],
                fragments: Dictionary(uniqueKeysWithValues: fragments.map { ($0.path, $0) }),
                assets: Dictionary(uniqueKeysWithValues: assets.map { ($0.path, $0) }), queries: [:]))
    }

    /// Runs `body` against an emulator serving ``content()``.
    static func withDeliveryEmulator<T>(_ body: (RunningEmulator) async throws -> T) async throws -> T {
        try await withEmulator(EmulatorOptions(content: content()), body)
    }
}
