import Foundation

/// The region of an image a transform keeps: in the original's pixels, or in percentages of its size.
public enum ImageCrop: Sendable, Hashable, CustomStringConvertible {
    /// `x,y,width,height` in source pixels.
    case pixels(x: Int, y: Int, width: Int, height: Int)
    /// `x,y,width,height` in percent of the image (two decimals at most), inside it.
    case percent(x: Double, y: Double, width: Double, height: Double)

    /// A crop as written in a URL: `10,20,300,200` or `10p,10p,50p,50p`.
    /// - Throws: `ImageTransformError` for anything else, or a region that cannot be inside an image.
    public init(parsing text: String) throws(ImageTransformError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let usage = "crop must be x,y,width,height in pixels (10,20,300,200) or in percent (10p,10p,50p,50p)"
        guard parts.count == 4 else { throw ImageTransformError("\(usage) (got \(text))") }
        if parts.allSatisfy({ $0.hasSuffix("p") }) {
            let numbers = parts.compactMap { Self.percentage($0.dropLast()) }
            guard numbers.count == 4 else { throw ImageTransformError("\(usage) (got \(text))") }
            self = .percent(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        } else {
            let numbers = parts.compactMap { Int($0) }
            guard numbers.count == 4 else { throw ImageTransformError("\(usage) (got \(text))") }
            self = .pixels(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }
        try validate()
    }

    /// Throws when the region is empty or cannot be inside an image.
    func validate() throws(ImageTransformError) {
        switch self {
        case .pixels(let x, let y, let width, let height):
            guard x >= 0, y >= 0 else { throw ImageTransformError("crop x and y must be 0 or more (got \(self))") }
            guard width >= 1, height >= 1 else {
                throw ImageTransformError("crop width and height must be at least 1 pixel (got \(self))")
            }
        case .percent(let x, let y, let width, let height):
            let values = [x, y, width, height]
            guard values.allSatisfy({ (0...100).contains($0) && abs($0 * 100 - ($0 * 100).rounded()) < 1e-6 }) else {
                throw ImageTransformError("crop percentages must be 0–100 with at most two decimals (got \(self))")
            }
            guard width > 0, height > 0, x + width <= 100, y + height <= 100 else {
                throw ImageTransformError(
                    "crop must stay inside the image: x + width and y + height at most 100p (got \(self))")
            }
        }
    }

    /// The `crop` modifier's value.
    public var description: String {
        switch self {
        case .pixels(let x, let y, let width, let height): "\(x),\(y),\(width),\(height)"
        case .percent(let x, let y, let width, let height):
            [x, y, width, height].map { Self.text($0) + "p" }.joined(separator: ",")
        }
    }

    private static func percentage(_ text: Substring) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else { return nil }
        return Double(text)
    }

    /// `12`, `12.5`, `12.25`: no trailing zeros.
    private static func text(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
    }
}
