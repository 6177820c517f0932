import AEMHeadless

/// An app's own type for the edge schema's `Json` scalar, as `EdgeCaseInputs.options` maps it: the generated edge
/// models use it in place of `JSONValue`.
public struct EdgeExtra: AemCustomScalar {
    public var json: JSONValue

    public init(json: JSONValue) { self.json = json }
    public init(from decoder: any Decoder) throws { json = try JSONValue(from: decoder) }

    public var jsonValue: JSONValue { json }

    /// The value generated previews use.
    public static var preview: EdgeExtra { EdgeExtra(json: .object(["preview": .bool(true)])) }
}
