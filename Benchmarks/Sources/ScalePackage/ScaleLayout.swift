/// What a generated package holds and where: the counts per model and the repository path of every node, so that
/// the generator and the benchmark name the same fragments.
public struct ScaleLayout: Sendable, Equatable {
    /// The configuration of the models and persisted queries (`/conf/scale`).
    public static let configuration = "scale"
    /// The folder holding every fragment and image.
    public static let damRoot = "/content/dam/scale/en"
    /// The sorted, paginated persisted query (`first`, `after`, `sort`), as `execute.json` names it.
    public static let paginatedQuery = "\(configuration)/adventures-paginated"
    /// Fragments and images per folder, as editors file them.
    static let folderSize = 100

    public let fragments: Int
    public let images: Int
    public let seed: UInt64

    /// One author in twenty, a quarter articles, the rest adventures.
    public var authors: Int { max(1, fragments / 20) }
    public var articles: Int { fragments / 4 }
    public var adventures: Int { fragments - authors - articles }

    /// The smallest package: an author, an article and a few adventures to reference.
    public static let minimumFragments = 20

    public init(fragments: Int, images: Int, seed: UInt64) {
        self.fragments = fragments
        self.images = images
        self.seed = seed
    }

    public static func modelPath(_ name: String) -> String { "/conf/\(configuration)/settings/dam/cfm/models/\(name)" }

    public func authorPath(_ number: Int) -> String { Self.fragmentPath("authors", "author", number) }
    public func adventurePath(_ number: Int) -> String { Self.fragmentPath("adventures", "adventure", number) }
    public func articlePath(_ number: Int) -> String { Self.fragmentPath("magazine", "article", number) }
    public func imagePath(_ number: Int) -> String {
        "\(Self.damRoot)/images/\(Self.folderName(number))/image-\(Self.digits(number)).png"
    }

    /// `/content/dam/scale/en/<section>/batch-0012/<kind>-001234`.
    private static func fragmentPath(_ section: String, _ kind: String, _ number: Int) -> String {
        "\(damRoot)/\(section)/\(folderName(number))/\(kind)-\(digits(number))"
    }

    static func folderName(_ number: Int) -> String { "batch-" + zeroPadded(number / folderSize, width: 4) }

    static func digits(_ number: Int) -> String { zeroPadded(number, width: 6) }

    static func zeroPadded(_ number: Int, width: Int) -> String {
        let text = String(number)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
