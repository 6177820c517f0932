/// Writes generated declarations as formatted Swift source.
struct SwiftRenderer {
    let access: String
    /// Whether structs and unions get `static var preview`.
    let previews: Bool

    /// The `Decodable` types, in declaration order.
    static let conformances = "Decodable, Sendable, Hashable, AEMHeadless.LenientDecodable"

    func structure(_ declaration: StructDeclaration, into writer: inout SourceWriter) {
        writer.block("\(access)struct \(declaration.name): \(Self.conformances)") { writer in
            for property in declaration.properties {
                writer.doc("`\(property.documentation)`")
                writer.line(
                    "\(access)let \(SwiftNaming.escaped(property.name)): \(property.type)\(property.isOptional ? "?" : "")"
                )
            }
            let members = declaration.properties.filter { !$0.isFragment }
            if !members.isEmpty {
                writer.line()
                writer.block("enum CodingKeys: String, CodingKey") { writer in
                    for property in members {
                        let name = SwiftNaming.escaped(property.name)
                        writer.line(
                            property.key == property.name
                                ? "case \(name)" : "case \(name) = \(Self.literal(property.key))")
                    }
                }
            }
            writer.line()
            memberwiseInitializer(declaration, into: &writer)
            writer.line()
            writer.block("\(access)init(from decoder: any Decoder) throws") { writer in
                guard !declaration.properties.isEmpty else {
                    writer.line("_ = try AEMHeadless.GraphQLObjectHead(from: decoder)")
                    return
                }
                if !members.isEmpty {
                    writer.line("let container = try decoder.container(keyedBy: CodingKeys.self)")
                }
                for property in declaration.properties {
                    let name = SwiftNaming.escaped(property.name)
                    let key = "." + name
                    if property.isFragment {
                        writer.line(
                            "self.\(name) = try\(property.isOptional ? "?" : "") \(property.type)(from: decoder)")
                    } else if property.isOptional {
                        writer.line("self.\(name) = container.lenientValue(\(property.type).self, forKey: \(key))")
                    } else {
                        writer.line("self.\(name) = try container.requiredValue(\(property.type).self, forKey: \(key))")
                    }
                }
            }
            if previews { preview(declaration, into: &writer) }
            nested(declaration.nested, into: &writer)
        }
    }

    /// `static var preview`: every property filled, optional ones too.
    private func preview(_ declaration: StructDeclaration, into writer: inout SourceWriter) {
        writer.line()
        writer.doc(Self.previewDocumentation)
        writer.block("\(access)static var preview: Self") { writer in
            guard !declaration.properties.isEmpty else { return writer.line("Self()") }
            writer.line("Self(")
            writer.indented { writer in
                for (index, property) in declaration.properties.enumerated() {
                    let comma = index < declaration.properties.count - 1 ? "," : ""
                    // An argument label is a keyword without backticks, but for these three.
                    let label = ["inout", "var", "let"].contains(property.name) ? "`\(property.name)`" : property.name
                    writer.line("\(label): \(property.preview)\(comma)")
                }
            }
            writer.line(")")
        }
    }

    private static let previewDocumentation =
        "A value for previews and tests, made without JSON: each text is its field's name, each number 1, each list one element."

    /// An initializer with a parameter per property (nil by default for the optional ones), so that previews and
    /// tests make values without JSON.
    private func memberwiseInitializer(
        _ declaration: StructDeclaration,
        documentation: String = "A value made in code, such as for a preview or a test.",
        into writer: inout SourceWriter
    ) {
        writer.doc(documentation)
        let parameters = declaration.properties.map { property in
            "\(SwiftNaming.escaped(property.name)): \(property.type)\(property.isOptional ? "? = nil" : "")"
        }
        guard !declaration.properties.isEmpty else { return writer.line("\(access)init() {}") }
        let opening: String
        if parameters.count <= 2 {
            opening = "\(access)init(\(parameters.joined(separator: ", ")))"
        } else {
            writer.line("\(access)init(")
            writer.indented { writer in
                for (index, parameter) in parameters.enumerated() {
                    writer.line(parameter + (index < parameters.count - 1 ? "," : ""))
                }
            }
            opening = ")"
        }
        writer.block(opening) { writer in
            for property in declaration.properties {
                let name = SwiftNaming.escaped(property.name)
                writer.line("self.\(name) = \(name)")
            }
        }
    }

