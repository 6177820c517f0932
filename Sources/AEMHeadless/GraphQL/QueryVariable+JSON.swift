import Foundation

extension QueryVariable {
    /// A JSON value sent as its text, the way AEM takes input objects and lists
    /// (`{"format":"JPG","quality":80}`): keys sorted, so one value always gives one URL. A value
    /// JSON cannot hold (a non-finite number) is sent as `null`.
    public static func json(_ value: JSONValue) -> QueryVariable {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return .string("null") }
        return .string(String(decoding: data, as: UTF8.self))
    }
}
