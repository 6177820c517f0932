import AEMHeadless
import AEMHeadlessSync
import Foundation
import WKNDCore

/// The tools' answers: each call's arguments read and checked, the source read, and the result as one JSON object.
/// A failure is thrown as the command line would report it (`Failure(error).line` is its message).
struct MCPTools: Sendable {
    let source: MCPSource
    /// The locales of AEM_LOCALE or --locale, used when a call names none.
    let locales: LocaleChain?

    /// Reports how far a long call has got.
    typealias Progress = @Sendable (MCPProgress) -> Void

    /// Calls the tool `name` with `arguments` (a JSON object).
    func call(_ name: String, arguments: UntypedJSON, progress: Progress = { _ in }) async throws -> UntypedJSON {
        guard let tool = MCPTool(rawValue: name) else {
            let names = MCPTool.allCases.map(\.rawValue).joined(separator: ", ")
            throw Failure(.usage, "There is no tool \(name); the tools are \(names).")
        }
        let arguments = try MCPArguments(tool, json: arguments)
        switch tool {
        case .listModels: return try await listModels(arguments, progress: progress)
        case .listFragments: return try await listFragments(arguments)
        case .getFragment: return try await getFragment(arguments)
        case .searchFragments: return try searchFragments(arguments)
        case .listPersistedQueries: return try await listPersistedQueries(arguments)
        case .runPersistedQuery: return try await runPersistedQuery(arguments, progress: progress)
        case .getSchema: return try await getSchema(arguments)
        }
    }

    /// The locales a call asks for, else those configured.
    func requestedLocales(_ arguments: MCPArguments) throws(Failure) -> LocaleChain? {
        try arguments.locales() ?? locales
    }
}

extension UntypedJSON {
    /// An object of the members whose value is not nil, in order.
    static func members(_ pairs: KeyValuePairs<String, UntypedJSON?>) -> UntypedJSON {
        .object(pairs.compactMap { pair in pair.value.map { UntypedJSON.Member(pair.key, $0) } })
    }

    /// A JSON number.
    static func integer(_ value: Int) -> UntypedJSON { .number(String(value)) }
}
