/// How the generator writes Swift, the same for every query of a run: the access level, whether each struct gets a
/// `preview` value, and the Swift types custom scalars map to.
public struct CodegenOptions: Sendable, Hashable {
    /// The access level of the generated declarations.
    public enum AccessLevel: String, Sendable, CaseIterable {
        case `public`, `internal`
    }

    public var accessLevel: AccessLevel
    /// Whether every generated struct and enum of a query's answer gets `static var preview`, a value made without
    /// JSON for SwiftUI previews and tests.
    public var previews: Bool
    /// The Swift type of a GraphQL scalar, by the scalar's name (`["Json": "MyApp.Settings"]`), in place of the
    /// generator's own (`AemCalendar` for `Calendar`, `UntypedJSON` for `Json` and other custom scalars). The type
    /// conforms to `AemCustomScalar`; with `previews`, it has `static var preview` too.
    public var scalars: [String: String]

    public init(accessLevel: AccessLevel = .public, previews: Bool = false, scalars: [String: String] = [:]) {
        self.accessLevel = accessLevel
        self.previews = previews
        self.scalars = scalars
    }
}
