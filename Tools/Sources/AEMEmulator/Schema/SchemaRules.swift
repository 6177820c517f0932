import GraphQL

/// Every choice the generated GraphQL schema makes where the two sources disagree or are silent, kept in this one
/// file so that each can be corrected from a newer recording. The sources: a real introspection of an AEM as a Cloud
/// Service endpoint (2021–22, the WKND 1.x models; "the introspection" below) and the platform notes on today's AEM
/// (aem-platform.md §2; "the notes"). Where both agree, the schema follows them without a rule here.
enum SchemaRules {
    /// The introspection: the root type is `QueryType`.
    static let rootTypeName = "QueryType"

    /// The introspection: GraphQL's `@include`, `@skip`, `@deprecated` and `@specifiedBy` (not the newer `@oneOf`),
    /// and AEM's own `@resolver` on unions, `@fetcher` and `@connection` on field definitions (they mark the schema; a
    /// query has no use for them).
    static func directives() throws -> [GraphQLDirective] {
        let named: GraphQLArgumentConfigMap = [
            "name": GraphQLArgument(type: GraphQLString), "options": GraphQLArgument(type: GraphQLString),
            "source": GraphQLArgument(type: GraphQLString),
        ]
        return [
            GraphQLIncludeDirective, GraphQLSkipDirective, GraphQLDeprecatedDirective, GraphQLSpecifiedByDirective,
            try GraphQLDirective(name: "resolver", locations: [.union], args: named),
            try GraphQLDirective(name: "fetcher", locations: [.fieldDefinition], args: named),
            try GraphQLDirective(
                name: "connection", description: "Marks a connection type according to the Relay specification.",
                locations: [.fieldDefinition], args: ["for": GraphQLArgument(type: GraphQLNonNull(GraphQLString))]),
        ]
    }

    /// The introspection: the object types a content reference can be, in the order of the `Reference` union (which
    /// also lists every model type after them).
    static let referenceTypeNames = ["PageRef", "ImageRef", "MultimediaRef", "ArchiveRef", "DocumentRef"]

    /// Stand-in choice (the introspection has the field `type` but no value): the lower-cased kind named by the type,
    /// `image`, `document`, `multimedia`, `archive` or `page`.
    static func referenceKind(typeName: String) -> String {
        String(typeName.dropLast("Ref".count)).lowercased()
    }

    /// Stand-in choice (neither source says how AEM sorts assets into the reference types): by MIME type, `image/…` an
    /// `ImageRef`, `video/…` and `audio/…` a `MultimediaRef`, the archive types an `ArchiveRef`, any other a
    /// `DocumentRef`.
    static func referenceTypeName(mimeType: String) -> String {
        let mimeType = mimeType.lowercased()
        if mimeType.hasPrefix("image/") { return "ImageRef" }
        if mimeType.hasPrefix("video/") || mimeType.hasPrefix("audio/") { return "MultimediaRef" }
        if archiveTypes.contains(mimeType) { return "ArchiveRef" }
        return "DocumentRef"
    }

    private static let archiveTypes: Set<String> = [
        "application/zip", "application/x-zip-compressed", "application/x-tar", "application/gzip",
        "application/x-gzip", "application/x-7z-compressed", "application/vnd.rar", "application/x-rar-compressed",
        "application/x-bzip2",
    ]

    /// Stand-in choice: a content reference to a path outside `/content/dam/` that is no asset is a `PageRef` (the
    /// package's pages are not read, so any such path is taken for a page; its URLs are the path on each base, as an
    /// asset's are).
    static func isPagePath(_ path: String) -> Bool {
        path.hasPrefix("/content/") && !path.hasPrefix("/content/dam/")
    }

    /// The notes: `ImageRef` also has `_dynamicUrl` (filled from `_assetTransform`), which the introspection predates;
    /// the other reference types have the introspection's fields only.
    static let dynamicURLTypeName = "ImageRef"

    /// The introspection: the operators of each filter, in its order; the first is the default of `_operator`, except
    /// where ``operatorDefaults`` says otherwise. Where the notes disagree, they win (they describe today's AEM):
    /// `StringOperator` adds `STARTS_WITH`; `IntOperator` and `FloatOperator` say `EQUALS`/`EQUALS_NOT` where the
    /// introspection says `EQUAL`/`UNEQUAL`.
    static let operators: [String: [String]] = [
        "String": ["EQUALS", "EQUALS_NOT", "CONTAINS", "CONTAINS_NOT", "STARTS_WITH"],
        "ID": ["EQUALS", "EQUALS_NOT", "STARTS_WITH"],
        "Int": numberOperators, "Float": numberOperators,
        "Boolean": ["EQUALS"],
        "Calendar": timeOperators, "Date": timeOperators, "Time": timeOperators,
    ]

    private static let numberOperators = ["EQUALS", "EQUALS_NOT", "GREATER", "GREATER_EQUAL", "LOWER", "LOWER_EQUAL"]
    private static let timeOperators = ["AT", "NOT_AT", "BEFORE", "AT_OR_BEFORE", "AFTER", "AT_OR_AFTER"]

    /// The introspection: the values of `ArrayMode` (`_apply`), in its order; `AT_LEAST_ONCE` applies when none is
    /// given. It has no field for the count `INSTANCES` means: one instance is taken.
    static let arrayModes = ["AT_LEAST_ONCE", "ALL", "ALL_OR_EMPTY", "INSTANCES"]

    /// The notes: the system fields of a model type beyond the introspection's (`_path`, `_variation`, `_metadata`,
    /// `_variations`, `_model`): `_id` and `_tags`; and, a stand-in choice after the `_locale` argument the
    /// introspection has, `_locale`, the fragment's language folder.
    static let newerSystemFields = ["_id", "_tags", "_locale"]

    /// Stand-in choice (the introspection's filters have only `_path`, `_variation` and `_variations` of the system
    /// fields): `_id` filters too, as an `IDFilter`, and `_tags` as a `StringArrayFilter`.
    static let filteredNewerSystemFields = ["_id", "_tags"]

    /// Whether a model field of `kind` has a filter. The introspection leaves its only content reference
    /// (`adventurePrimaryImage`) out of the model's filter; stand-in choice, where both sources are silent: a `Json`
    /// field has none either.
    static func isFilterable(_ kind: ModelField.Kind) -> Bool {
        switch kind {
        case .contentReference, .json: false
        default: true
        }
    }

    /// `_metadata` (`TypedMetaData`): what each list carries. AEM's answers: `title` and
    /// `description` in `stringMetadata`, `cq:lastModified` and `jcr:created` in `calendarMetadata`. Stand-in choice:
    /// the fragment's tags as `cq:tags` in `stringArrayMetadata`; an entry whose value is unset is left out (the
    /// introspection makes `value` non-null).
    static let metadataStringNames = ["title", "description"]
    static let metadataCalendarNames = ["cq:lastModified", "jcr:created"]
    static let metadataTagsName = "cq:tags"
}
