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
    /// The author and publish services the writing tools use; nil when writes are not allowed (the default).
    var authoring: AuthoringServices? = nil

    /// The tools offered: the writing ones only when writes are allowed.
    var offered: [MCPTool] {
        MCPTool.allCases.filter { $0.isReadOnly && $0 != .getAuthoredFragment || authoring != nil }
    }

    /// Reports how far a long call has got.
    typealias Progress = @Sendable (MCPProgress) -> Void

    /// Calls the tool `name` with `arguments` (a JSON object).
    func call(_ name: String, arguments: UntypedJSON, progress: Progress = { _ in }) async throws -> UntypedJSON {
        guard let tool = MCPTool(rawValue: name) else {
            let names = MCPTool.allCases.map(\.rawValue).joined(separator: ", ")
            throw Failure(.usage, "There is no tool \(name); the tools are \(names).")
        }
        guard offered.contains(tool) else {
            throw Failure(
                .usage,
                "\(name) reads or writes content on the author service, which this server was not started for: start it with `wknd mcp --allow-writes` (and AEM_AUTHOR_HOST, unless it serves the built-in sample)."
            )
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
        case .getAuthoredFragment: return try await getAuthoredFragment(arguments)
        case .patchFragment: return try await patchFragment(arguments)
        case .createFragment: return try await createFragment(arguments)
        case .publishFragments: return try await publishFragments(arguments, unpublish: false)
        case .unpublishFragments: return try await publishFragments(arguments, unpublish: true)
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
