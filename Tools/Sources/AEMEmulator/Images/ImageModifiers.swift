/// The image modifiers of one delivery request (aem-openapi.md §3.3), parsed from its query parameters and
/// validated. Unknown parameters are ignored, as AEM's CDN ignores them; an invalid value is an
/// `ImageModifierError`. Applied by `ImageRenderer` in AEM's order: rotate → crop → flip → size → height/width →
/// quality.
struct ImageModifiers: Sendable, Hashable {
    /// Clockwise: 90, 180 or 270.
    var rotate: Int?
    var crop: Crop?
    /// One of `RenditionRules.flipValues`.
    var flip: String?
    /// `size=w,h`: the box the image is fitted in.
    var size: Box?
    /// Parsed and kept; the format comes from the URL.
    var preferWebp: Bool?
    var height: Int?
    var width: Int?
    /// 1…100.
    var quality: Int?
    /// A smart-crop profile's name.
    var smartCrop: String?

    /// A crop region: source pixels, or percentages of the image (`10p,10p,50p,50p`, two decimals at most), kept in
    /// hundredths of a percent so that sums are exact (`33.33p` + `66.67p` is 100p).
    enum Crop: Sendable, Hashable {
        case pixels(x: Int, y: Int, width: Int, height: Int)
        case percent(x: Int, y: Int, width: Int, height: Int)
    }

    /// A width and a height in pixels.
    struct Box: Sendable, Hashable {
        var width: Int
        var height: Int
    }

    /// The modifiers among `parameters` (names as sent, values percent-decoded).
    init(parameters: [(name: String, value: String)]) throws(ImageModifierError) {
        for (name, value) in parameters {
            switch name {
            case "rotate":
                guard let degrees = Int(value), [90, 180, 270].contains(degrees) else {
                    throw ImageModifierError(name, value, "must be 90, 180 or 270")
                }
                rotate = degrees
            case "crop": crop = try Self.crop(value)
            case "flip":
                guard RenditionRules.flipValues.contains(value) else {
                    throw ImageModifierError(name, value, "must be h, v or hv")
                }
                flip = value
            case "size":
                let parts = value.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                guard parts.count == 2, parts.allSatisfy({ $0 >= 1 }) else {
                    throw ImageModifierError(name, value, "must be a width and a height in pixels, as in 400,300")
                }
                size = Box(width: parts[0], height: parts[1])
            case "preferwebp":
                guard let flag = Bool(value.lowercased()) else {
                    throw ImageModifierError(name, value, "must be true or false")
                }
                preferWebp = flag
            case "width": width = try Self.pixels(name, value)
            case "height": height = try Self.pixels(name, value)
            case "quality":
                guard let number = Int(value), (1...100).contains(number) else {
                    throw ImageModifierError(name, value, "must be a whole number from 1 to 100")
                }
                quality = number
            case "smartcrop":
                guard !value.isEmpty else { throw ImageModifierError(name, value, "must name a smart-crop profile") }
                smartCrop = value
            default:
                continue
            }
        }
    }

    /// The same text for the same modifiers, whatever the order of the parameters (`10p` and `10.00p` alike).
    /// `preferwebp` is left out: it does not change the bytes rendered.
    var cacheKey: String {
        var parts: [String] = []
        if let rotate { parts.append("rotate=\(rotate)") }
        switch crop {
        case .pixels(let x, let y, let width, let height)?: parts.append("crop=\(x),\(y),\(width),\(height)")
        case .percent(let x, let y, let width, let height)?:
            parts.append("crop=" + [x, y, width, height].map(Self.percentText).joined(separator: ","))
        case nil: break
        }
        if let flip { parts.append("flip=\(flip)") }
        if let size { parts.append("size=\(size.width),\(size.height)") }
        if let height { parts.append("height=\(height)") }
        if let width { parts.append("width=\(width)") }
        if let quality { parts.append("quality=\(quality)") }
        if let smartCrop { parts.append("smartcrop=\(smartCrop)") }
        return parts.joined(separator: "&")
    }

    private static func pixels(_ name: String, _ value: String) throws(ImageModifierError) -> Int {
        guard let number = Int(value), number >= 1 else {
            throw ImageModifierError(name, value, "must be a whole number of pixels, 1 or more")
        }
        return number
    }

    /// `x,y,w,h` in pixels, or all four as percentages with a `p` suffix.
    private static func crop(_ value: String) throws(ImageModifierError) -> Crop {
        let parts = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let usage = "must be x,y,width,height in pixels (10,10,400,300) or in percent (10p,10p,50p,50p)"
        guard parts.count == 4 else { throw ImageModifierError("crop", value, usage) }
        if parts.allSatisfy({ $0.hasSuffix("p") }) {
            let numbers = parts.compactMap { hundredths($0.dropLast()) }
            guard numbers.count == 4 else { throw ImageModifierError("crop", value, usage) }
            guard numbers[2] > 0, numbers[3] > 0, numbers[0] + numbers[2] <= 10_000, numbers[1] + numbers[3] <= 10_000
            else {
                throw ImageModifierError(
                    "crop", value, "must stay inside the image: x + width and y + height at most 100p")
            }
            return .percent(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == 4, numbers[0] >= 0, numbers[1] >= 0, numbers[2] >= 1, numbers[3] >= 1 else {
            throw ImageModifierError("crop", value, usage)
        }
        return .pixels(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    /// A percentage from 0 to 100 with at most two decimals, in hundredths (`12.5` is 1250).
    private static func hundredths(_ text: Substring) -> Int? {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count), pieces.allSatisfy({ $0.allSatisfy { $0 >= "0" && $0 <= "9" } }),
            (1...3).contains(pieces[0].count), pieces.count == 1 || (1...2).contains(pieces[1].count),
            let whole = Int(pieces[0])
        else { return nil }
        let cents = pieces.count == 2 ? (Int(pieces[1]) ?? 0) * (pieces[1].count == 1 ? 10 : 1) : 0
        return whole * 100 + cents <= 10_000 ? whole * 100 + cents : nil
    }

    /// `1250` as `12.5p`, `1000` as `10p`.
    private static func percentText(_ hundredths: Int) -> String {
        let cents = hundredths % 100
        guard cents != 0 else { return "\(hundredths / 100)p" }
        let digits = cents < 10 ? "0\(cents)" : cents % 10 == 0 ? "\(cents / 10)" : "\(cents)"
        return "\(hundredths / 100).\(digits)p"
    }
}

/// A modifier with a value AEM refuses: the answer is a 400 Problem Details saying which and why.
struct ImageModifierError: Error, CustomStringConvertible {
    var parameter: String
    var value: String
    var reason: String

    init(_ parameter: String, _ value: String, _ reason: String) {
        self.parameter = parameter
        self.value = value
        self.reason = reason
    }

    var description: String { "The \(parameter) modifier \(reason) (got \"\(value)\")." }
}
