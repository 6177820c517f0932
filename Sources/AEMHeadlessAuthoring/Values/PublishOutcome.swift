import AEMHeadless

/// AEM's answer to a publish or unpublish request (`SitesRequest.publish(paths:filterReferencesByStatus:to:)`): the
/// workflow it started, and what it did with each path. A path can fail while the others go ahead, so look at each.
///
/// A triggered path is a job started, not finished: read the fragment until its `status` says `PUBLISHED` (or
/// `UNPUBLISHED`) to know it is done.
public struct PublishOutcome: Sendable, Hashable {
    /// The workflow instance AEM started, opaque; nil when it sent none.
    public let workflowInstanceID: String?
    /// One item per path, in the order AEM sent them.
    public let items: [Item]
    /// The whole answer as AEM sent it; empty when it sent no body.
    public let json: UntypedJSON

    /// What AEM did with one path.
    public struct Item: Sendable, Hashable {
        /// The path, as AEM sent it back.
        public let path: String
        /// What AEM did with it.
        public let status: PublishStatus
        /// The fragment's id, when AEM sent it.
        public let id: String?

        /// An item with the given values; see each property.
        public init(path: String, status: PublishStatus, id: String? = nil) {
            self.path = path
            self.status = status
            self.id = id
        }
    }

    /// Reads `{workflowInstanceId, items: [{path, status, id}]}`; an item without a path is left out, one without
    /// a status reads as an empty status. No body reads as no items.
    init(json: UntypedJSON?) {
        let object = json ?? .object([])
        workflowInstanceID = object.text("workflowInstanceId")
        items = object.elements("items").compactMap { element in
            guard let path = element.text("path") else { return nil }
            return Item(
                path: path, status: PublishStatus(rawValue: element.text("status") ?? ""), id: element.text("id"))
        }
        self.json = object
    }

    /// What AEM did with `path`; nil when it did not say.
    public func status(ofPath path: String) -> PublishStatus? {
        items.first { $0.path == path }?.status
    }

    /// The items whose job did not start, with why.
    public var failures: [Item] {
        items.filter { !$0.status.isTriggered }
    }
}
