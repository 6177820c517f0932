import Foundation
import SampleContent

/// The content fragments an emulator serves, in their default (authoring) order.
///
/// Start from ``sample()`` and change it for a test: add an adventure with a hostile slug, remove one, or give one
/// a huge synthetic image.
public struct EmulatorContent: Sendable {
    /// The adventures, in the order `adventures-all` lists them without `sort`.
    public var adventures: [EmulatorAdventure]

    /// Content made of these adventures.
    public init(adventures: [EmulatorAdventure]) {
        self.adventures = adventures
    }

    /// The adventure with this slug. Setting replaces it (or appends a new one); setting `nil` removes it.
    public subscript(slug slug: String) -> EmulatorAdventure? {
        get { adventures.first { $0.slug == slug } }
        set {
            let index = adventures.firstIndex { $0.slug == slug }
            switch (index, newValue) {
            case let (index?, adventure?): adventures[index] = adventure
            case let (nil, adventure?): adventures.append(adventure)
            case let (index?, nil): adventures.remove(at: index)
            case (nil, nil): break
            }
        }
    }

    /// Replaces the primary image bytes of the adventure `slug` with `byteCount` synthetic JPEG-like bytes that are
    /// generated while streaming. Adds an image at `<folder>/<slug>-large.jpg` when the adventure had none.
    /// Does nothing when no adventure has this slug.
    public mutating func setSyntheticImage(forSlug slug: String, byteCount: Int) {
        guard var adventure = self[slug: slug] else { return }
        if adventure.primaryImage == nil {
            adventure.primaryImage = EmulatorImage(
                path: "\(EmulatorAdventure.contentRoot)/\(slug)/\(slug)-large.jpg", width: 8000, height: 6000,
                bytes: .synthetic(byteCount: byteCount))
        } else {
            adventure.primaryImage?.bytes = .synthetic(byteCount: byteCount)
        }
        self[slug: slug] = adventure
    }

    /// The bundled sample content (20 adventures with images), loaded once per process.
    public static func sample() throws -> EmulatorContent {
        try cachedSample.get()
    }

    private static let cachedSample = Result<EmulatorContent, any Error> {
        guard let directory = SampleContent.directory else {
            throw EmulatorContentError(description: "The bundled sample content folder was not found.")
        }
        return try load(from: directory)
    }

    /// Loads content from a folder in the sample content's format: `adventures.json` and the image files it names.
    public static func load(from directory: URL) throws -> EmulatorContent {
        let file = directory.appendingPathComponent("adventures.json")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let authored: AuthoredContent
        do {
            authored = try decoder.decode(AuthoredContent.self, from: Data(contentsOf: file))
        } catch {
            throw EmulatorContentError(description: "Cannot read \(file.path): \(error)")
        }
        return EmulatorContent(adventures: try authored.adventures.map { try $0.adventure(in: directory) })
    }
}

/// Content that could not be loaded.
public struct EmulatorContentError: Error, CustomStringConvertible {
    public var description: String
}

/// The authoring format of `adventures.json`.
private struct AuthoredContent: Decodable {
    var adventures: [AuthoredAdventure]
}

private struct AuthoredAdventure: Decodable {
    var slug: String
    var title: String
    var path: String?
    var adventureType: String?
    var activity: String?
    var difficulty: String?
    var groupSize: Int?
    var price: Double?
    var tripLength: String?
    var primaryImage: AuthoredImage?
    var description: [RichTextNode]?
    var itinerary: [RichTextNode]?
    var gearList: [RichTextNode]?

    func adventure(in directory: URL) throws -> EmulatorAdventure {
        EmulatorAdventure(
            slug: slug, title: title, path: path, adventureType: adventureType, activity: activity,
            difficulty: difficulty, groupSize: groupSize, price: price, tripLength: tripLength,
            primaryImage: try primaryImage?.image(in: directory),
            description: description, itinerary: itinerary, gearList: gearList)
    }
}

private struct AuthoredImage: Decodable {
    var path: String
    var file: String
    var assetId: String
    var mimeType: String
    var width: Int
    var height: Int
    var lastModified: Date

    func image(in directory: URL) throws -> EmulatorImage {
        let url = directory.appendingPathComponent(file)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw EmulatorContentError(description: "Cannot read the image \(url.path): \(error)")
        }
        return EmulatorImage(
            path: path, assetID: assetId, mimeType: mimeType, width: width, height: height,
            lastModified: lastModified, bytes: .data(data))
    }
}
