import GraphQL
import NIOConcurrencyHelpers

/// The values of a query's root fields, set aside while GraphQLSwift runs the root of the query (the fields'
/// arguments, the variables, a resolver's failure) so that ``SelectionExecutor`` completes what lies below them.
final class RootValues: Sendable {
    private let values = NIOLockedValueBox<[String: any Sendable]>([:])

    /// What a root field's resolver answers with `value`: when the execution's `context` is a ``RootValues``, the value
    /// is kept there under the field's response key and GraphQLSwift is given null; otherwise it is given the value.
    static func deliver(_ value: any Sendable, context: any Sendable, info: GraphQLResolveInfo) -> (any Sendable)? {
        guard let roots = context as? RootValues, case .key(let key)? = info.path.elements.last else { return value }
        roots.values.withLockedValue { $0[key] = value }
        return nil
    }

    /// The value of the root field answered under `key`, if its resolver gave one.
    subscript(key: String) -> (any Sendable)? {
        values.withLockedValue { $0[key] }
    }
}
