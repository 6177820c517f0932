/// One page of the delivery API's fragment list (`GET /adobe/contentFragments`): at most the page
/// size of fragments, and the cursor of the next page.
public struct FragmentPage: Sendable, Hashable {
    /// The fragments of this page, each without references (the list never sends them).
    public var items: [DeliveredFragment]
    /// The opaque cursor that asks for the next page; nil on the last page.
    public var cursor: String?

    /// A page with the given values; see each property.
    public init(items: [DeliveredFragment], cursor: String?) {
        self.items = items
        self.cursor = cursor
    }

    /// Reads `{"items": […], "cursor": "…"}`; an empty cursor counts as none.
    init(json: UntypedJSON) throws(JSONShapeMismatch) {
        let object = try json.requireObject(for: FragmentPage.self)
        guard let elements = object["items"]?.arrayValue else {
            throw JSONShapeMismatch(
                expected: [DeliveredFragment].self,
                object["items"] == nil
                    ? "a required member is missing"
                    : "expected an array, found \(object["items"]?.kindDescription ?? "")",
                path: [JSONPathKey("items")], isMissingMember: object["items"] == nil)
        }
        var items: [DeliveredFragment] = []
        items.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            do {
                items.append(try DeliveredFragment(json: element))
            } catch {
                throw error.under(JSONPathKey(intValue: index)).under(JSONPathKey("items"))
            }
        }
        self.items = items
        let cursor = object["cursor"]?.stringValue
        self.cursor = cursor?.isEmpty == false ? cursor : nil
    }
}
