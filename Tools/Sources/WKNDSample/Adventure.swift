import AEMHeadless
import Foundation

/// A WKND adventure (content fragment model *Adventure*), as the list and the detail queries
/// return it. The list query selects only some fields; the others are then nil.
///
/// Every field is optional, including `title` and `slug`, which the model requires but a query
/// may leave out: a missing, `null` or wrongly typed field reads as nil and never fails the
/// response. Enumeration fields are kept as text so that new values never fail decoding; see
/// `difficultyLevel` for a typed reading.
public struct Adventure: Sendable, Hashable, Codable, LenientDecodable {
    /// The fragment's path in the DAM (`_path`), unique per adventure.
    public var path: String?
    /// The URL name, such as `lofoten-winter-surf`.
    public var slug: String?
    /// The adventure's title.
    public var title: String?
    /// Camping, Surfing, Skiing, Cycling, Hiking, Skateboarding, Rock Climbing, Running, Snowboarding, Social…
    public var activity: String?
    /// Day Trip, Overnight Trip, Training Session…
    public var adventureType: String?
    /// Beginner, Intermediate, Advanced, Expert…
    public var difficulty: String?
    /// How many people the adventure takes; a whole number, also when sent as `8.0` or `"8"`.
    public var groupSize: Int?
    /// The price as AEM stores it (a double; sent as `4500` or `95.5`), without a currency.
    public var price: Double?
    /// Free text, such as `2-3 days`.
    public var tripLength: String?
    /// The adventure's main image in the DAM.
    public var primaryImage: ImageReference?
    /// The adventure's description, in the forms the query asked for.
    public var description: RichText?
    /// The day-by-day plan, in the forms the query asked for.
    public var itinerary: RichText?
    /// What to bring, in the forms the query asked for.
    public var gearList: RichText?

    /// An adventure with the given fields; every one is optional.
    public init(
        path: String? = nil, slug: String? = nil, title: String? = nil, activity: String? = nil,
        adventureType: String? = nil, difficulty: String? = nil, groupSize: Int? = nil, price: Double? = nil,
        tripLength: String? = nil, primaryImage: ImageReference? = nil, description: RichText? = nil,
        itinerary: RichText? = nil, gearList: RichText? = nil
    ) {
        self.path = path
        self.slug = slug
        self.title = title
        self.activity = activity
        self.adventureType = adventureType
        self.difficulty = difficulty
        self.groupSize = groupSize
        self.price = price
        self.tripLength = tripLength
        self.primaryImage = primaryImage
        self.description = description
        self.itinerary = itinerary
        self.gearList = gearList
    }

    enum CodingKeys: String, CodingKey {
        case path = "_path"
        case slug, title, activity, adventureType, difficulty, groupSize, price, tripLength, primaryImage
        case description, itinerary, gearList
    }

    /// Reads an adventure from AEM's JSON; a missing, `null` or wrongly typed field reads as nil.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        path = fields.lenientValue(String.self, forKey: .path)
        slug = fields.lenientValue(String.self, forKey: .slug)
        title = fields.lenientValue(String.self, forKey: .title)
        activity = fields.lenientValue(String.self, forKey: .activity)
        adventureType = fields.lenientValue(String.self, forKey: .adventureType)
        difficulty = fields.lenientValue(String.self, forKey: .difficulty)
        groupSize = fields.lenientValue(Int.self, forKey: .groupSize)
        price = fields.lenientValue(Double.self, forKey: .price)
        tripLength = fields.lenientValue(String.self, forKey: .tripLength)
        primaryImage = fields.lenientValue(ImageReference.self, forKey: .primaryImage)
        description = fields.lenientValue(RichText.self, forKey: .description)
        itinerary = fields.lenientValue(RichText.self, forKey: .itinerary)
        gearList = fields.lenientValue(RichText.self, forKey: .gearList)
    }

    /// The WKND difficulty levels, in increasing order.
    public enum Difficulty: String, Sendable, Hashable, CaseIterable, Comparable {
        /// `Beginner`.
        case beginner = "Beginner"
        /// `Intermediate`.
        case intermediate = "Intermediate"
        /// `Advanced`.
        case advanced = "Advanced"
        /// `Expert`.
        case expert = "Expert"

        /// Whether `lhs` is the easier level.
        public static func < (lhs: Self, rhs: Self) -> Bool {
            allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
        }
    }

    /// `difficulty` as a known level (matched ignoring case), or nil for a missing or new value.
    public var difficultyLevel: Difficulty? {
        guard let difficulty else { return nil }
        return Difficulty.allCases.first { $0.rawValue.caseInsensitiveCompare(difficulty) == .orderedSame }
    }
}

extension Adventure {
    /// The locale of the language copy the adventure is in (`…/de/adventures/…` is `de`); nil when its path
    /// has no folder named by a locale code.
    public var locale: ContentLocale? { path.flatMap(ContentLocale.init(ofPath:)) }
}
