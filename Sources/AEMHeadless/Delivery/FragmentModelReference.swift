import Foundation

/// The model of a delivered fragment: the delivery API sends only its `id`, which is the
/// model's repository path in base64url without padding, so the path can be read from it
/// without another request.
public struct FragmentModelReference: Sendable, Hashable {
    /// The model's id as AEM sent it, such as `L2NvbmYvd2tuZC1zaGFyZWQvc2V0dGluZ3MvZGFtL2NmbS9tb2RlbHMvYWR2ZW50dXJl`.
    public var id: String

    /// A model reference with the given id.
    public init(id: String) { self.id = id }

    /// The model's path decoded from its id (`/conf/wknd-shared/settings/dam/cfm/models/adventure`),
    /// or nil when the id is not a base64url-encoded path.
    public var path: String? {
        var text = id.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        text += String(repeating: "=", count: (4 - text.count % 4) % 4)
        guard let data = Data(base64Encoded: text), let path = String(data: data, encoding: .utf8),
            path.hasPrefix("/")
        else { return nil }
        return path
    }

    /// The model's name, the last part of its path (`adventure`); the id when the path cannot be read.
    public var name: String {
        guard let path else { return id }
        return path.split(separator: "/").last.map(String.init) ?? path
    }
}
