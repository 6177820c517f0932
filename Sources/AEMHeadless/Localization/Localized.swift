/// A value read in one locale of a ``LocaleChain``, with the locale that answered.
public struct Localized<Value> {
    /// The value.
    public var value: Value
    /// The locale it is in.
    public var locale: ContentLocale

    /// `value` in `locale`.
    public init(_ value: Value, locale: ContentLocale) {
        self.value = value
        self.locale = locale
    }
}

extension Localized: Sendable where Value: Sendable {}
extension Localized: Equatable where Value: Equatable {}
extension Localized: Hashable where Value: Hashable {}
