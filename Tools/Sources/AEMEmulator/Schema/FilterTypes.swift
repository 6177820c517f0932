import GraphQL

/// The filter inputs every configuration's schema shares, as AEM declares them: per scalar (`String`, `ID`, `Int`,
/// `Float`, `Boolean`, `Calendar`, `Date`, `Time`) a `<Scalar>Filter { _logOp, _expressions! }` with
/// `<Scalar>FilterExpression { value, _operator }`, a `<Scalar>ArrayFilter` whose expressions also take `values` and
/// `_apply`, and the `<Scalar>Operator` enum (``SchemaRules/operators``); `MultiFormatStringFilter` over a rich
/// text's renditions and its `MultiFormatStringArrayFilter`; `LogOp` and `ArrayMode`.
struct FilterTypes {
    let logOp: GraphQLEnumType
    let arrayMode: GraphQLEnumType
    /// `<Scalar>Filter` by scalar name.
    let single: [String: GraphQLInputObjectType]
    /// `<Scalar>ArrayFilter` by scalar name.
    let array: [String: GraphQLInputObjectType]
    let multiFormatString: GraphQLInputObjectType
    let multiFormatStringArray: GraphQLInputObjectType
    /// `IDFilter`, `StringFilter` and `StringArrayFilter`, which every model's filter uses.
    let id: GraphQLInputObjectType
    let string: GraphQLInputObjectType
    let stringArray: GraphQLInputObjectType

    /// The filters of the scalars in `scalars` (name to type), which must hold every key of ``SchemaRules/operators``.
    init(scalars: [String: GraphQLInputType]) throws {
        logOp = try CommonTypes.enumeration("LogOp", ["AND", "OR"])
        arrayMode = try CommonTypes.enumeration("ArrayMode", SchemaRules.arrayModes)
        var single: [String: GraphQLInputObjectType] = [:]
        var array: [String: GraphQLInputObjectType] = [:]
        for (name, operators) in SchemaRules.operators {
            guard let scalar = scalars[name], let first = operators.first else { continue }
            let operation = try CommonTypes.enumeration(name + "Operator", operators)
            var extra: InputObjectFieldMap = [:]
            if name == "String" { extra["_ignoreCase"] = InputObjectField(type: GraphQLBoolean) }
            if name == "Float" { extra["_sensitiveness"] = InputObjectField(type: GraphQLFloat) }
            var singleExpression: InputObjectFieldMap = [
                "value": InputObjectField(type: scalar),
                "_operator": InputObjectField(type: operation, defaultValue: .string(first)),
            ]
            var arrayExpression: InputObjectFieldMap = [
                "value": InputObjectField(type: scalar),
                "values": InputObjectField(type: GraphQLList(scalar)),
                "_apply": InputObjectField(type: arrayMode),
                "_operator": InputObjectField(type: operation, defaultValue: .string(first)),
            ]
            for (key, field) in extra {
                singleExpression[key] = field
                if name != "String" { arrayExpression[key] = field }
            }
            single[name] = try Self.filter(name + "Filter", expression: singleExpression, logOp: logOp)
            array[name] = try Self.filter(name + "ArrayFilter", expression: arrayExpression, logOp: logOp)
        }
        guard let stringFilter = single["String"], let idFilter = single["ID"], let stringArray = array["String"] else {
            throw SchemaBuildError(messages: ["The String and ID filters are missing."])
        }
        string = stringFilter
        id = idFilter
        self.stringArray = stringArray
        self.single = single
        self.array = array
        multiFormatString = try GraphQLInputObjectType(
            name: "MultiFormatStringFilter",
            fields: [
                "_logOp": InputObjectField(type: logOp, defaultValue: .string("AND")),
                "html": InputObjectField(type: stringFilter),
                "markdown": InputObjectField(type: stringFilter),
                "plaintext": InputObjectField(type: stringFilter),
            ])
        multiFormatStringArray = try Self.arrayFilter(
            "MultiFormatStringArrayFilter", match: multiFormatString, arrayMode: arrayMode)
    }

    /// Every filter type, for the schema's type list (AEM declares them whether or not a field uses them).
    var allTypes: [GraphQLNamedType] {
        let names = single.keys.sorted()
        return names.compactMap { single[$0] } + names.compactMap { array[$0] }
            + [multiFormatString, multiFormatStringArray]
    }

    /// `<Model>ArrayFilter { _match, _apply }`, the filter of a multi-valued field of `match`'s type.
    static func arrayFilter(_ name: String, match: GraphQLInputObjectType, arrayMode: GraphQLEnumType) throws
        -> GraphQLInputObjectType
    {
        try GraphQLInputObjectType(
            name: name,
            fields: ["_match": InputObjectField(type: match), "_apply": InputObjectField(type: arrayMode)])
    }

    private static func filter(_ name: String, expression: InputObjectFieldMap, logOp: GraphQLEnumType) throws
        -> GraphQLInputObjectType
    {
        let expressionType = try GraphQLInputObjectType(name: name + "Expression", fields: expression)
        return try GraphQLInputObjectType(
            name: name,
            fields: [
                "_logOp": InputObjectField(type: logOp, defaultValue: .string("AND")),
                "_expressions": InputObjectField(type: GraphQLNonNull(GraphQLList(expressionType))),
            ])
    }
}
