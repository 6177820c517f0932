/// A Swift type that generated code uses for a GraphQL scalar, as `aem-codegen.json`'s `"scalars"` maps it
/// (`{"Json": "MyApp.Settings"}`): decoded from the scalar's JSON in answers (leniently: a value that does not decode
/// reads as nil, as every generated field does), and sent as `json` in variables and input objects.
public protocol AemCustomScalar: Decodable, Hashable, LenientDecodable {
    /// The value as the service reads it.
    var json: UntypedJSON { get }
}

extension QueryVariable {
    /// A custom scalar as a variable: a string, number or boolean as its text, anything else as JSON text.
    public static func scalar(_ value: some AemCustomScalar) -> QueryVariable {
        switch value.json {
        case .string(let text): .string(text)
        case .number(let text): Double(text).map(QueryVariable.double) ?? .json(.number(text))
        case .bool(let flag): .bool(flag)
        case let other: .json(other)
        }
    }
}
