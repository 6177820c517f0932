/// The Swift declarations generated for one query, before they are written out.
indirect enum TypeDeclaration {
    case structure(StructDeclaration)
    case union(UnionDeclaration)
}

/// A struct for the fields selected on one object type.
struct StructDeclaration {
    var name: String
    /// The GraphQL type it reads, for its doc comment.
    var graphQLType: String
    var properties: [PropertyDeclaration]
    var nested: [TypeDeclaration]
}

/// One stored property: a selected field.
struct PropertyDeclaration {
    /// The response key: the field's alias or name.
    var key: String
    /// The Swift name, unescaped.
    var name: String
    /// The Swift type without the optional mark, such as `[Item]`.
    var type: String
    var isOptional: Bool
    /// The field and its GraphQL type, for the doc comment (`_path: ID!`).
    var documentation: String
    /// The expression of a preview value.
    var preview: String
    /// Whether it holds a named fragment spread among the fields: decoded from the whole object, not a member.
    var isFragment = false
}

/// An enum for a field of a union or interface type, one case per type its fragments select.
struct UnionDeclaration {
    var name: String
    var graphQLType: String
    var cases: [UnionCase]
    var nested: [TypeDeclaration]
}

/// One case of a union enum.
struct UnionCase {
    /// The GraphQL object type, such as `ImageRef`.
    var typename: String
    /// The Swift case name, unescaped.
    var name: String
    /// The Swift type of the case's value.
    var payload: String
    /// The response keys its fragments select, to tell the type when `__typename` is absent.
    var keys: [String]
    /// The expression of a preview value of the payload.
    var preview: String
}

/// A GraphQL enum, as an open set of values.
struct EnumDeclaration {
    var name: String
    var graphQLName: String
    var values: [(name: String, value: String)]
}

/// One parameter of the request factory: a declared variable.
struct VariableParameter {
    var variable: String
    var name: String
    var type: String
    var isOptional: Bool
    /// How a value becomes a `QueryVariable`, as a function applied to it (`QueryVariable.int`).
    var conversion: String
    var documentation: String
}
