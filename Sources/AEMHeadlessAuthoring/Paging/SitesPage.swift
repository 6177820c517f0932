import AEMHeadless

/// One page of a Sites API list (fragments, models, versions): at most the page size of items, and the cursor of
/// the next page.
public struct SitesPage<Item: Sendable & Hashable>: Sendable, Hashable {
    /// The items of this page, in the order AEM sent them.
    public var items: [Item]
    /// The opaque cursor that asks for the next page; nil on the last page.
    public var cursor: String?

    /// A page with the given values; see each property.
    public init(items: [Item], cursor: String?) {
        self.items = items
        self.cursor = cursor
    }

    /// Reads `{"items": […], "cursor": "…"}`, each item with `read`; an empty cursor counts as none.
    init(json: UntypedJSON, read: (UntypedJSON) throws(JSONShapeMismatch) -> Item) throws(JSONShapeMismatch) {
        let object = try json.requireObject(for: SitesPage.self)
        let elements: [UntypedJSON]
        switch object["items"] {
        case nil, .null?: elements = []
        case .array(let array)?: elements = array
        case let other?:
            throw JSONShapeMismatch(
                expected: [Item].self, "expected an array, found \(other.kindDescription)",
                path: [JSONPathKey("items")])
        }
        var items: [Item] = []
        items.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            do {
                items.append(try read(element))
            } catch {
                throw error.under(JSONPathKey(intValue: index)).under(JSONPathKey("items"))
            }
        }
        self.items = items
        let cursor = object.text("cursor")
        self.cursor = cursor?.isEmpty == false ? cursor : nil
    }
}
