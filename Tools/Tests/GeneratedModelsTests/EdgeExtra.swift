import AEMHeadless

/// An app's own type for the edge schema's `Json` scalar, as `EdgeCaseInputs.options` maps it: the generated edge
/// models use it in place of `UntypedJSON`.
public struct EdgeExtra: AemCustomScalar {
    public var json: UntypedJSON

    public init(json: UntypedJSON) { self.json = json }
    public init(from decoder: any Decoder) throws { json = try UntypedJSON(from: decoder) }

    /// The value generated previews use.
    public static var preview: EdgeExtra { EdgeExtra(json: ["preview": true]) }
}
