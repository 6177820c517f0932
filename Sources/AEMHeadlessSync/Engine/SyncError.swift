/// A failure of a sync or of the store that is not AEM's: the folder, the database, another sync.
public struct SyncError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, by kind.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }

        /// Another sync holds the folder.
        public static let busy = Kind("busy")
        /// The folder or its database cannot be created, read or written.
        public static let storage = Kind("storage")
        /// The folder mirrors something else than the sync asked for.
        public static let differentSource = Kind("differentSource")
        /// The folder holds no synced content.
        public static let notSynced = Kind("notSynced")
        /// A query of the store (`FragmentQuery`) that cannot be run: a member, condition or sort that does not
        /// read.
        public static let invalidQuery = Kind("invalidQuery")
    }

    public var kind: Kind
    /// One sentence a person can act on.
    public var message: String
    public var underlyingError: (any Error)?

    init(_ kind: Kind, _ message: String, underlyingError: (any Error)? = nil) {
        self.kind = kind
        self.message = message
        self.underlyingError = underlyingError
    }

    public var description: String { message }
}
