/// What AEM said after storing a persisted query.
public struct PersistOutcome: Sendable, Hashable {
    /// Whether the query was created or an existing one replaced.
    public enum Action: String, Sendable, Hashable {
        /// A new query was created, or an existing one updated.
        case create, update
    }

    /// Whether the query was created or an existing one replaced.
    public var action: Action
    /// `configuration/name`.
    public var path: String
    /// AEM's short path, such as `/wknd-shared/by-activity`.
    public var shortPath: String
    /// The repository path, such as `/conf/wknd-shared/settings/graphql/persistentQueries/by-activity`, when sent.
    public var repositoryPath: String?

    /// An outcome as AEM reported it.
    public init(action: Action, path: String, shortPath: String, repositoryPath: String? = nil) {
        self.action = action
        self.path = path
        self.shortPath = shortPath
        self.repositoryPath = repositoryPath
    }
}
