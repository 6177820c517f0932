/// The `references` map and `referencesTree` of a Get answer (aem-openapi.md §2.5): the tree follows the
/// references field by field and value by value, as deep as the mode allows; the map holds each identifier once,
/// in the order the tree first reaches it.
struct ReferenceExpansion {
    let index: DeliveryIndex
    let mode: ReferencesMode

    private var entries: [(String, OrderedJSON)] = []
    private var listed: Set<String> = []
    private var expanded: Set<String> = []
    private var encoded: [String: DeliveryFragment] = [:]

    init(index: DeliveryIndex, mode: ReferencesMode) {
        self.index = index
        self.mode = mode
    }

    /// The `references` and `referencesTree` members for `root`, whose own references are `rootReferences`.
    static func members(
        of root: ContentFragment, rootReferences: [FieldReference], index: DeliveryIndex, mode: ReferencesMode
    ) -> [(String, OrderedJSON)] {
        var expansion = ReferenceExpansion(index: index, mode: mode)
        expansion.expanded.insert(root.uuid)
        let tree = expansion.tree(rootReferences, level: 1)
        return [("references", .object(expansion.entries)), ("referencesTree", .array(tree))]
    }

    /// The tree nodes of `references`, found at `level`, listing each target in ``entries`` on the way.
    private mutating func tree(_ references: [FieldReference], level: Int) -> [OrderedJSON] {
        references.map { reference in
            let identifier = reference.identifier
            if listed.insert(identifier).inserted { entries.append((identifier, entry(reference))) }
            var children: [OrderedJSON] = []
            if case .fragment(let fragment) = reference.target,
                DeliveryRules.expandsReferences(
                    of: identifier, atLevel: level, maximumLevel: mode.maximumLevel, expanded: expanded)
            {
                expanded.insert(identifier)
                children = tree(delivered(fragment).references, level: level + 1)
            }
            return .object([
                ("fieldName", .string(reference.fieldName)),
                ("identifier", .string(identifier)),
                ("referencesTree", .array(children)),
            ])
        }
    }

    /// The `references` entry of a reference's target.
    private mutating func entry(_ reference: FieldReference) -> OrderedJSON {
        switch reference.target {
        case .fragment(let fragment):
            let value: OrderedJSON =
                mode.isHydrated
                ? delivered(fragment).core
                : .object([("id", .string(fragment.uuid)), ("path", .string(fragment.path))])
            return .object([("type", .string("content-fragment")), ("value", value)])
        case .asset(let asset):
            return DeliveryRules.assetReference(asset)
        case .tag:
            return DeliveryRules.tagReference(reference.identifier)
        }
    }

    /// `fragment` in delivery form, encoded once per answer.
    private mutating func delivered(_ fragment: ContentFragment) -> DeliveryFragment {
        if let known = encoded[fragment.uuid] { return known }
        let delivered = DeliveryFragment(fragment, index: index)
        encoded[fragment.uuid] = delivered
        return delivered
    }
}
