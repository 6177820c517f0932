/// How the tools take a persisted query's name.
package enum QueryPath {
    /// Whether `path` is `configuration/name`: two parts, neither empty.
    package static func isValid(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty }
    }
}
