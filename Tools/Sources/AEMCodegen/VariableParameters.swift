import GraphQL

/// The request factory's parameters for an operation's variables: optional (defaulting to nil,
/// which leaves the variable out so the stored query's default applies) where the query declares
/// a default or the type is nullable; required otherwise.
enum VariableParameters {
    static func parameters(
        of operation: OperationDefinition, types: SchemaTypes
    ) -> [VariableParameter] {
        // `variables` names the factory's own dictionary.
        var used: Set<String> = ["variables"]
        return operation.variableDefinitions.map { definition in
            let variable = definition.variable.name.value
            var type: any GraphQL.`Type` = definition.type
            var isOptional = definition.defaultValue != nil
            if let nonNull = type as? NonNullType {
                type = nonNull.type
            } else {
                isOptional = true
            }
            let (swiftType, conversion) = swiftType(of: type, types: types)
            var documentation = "`\(print(ast: definition.type))`"
            if let defaultValue = definition.defaultValue {
                documentation += "; the stored query's default is `\(print(ast: defaultValue))`"
            }
            return VariableParameter(
                variable: variable, name: SwiftNaming.uniqueMember(SwiftNaming.memberName(variable), in: &used),
                type: swiftType, isOptional: isOptional, conversion: conversion, documentation: documentation)
        }
    }

    /// The Swift type of a variable and how its value becomes a `QueryVariable`: scalars and enums
    /// by their text, input objects as typed classes sent as JSON text, lists as JSON text.
    private static func swiftType(of type: any GraphQL.`Type`, types: SchemaTypes) -> (String, String) {
        guard let named = type as? NamedType else {
            return ("AEMHeadless.UntypedJSON", "AEMHeadless.QueryVariable.json")
        }
        switch types.schema.getType(name: named.name.value) {
        case let scalar as GraphQLScalarType:
            let scalar = types.scalar(scalar.name)
            return (scalar.swiftType, scalar.variable)
        case let enumeration as GraphQLEnumType:
            return (types.enumName(enumeration.name), "AEMHeadless.QueryVariable.enumCase")
        case let input as GraphQLInputObjectType:
            let name = types.inputType(of: input).type
            return (name, name + ".queryVariable")
        default:
            return ("AEMHeadless.UntypedJSON", "AEMHeadless.QueryVariable.json")
        }
    }
}
