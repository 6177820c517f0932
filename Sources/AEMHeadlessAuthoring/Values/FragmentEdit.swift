import AEMHeadless

/// A change to some fields of a fragment, made from the copy that was read and sent as a JSON Patch (RFC 6902) with
/// that copy's entity tag (`SitesRequest.patch(_:)`). Fields are named, never numbered: each name is looked up in the
/// `fields` list of the copy read, whose position the patch addresses (`/fields/3/values`), so a change never lands
/// in another field.
///
/// ```swift
/// var edit = FragmentEdit(try await aem.send(.fragment(id: id)))
/// edit.title = "Bali Surf Camp"
/// try edit.setValues(["Surfing", "Beach"], forField: "activities")
/// let saved = try await aem.send(.patch(edit))
/// ```
///
/// When AEM answers 412 (`AemError.Kind.preconditionFailed`), someone changed the fragment after it was read: read it
/// again and apply the change to the fresh copy, with `rebased(onto:)` or by building the edit again. Field
/// positions may have moved, so an edit is never sent with another copy's tag.
public struct FragmentEdit: Sendable, Hashable {
    /// The fragment as it was read: the patch's positions and entity tag come from it.
    public let base: AuthoredFragment
    /// The new title; nil leaves it as it is.
    public var title: String?
    /// The new description; nil leaves it as it is.
    public var description: String?
    /// The new values of fields, in the order first set.
    private var changes: [FieldChange] = []

    /// The new values of one field.
    private struct FieldChange: Sendable, Hashable {
        var name: String
        /// The field's position in the `fields` list of the copy read.
        var index: Int
        var values: [UntypedJSON]
    }

    /// An edit of `fragment` that changes nothing yet.
    public init(_ fragment: AuthoredFragment) {
        base = fragment
    }

    /// Sets the values of the field named `name`; `values` replaces the whole list, one element for a single-valued
    /// field, none to empty it.
    /// - Throws: `AemError` `.invalidRequest` when the fragment read has no field of that name (or two); nothing is
    ///   sent.
    public mutating func setValues(_ values: [UntypedJSON], forField name: String) throws(AemError) {
        let index = try Self.position(of: name, in: base)
        if let existing = changes.firstIndex(where: { $0.name == name }) {
            changes[existing].values = values
        } else {
            changes.append(FieldChange(name: name, index: index, values: values))
        }
    }

    /// Sets the one value of the field named `name`; nil empties it.
    /// - Throws: as `setValues(_:forField:)`.
    public mutating func setValue(_ value: UntypedJSON?, forField name: String) throws(AemError) {
        try setValues(value.map { [$0] } ?? [], forField: name)
    }

    /// The names of the fields whose values this edit changes, in the order first set.
    public var changedFields: [String] {
        patchedFields.map(\.name)
    }

    /// Whether the edit changes nothing: no title, description or values that differ from the copy read.
    public var isEmpty: Bool { operations.isEmpty }

    /// The JSON Patch the edit is sent as: `[{"op": "replace", "path": "/fields/3/values", "value": ["x"]}, …]`.
    public var patch: UntypedJSON { .array(operations) }

    /// The same change made to `fresh`, a copy of the fragment read again after a 412: fields are looked up by
    /// name in it, and its entity tag goes with the change.
    /// - Throws: `AemError` `.invalidRequest` when `fresh` is another fragment, or lacks a field the edit sets.
    public func rebased(onto fresh: AuthoredFragment) throws(AemError) -> FragmentEdit {
        guard fresh.id == base.id else {
            throw AemError(
                .invalidRequest,
                "An edit of the content fragment at \(base.path) cannot be moved onto another fragment (\(fresh.path)); nothing was sent."
            )
        }
        var edit = FragmentEdit(fresh)
        edit.title = title
        edit.description = description
        for change in changes { try edit.setValues(change.values, forField: change.name) }
        return edit
    }

    /// The operations, leaving out what is already as the copy read has it. A member the copy lacks is added rather
    /// than replaced, as RFC 6902 asks.
    var operations: [UntypedJSON] {
        var operations: [UntypedJSON] = []
        for (member, value, current) in [("title", title, base.title), ("description", description, base.description)] {
            guard let value, value != current else { continue }
            operations.append(
                Self.operation(base.json[member] == nil ? "add" : "replace", "/" + member, .string(value)))
        }
        for change in patchedFields {
            let field = base.json["fields"]?[change.index]
            operations.append(
                Self.operation(
                    field?["values"] == nil ? "add" : "replace", "/fields/\(change.index)/values",
                    .array(change.values)))
        }
        return operations
    }

    /// The field changes that differ from the copy read.
    private var patchedFields: [FieldChange] {
        changes.filter { change in
            guard let current = base.json["fields"]?[change.index]?["values"] else { return true }
            return current != .array(change.values)
        }
    }

    private static func operation(_ op: String, _ path: String, _ value: UntypedJSON) -> UntypedJSON {
        ["op": .string(op), "path": .string(path), "value": value]
    }

    /// The position of the field `name` in the `fields` list of `fragment` as AEM sent it.
    /// - Throws: `AemError` `.invalidRequest` when there is no such field, or two.
    static func position(of name: String, in fragment: AuthoredFragment) throws(AemError) -> Int {
        let elements = fragment.json["fields"]?.arrayValue ?? []
        let matches = elements.indices.filter { elements[$0]["name"]?.stringValue == name }
        guard let index = matches.first else { throw missingField(name, in: fragment) }
        guard matches.count == 1 else {
            throw AemError(
                .invalidRequest,
                "The content fragment at \(fragment.path) has \(matches.count) fields named \(name), so a change to it could land in the wrong one; nothing was sent."
            )
        }
        return index
    }

    /// The error for a field that `fragment` lacks, naming those it has.
    static func missingField(_ name: String, in fragment: AuthoredFragment) -> AemError {
        let names = fragment.fields.map(\.name)
        let known = names.isEmpty ? "it has no fields" : "its fields are " + names.joined(separator: ", ")
        return AemError(
            .invalidRequest,
            "The content fragment at \(fragment.path) has no field named \(name) (\(known)); nothing was sent. Check the name against the fragment's model."
        )
    }
}
