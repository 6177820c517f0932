/// One content fragment of the WKND *Adventure* model, as the emulator stores it (aem-wire.md §3).
///
/// This is the emulator's own authoring model: answers are rendered from it field by field into AEM-shaped JSON.
public struct EmulatorAdventure: Sendable {
    /// The fragment's `_path`, e.g. `/content/dam/wknd-shared/en/adventures/<slug>/<slug>`.
    public var path: String
    /// Unique; the site's rule is `^[a-z0-9\-_]{5,40}$`, but the emulator serves any text (for hostile-slug tests).
    public var slug: String
    /// Required by the model.
    public var title: String
    /// `Day Trip`, `Overnight Trip` or `Training Session`.
    public var adventureType: String?
    /// `Camping`, `Surfing`, `Skiing`, `Cycling`, `Hiking`, `Skateboarding`, `Rock Climbing`, `Running`,
    /// `Snowboarding` or `Social`.
    public var activity: String?
    /// `Beginner`, `Intermediate`, `Advanced` or `Expert`.
    public var difficulty: String?
    /// At least 1.
    public var groupSize: Int?
    /// Served as a JSON number: integral prices without a fraction (`4500`), others as they are (`95.5`).
    public var price: Double?
    /// Free text such as `2-3 days`.
    public var tripLength: String?
    /// Served at its `_path` and `_dynamicUrl`.
    public var primaryImage: EmulatorImage?
    /// Rich text; `plaintext` and `html` are derived when served.
    public var description: [RichTextNode]?
    /// Rich text; `plaintext` and `html` are derived when served.
    public var itinerary: [RichTextNode]?
    /// Rich text; `plaintext` and `html` are derived when served.
    public var gearList: [RichTextNode]?

    /// Creates an adventure; `path` defaults to `/content/dam/wknd-shared/en/adventures/<slug>/<slug>`.
    public init(
        slug: String,
        title: String,
        path: String? = nil,
        adventureType: String? = nil,
        activity: String? = nil,
        difficulty: String? = nil,
        groupSize: Int? = nil,
        price: Double? = nil,
        tripLength: String? = nil,
        primaryImage: EmulatorImage? = nil,
        description: [RichTextNode]? = nil,
        itinerary: [RichTextNode]? = nil,
        gearList: [RichTextNode]? = nil
    ) {
        self.path = path ?? Self.defaultPath(slug: slug)
        self.slug = slug
        self.title = title
        self.adventureType = adventureType
        self.activity = activity
        self.difficulty = difficulty
        self.groupSize = groupSize
        self.price = price
        self.tripLength = tripLength
        self.primaryImage = primaryImage
        self.description = description
        self.itinerary = itinerary
        self.gearList = gearList
    }

    /// The folder under which the sample adventures live.
    public static let contentRoot = "/content/dam/wknd-shared/en/adventures"

    /// `/content/dam/wknd-shared/en/adventures/<slug>/<slug>`.
    public static func defaultPath(slug: String) -> String {
        "\(contentRoot)/\(slug)/\(slug)"
    }

    /// The rich-text nodes of description, itinerary and gear list, in that order.
    var richText: [RichTextNode] {
        (description ?? []) + (itinerary ?? []) + (gearList ?? [])
    }
}
