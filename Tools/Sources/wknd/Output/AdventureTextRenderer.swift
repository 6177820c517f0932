import AEMHeadless
import Foundation
import WKNDCore
import WKNDSample

/// The text of `wknd show`: the title, every field (a dash for those AEM left empty), the rich
/// text sections, and the related adventures.
struct AdventureTextRenderer {
    var width: Int?
    var usesColor: Bool
    var images: ImageLocator

    private static let missing = "—"
    private static let indent = "  "

    func render(_ detail: AdventureDetail, imageURL: URL?) -> String {
        let adventure = detail.adventure
        var lines = [style(TextLayout.singleLine(adventure.title ?? adventure.slug ?? Self.missing), .bold), ""]
        let fields: [(String, String?)] = [
            ("Slug", adventure.slug),
            ("Activity", adventure.activity),
            ("Type", adventure.adventureType),
            ("Difficulty", adventure.difficulty),
            ("Group size", adventure.groupSize.map(String.init)),
            ("Price", adventure.price.map(PriceFormat.text)),
            ("Trip length", adventure.tripLength),
            ("Path", adventure.path),
            ("Image", imageURL?.absoluteString),
        ]
        let labelWidth = fields.map { TextLayout.width($0.0) }.max() ?? 0
        for (label, value) in fields {
            let text = value.map(TextLayout.singleLine).flatMap { $0.isEmpty ? nil : $0 } ?? Self.missing
            lines.append(Self.indent + style(TextLayout.padRight(label, to: labelWidth), .dim) + "  " + text)
        }
        let renderer = richTextRenderer(for: detail)
        for (heading, text) in [
            ("Description", adventure.description), ("Itinerary", adventure.itinerary),
            ("Gear list", adventure.gearList),
        ] {
            guard let text else { continue }
            let body = renderer.lines(for: text, indent: Self.indent)
            guard !body.isEmpty else { continue }
            lines += ["", style(heading.uppercased(), .bold)] + body
        }
        let related = detail.referencedAdventures
        if !related.isEmpty {
            lines += ["", style("RELATED ADVENTURES", .bold)]
            for other in related {
                var entry = TextLayout.singleLine(other.title ?? other.slug ?? other.path ?? Self.missing)
                if let slug = other.slug { entry += " (\(TextLayout.singleLine(slug)))" }
                if let price = other.price { entry += " — " + PriceFormat.text(price) }
                lines.append(Self.indent + "• " + entry)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func richTextRenderer(for detail: AdventureDetail) -> RichTextRenderer {
        let images = images
        return RichTextRenderer(
            width: width, usesColor: usesColor,
            describeFragment: { path in
                detail.reference(forPath: path)?.adventure?.slug.map { "wknd show \($0)" }
            },
            assetURL: { path in
                images.url(forPath: path)?.absoluteString ?? path
            })
    }

    private func style(_ text: String, _ style: ANSIStyle) -> String {
        usesColor ? style.apply(to: text) : text
    }
}
