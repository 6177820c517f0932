import AEMHeadless

/// The tags of one content fragment, with the list's own entity tag: the list is changed with that tag
/// (`SitesRequest.replaceTags(_:of:)`), never with the fragment's.
public struct FragmentTagList: Sendable, Hashable {
    /// The id of the fragment the tags belong to.
    public let fragmentID: String
    /// The tags, in the order AEM sent them.
    public let items: [FragmentTag]
    /// The entity tag of the list read, sent with a change to it; nil when AEM sent none, and then the list cannot
    /// be changed until it is read again.
    public let etag: EntityTag?

    /// The ids of the tags, in order.
    public var ids: [String] { items.map(\.id) }

    /// Reads `{items: [tag…]}` with the answer's `ETag`.
    init(fragmentID: String, json: UntypedJSON, etag: EntityTag?) throws(JSONShapeMismatch) {
        let object = try json.requireObject(for: FragmentTagList.self)
        self.fragmentID = fragmentID
        items = object.elements("items").compactMap(FragmentTag.init(json:))
        self.etag = etag ?? object.etagMember
    }
}
