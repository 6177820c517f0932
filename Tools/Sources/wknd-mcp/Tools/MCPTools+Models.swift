import AEMHeadless
import AEMHeadlessSync
import WKNDCore

extension MCPTools {
    /// `list_models`: the models with their fields and types, from the schemas of the service's configurations or
    /// from the fragments a mirror holds.
    func listModels(_ arguments: MCPArguments, progress: Progress) async throws -> UntypedJSON {
        let named = try arguments.string("configuration")
        switch source {
        case .service(let aem, _):
            var configurations = named.map { [$0] } ?? []
            if named == nil {
                let entries = try await aem.persistedQueries()
                configurations = Array(Set(entries.map(\.configuration))).sorted()
                guard !configurations.isEmpty else {
                    throw Failure(
                        .notFound,
                        "No configuration has persisted queries on \(aem.configuration.origin); name one with \"configuration\", such as wknd-shared."
                    )
                }
            }
            var models: [UntypedJSON] = []
            for (index, configuration) in configurations.enumerated() {
                progress(.init(done: index, total: configurations.count, message: "the schema of \(configuration)"))
                let sdl = try await CodegenSources(aem: aem).schema(of: configuration, otherwise: Self.schemaHint)
                models += SchemaModels.models(in: sdl).map { model in
                    UntypedJSON.members([
                        "name": .string(String(model.type.dropLast("Model".count))), "type": .string(model.type),
                        "configuration": .string(configuration),
                        "fields": .array(
                            model.fields.map {
                                UntypedJSON.members(["name": .string($0.name), "type": .string($0.type)])
                            }),
                    ])
                }
            }
            return .members(["source": .string("service"), "models": .array(models)])
        case .mirror(let store, _):
            if named != nil {
                throw Failure(
                    .usage,
                    "list_models \"configuration\" names a schema of the AEM service; a mirror has none: leave it out.")
            }
            let stored = try Self.reading { try store.fragments() }
            return .members(["source": .string("mirror"), "models": .array(Self.observedModels(stored))])
        }
    }

    /// Each model of `stored` with the number of its fragments and each field with the JSON kinds it holds
    /// (`string`, `number`, `boolean`, `array`, `object`, `null`, joined with `|`), fields in the order first seen.
    static func observedModels(_ stored: [StoredFragment]) -> [UntypedJSON] {
        var order: [String] = []
        var counts: [String: Int] = [:]
        var fields: [String: [(name: String, kinds: Set<String>)]] = [:]
        for fragment in stored {
            guard let json = json(fragment) else { continue }
            let delivered = try? DeliveredFragment(json)
            let name = fragment.model ?? delivered?.model.name ?? "unknown"
            if counts[name] == nil { order.append(name) }
            counts[name, default: 0] += 1
            let members = delivered?.fields.members ?? json["item"]?.members ?? json.members ?? []
            var known = fields[name] ?? []
            for member in members {
                if let index = known.firstIndex(where: { $0.name == member.key }) {
                    known[index].kinds.insert(kind(of: member.value))
                } else {
                    known.append((member.key, [kind(of: member.value)]))
                }
            }
            fields[name] = known
        }
        return order.map { name in
            UntypedJSON.members([
                "name": .string(name), "fragments": .integer(counts[name] ?? 0),
                "fields": .array(
                    (fields[name] ?? []).map {
                        UntypedJSON.members([
                            "name": .string($0.name), "type": .string($0.kinds.sorted().joined(separator: "|")),
                        ])
                    }),
            ])
        }
    }

    private static func kind(of value: UntypedJSON) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
