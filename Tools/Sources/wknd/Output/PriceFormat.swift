/// Prices as `wknd` prints them in tables and text, the same on every machine whatever its
/// locale: two decimals, a point before them, commas between groups of three digits, no
/// currency (AEM stores none): `4500` → `4,500.00`, `95.5` → `95.50`.
enum PriceFormat {
    static func text(_ price: Double) -> String {
        let cents = (abs(price) * 100).rounded()
        guard price.isFinite, cents < 9e15 else { return String(price) }
        let totalCents = Int64(cents)
        let fraction = totalCents % 100
        let sign = price < 0 && totalCents != 0 ? "-" : ""
        return sign + grouped(totalCents / 100) + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }

    /// The digits of a non-negative number with a comma between groups of three.
    private static func grouped(_ value: Int64) -> String {
        let digits = Array(String(value))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
