/// One reference in a delivered fragment's `referencesTree`: which field holds it, the
/// identifier to look up in `references`, and what the referenced fragment references in turn.
public struct ReferenceTreeNode: Sendable, Hashable {
    /// The field of the referencing fragment that holds the reference, such as `author`.
    public var fieldName: String
    /// The key of the referenced item in the fragment's `references`.
    public var identifier: String
    /// The references of the referenced item, when AEM went deeper (`all`, `all-hydrated`).
    public var children: [ReferenceTreeNode]

    /// A node with the given values; see each property.
    public init(fieldName: String, identifier: String, children: [ReferenceTreeNode] = []) {
        self.fieldName = fieldName
        self.identifier = identifier
        self.children = children
    }
}
