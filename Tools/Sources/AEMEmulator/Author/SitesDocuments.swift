import Foundation

/// The Sites API's documents (aem-openapi.md §4.2, §4.3, §4.6): a fragment, a model, a version, a publish outcome.
enum SitesDocuments {
    /// A fragment as `GET /cf/fragments/{id}` answers it; a list item also carries its tag as `etag`.
    static func fragment(_ record: AuthorRecord, in store: AuthorStore, withTag: Bool = false) -> OrderedJSON {
        let fragment = record.fragment
        let fields = store.fields(ofModel: fragment.modelPath)
        let model = store.models[fragment.modelPath]
        var members: [(String, OrderedJSON)] = [
            ("id", .string(fragment.uuid)),
            ("path", .string(fragment.path)),
            ("title", .string(fragment.title ?? "")),
            ("description", .string(fragment.description ?? "")),
            (
                "model",
                .object([
                    ("id", .string(modelID(fragment.modelPath))), ("path", .string(fragment.modelPath)),
                    ("name", .string(String(fragment.modelPath.split(separator: "/").last ?? ""))),
                    ("title", .string(model?.title ?? "")),
                ])
            ),
            ("status", .string(record.status.rawValue)),
        ]
        if let previewStatus = AuthorRules.previewStatus(of: record) {
            members.append(("previewStatus", .string(previewStatus)))
        }
        members += [
            ("created", stamp(record.created)),
            ("modified", stamp(record.modified)),
        ]
        if let published = record.published { members.append(("published", stamp(published))) }
        members += [
            ("fields", fields.json(fragment.master)),
            (
                "variations",
                .array(
                    fragment.variations.map { variation in
                        .object([
                            ("name", .string(variation.name)), ("title", .string(variation.name)),
                            ("description", .string("")), ("fields", fields.json(variation.values)),
                        ])
                    })
            ),
            ("references", .array([])),
            ("tags", .array(fragment.tags.map { .object([("id", .string($0))]) })),
            ("fieldTags", .array([])),
            ("validationStatus", .array([])),
        ]
        if withTag { members.append(("etag", .string(record.entityTag))) }
        return .object(members)
    }

    /// A model as `GET /cf/models/{id}` answers it.
    static func model(_ model: FragmentModel, withTag: Bool = false) -> OrderedJSON {
        let fields = SitesFields(model: model, fragmentExists: { _ in nil }, assetExists: { _ in false })
        var members: [(String, OrderedJSON)] = [
            ("id", .string(modelID(model.path))),
            ("path", .string(model.path)),
            ("name", .string(String(model.path.split(separator: "/").last ?? ""))),
            ("title", .string(model.title)),
            ("description", .string("")),
            ("locked", .bool(false)),
            ("status", .string("enabled")),
            ("fields", .array(model.fields.map { field(fields, $0) })),
        ]
        if withTag { members.append(("etag", .string(modelTag(model)))) }
        return .object(members)
    }

    /// The tag of a model: its path and fields.
    static func modelTag(_ model: FragmentModel) -> String {
        AuthorRules.entityTag(
            of: [model.path, model.title] + model.fields.map { "\($0.name) \(SitesFields.typeName($0.kind))" })
    }

    private static func field(_ fields: SitesFields, _ field: ModelField) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = [
            ("type", .string(SitesFields.typeName(field.kind))),
            ("name", .string(field.name)),
            ("label", .string(field.label ?? field.name)),
            ("required", .bool(field.isRequired)),
            ("multiple", .bool(field.isMultiple)),
        ]
        if let validation = field.validation {
            members += [
                ("validationType", .string("custom")), ("customValidationRegex", .string(validation.pattern)),
            ]
            if let message = validation.message { members.append(("customErrorMessage", .string(message))) }
        } else {
            members.append(("validationType", .string("none")))
        }
        switch field.kind {
        case .enumeration(let values):
            members.append(("values", .array(values.map { .object([("key", .string($0)), ("value", .string($0))]) })))
        case .richText:
            members.append(("mimeType", .string(DeliveryRules.defaultRichTextMimeType)))
        case .fragmentReference(let allowed):
            members.append(("items", .array(allowed.map { .string(modelID($0)) })))
        default:
            break
        }
        return .object(members)
    }

    /// A version as `…/versions` lists it.
    static func version(_ version: AuthorRecord.Version) -> OrderedJSON {
        .object([
            ("id", .string(version.id)),
            ("title", .string(version.title)),
            ("label", .optional(version.label)),
            ("comment", .optional(version.comment)),
            ("created", .string(date(version.created.at))),
            ("createdBy", .string(version.created.by)),
            ("modified", stamp(version.created)),
        ])
    }

    /// A model's Sites API id: the base64url of its path, without padding.
    static func modelID(_ path: String) -> String {
        Base64URL.encode(Data(path.utf8))
    }

    static func stamp(_ stamp: AuthorRecord.Stamp) -> OrderedJSON {
        .object([("at", .string(date(stamp.at))), ("by", .string(stamp.by))])
    }

    static func date(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