    func union(_ declaration: UnionDeclaration, into writer: inout SourceWriter) {
        writer.block("\(access)enum \(declaration.name): \(Self.conformances)") { writer in
            for unionCase in declaration.cases {
                writer.doc("`\(unionCase.typename)`.")
                writer.line("case \(SwiftNaming.escaped(unionCase.name))(\(unionCase.payload))")
            }
            writer.doc(
                "Another type (the schema may gain types), or an object whose type could not be told: kept as sent.")
            writer.line("case unknown(typename: String?, json: AEMHeadless.UntypedJSON)")
            writer.line()
            writer.block("\(access)init(from decoder: any Decoder) throws") { writer in
                writer.line("let head = try AEMHeadless.GraphQLObjectHead(from: decoder)")
                writer.line("let candidates: [(typename: String, keys: Set<String>)] = [")
                for unionCase in declaration.cases {
                    let keys = unionCase.keys.map(Self.literal).joined(separator: ", ")
                    writer.line("    (\(Self.literal(unionCase.typename)), [\(keys)]),")
                }
                writer.line("]")
                writer.line("switch head.typename(inferringFrom: candidates) {")
                for unionCase in declaration.cases {
                    writer.line(
                        "case \(Self.literal(unionCase.typename)): self = .\(SwiftNaming.escaped(unionCase.name))(try \(unionCase.payload)(from: decoder))"
                    )
                }
                writer.line(
                    "default: self = .unknown(typename: head.typename, json: try AEMHeadless.UntypedJSON(from: decoder))"
                )
                writer.line("}")
            }
            for unionCase in declaration.cases {
                writer.line()
                let accessor = "as" + unionCase.name.prefix(1).uppercased() + unionCase.name.dropFirst()
                writer.doc("The value, for `.\(unionCase.name)`.")
                writer.block("\(access)var \(accessor): \(unionCase.payload)?") { writer in
                    writer.line("if case .\(SwiftNaming.escaped(unionCase.name))(let value) = self { return value }")
                    writer.line("return nil")
                }
            }
            if previews, let first = declaration.cases.first {
                writer.line()
                writer.doc(Self.previewDocumentation)
                writer.line(
                    "\(access)static var preview: Self { .\(SwiftNaming.escaped(first.name))(\(first.preview)) }")
            }
            nested(declaration.nested, into: &writer)
        }
    }

    func enumeration(_ declaration: EnumDeclaration, into writer: inout SourceWriter) {
        writer.doc("The GraphQL enum `\(declaration.graphQLName)`. A value not listed here is kept as it is sent.")
        let conformances = "RawRepresentable, ExpressibleByStringLiteral, " + Self.conformances
        writer.block("\(access)struct \(declaration.name): \(conformances)") { writer in
            writer.line("\(access)let rawValue: String")
            writer.line()
            writer.line("\(access)init(rawValue: String) { self.rawValue = rawValue }")
            writer.line("\(access)init(stringLiteral value: String) { rawValue = value }")
            writer.line(
                "\(access)init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }"
            )
            if !declaration.values.isEmpty { writer.line() }
            for value in declaration.values {
                writer.line(
                    "\(access)static let \(SwiftNaming.escaped(value.name)) = Self(rawValue: \(Self.literal(value.value)))"
                )
            }
        }
    }

    /// A GraphQL input object: immutable, made with its memberwise initializer, sent as AEM reads it.
    func input(_ declaration: InputDeclaration, into writer: inout SourceWriter) {
        writer.doc(
            "The GraphQL input `\(declaration.graphQLName)`: make one and pass it to `request(…)`; members left nil are not sent."
        )
        writer.block("\(access)final class \(declaration.name): Sendable") { writer in
            for field in declaration.fields {
                writer.doc(field.documentation)
                writer.line(
                    "\(access)let \(SwiftNaming.escaped(field.name)): \(field.type)\(field.isOptional ? "?" : "")")
            }
            if !declaration.fields.isEmpty { writer.line() }
            memberwiseInitializer(
                StructDeclaration(
                    name: declaration.name, graphQLType: declaration.graphQLName,
                    properties: declaration.fields.map {
                        PropertyDeclaration(
                            key: $0.key, name: $0.name, type: $0.type, isOptional: $0.isOptional, documentation: "",
                            preview: "")
                    }, nested: []),
                documentation: "A value with these members.", into: &writer)
            writer.line()
            writer.doc("The value as AEM reads it: the schema's member names, nil members left out.")
            writer.block("\(access)var json: AEMHeadless.UntypedJSON") { writer in
                writer.line("var members: [AEMHeadless.UntypedJSON.Member] = []")
                for field in declaration.fields {
                    let name = "self." + SwiftNaming.escaped(field.name)
                    let key = Self.literal(field.key)
                    if field.isOptional {
                        writer.line("if let value = \(name) { members.append(.init(\(key), \(field.json("value")))) }")
                    } else {
                        writer.line("members.append(.init(\(key), \(field.json(name))))")
                    }
                }
                writer.line("return .object(members)")
            }
            writer.line()
            writer.doc("`value` as a query variable: its JSON.")
            writer.block(
                "\(access)static func queryVariable(_ value: \(declaration.name)) -> AEMHeadless.QueryVariable"
            ) { writer in
                writer.line(".json(value.json)")
            }
        }
    }

    private func nested(_ declarations: [TypeDeclaration], into writer: inout SourceWriter) {
        for declaration in declarations {
            writer.line()
            switch declaration {
            case .structure(let structure):
                writer.doc("The fields selected on `\(structure.graphQLType)`.")
                self.structure(structure, into: &writer)
            case .union(let union):
                writer.doc(
                    "A value of the union or interface `\(union.graphQLType)`, by the type its fragments select.")
                self.union(union, into: &writer)
            }
        }
    }

    /// `text` as a Swift string literal.
    static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
