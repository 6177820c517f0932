import Foundation

extension QueryVariable {
    /// A JSON value sent as its text, the way AEM takes input objects and lists
    /// (`{"format":"JPG","quality":80}`): keys sorted, so one value always gives one URL. A value
    /// JSON cannot hold (a non-finite number) is sent as `null`.
    public static func json(_ value: UntypedJSON) -> QueryVariable {
        .string(value.sortingKeys().jsonText())
    }
}

extension UntypedJSON {
    /// The same value with the members of each object sorted by key.
    func sortingKeys() -> UntypedJSON {
        switch self {
        case .array(let elements): .array(elements.map { $0.sortingKeys() })
        case .object(let members):
            .object(members.sorted { $0.key < $1.key }.map { Member($0.key, $0.value.sortingKeys()) })
        default: self
        }
    }
}
