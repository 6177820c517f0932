/// How a fragment's stored values become the delivery API's `fields` (aem-openapi.md §2.4): each value by its
/// model field's data type, and the references the values make.
struct FieldEncoding {
    let index: DeliveryIndex

    /// The `fields` object of `values` (a fragment's master) in `model`'s field order, and the references they make.
    func fields(_ values: [String: JCRValue], of model: FragmentModel?) -> (OrderedJSON, [FieldReference]) {
        var members: [(String, OrderedJSON)] = []
        var references: [FieldReference] = []
        for field in model?.fields ?? [] {
            if let value = value(of: field, in: values, references: &references) {
                members.append((field.name, value))
            }
        }
        return (.object(members), references)
    }

    /// The value of `field`, or `nil` when its key is left out. A value that does not fit the field's type, and a
    /// reference to a fragment or asset that does not exist, count as no value.
    private func value(
        of field: ModelField, in values: [String: JCRValue], references: inout [FieldReference]
    ) -> OrderedJSON? {
        let mimeType = values[field.name + "@ContentType"]?.text ?? DeliveryRules.defaultRichTextMimeType
        let stored = values[field.name]
        if field.isMultiple || field.kind == .tags {
            guard let stored else { return DeliveryRules.unsetValue(of: field, mimeType: mimeType) }
            return .array(
                stored.elements.compactMap { one($0, of: field, mimeType: mimeType, references: &references) })
        }
        guard let first = stored?.elements.first,
            let value = one(first, of: field, mimeType: mimeType, references: &references)
        else { return DeliveryRules.unsetValue(of: field, mimeType: mimeType) }
        return value
    }

    /// One stored value of `field` in its delivery form, recording the reference it makes.
    private func one(
        _ stored: JCRValue, of field: ModelField, mimeType: String, references: inout [FieldReference]
    ) -> OrderedJSON? {
        switch field.kind {
        case .text, .enumeration:
            return stored.text.map(OrderedJSON.string)
        case .richText:
            guard let text = stored.text, !text.isEmpty else { return nil }
            return .object([("value", .string(text)), ("mimeType", .string(mimeType))])
        case .integer:
            return Self.number(stored).map { OrderedJSON.number($0.rounded(.towardZero)) }
        case .float:
            return Self.number(stored).map(OrderedJSON.number)
        case .boolean:
            if case .boolean(let flag) = stored { return .bool(flag) }
            return stored.text.flatMap { Bool($0.lowercased()) }.map(OrderedJSON.bool)
        case .date:
            return stored.text.map(OrderedJSON.string)
        case .json:
            guard let text = stored.text else { return nil }
            return JSONMap.parse(text).map { ResultEncoding.json($0) } ?? .string(text)
        case .tags:
            guard let id = stored.text, !id.isEmpty else { return nil }
            references.append(FieldReference(fieldName: field.name, identifier: id, target: .tag))
            return .string(id)
        case .contentReference:
            guard let asset = stored.text.flatMap({ index.assets[$0] }) else { return nil }
            let identifier = DeliveryRules.assetIdentifier(asset)
            references.append(FieldReference(fieldName: field.name, identifier: identifier, target: .asset(asset)))
            return .string(identifier)
        case .fragmentReference:
            guard let fragment = stored.text.flatMap(index.fragment(path:)) else { return nil }
            references.append(
                FieldReference(fieldName: field.name, identifier: fragment.uuid, target: .fragment(fragment)))
            return .string(fragment.uuid)
        }
    }

    /// A finite number from a `{Long}`, `{Double}` or numeric text.
    private static func number(_ value: JCRValue) -> Double? {
        let number: Double? =
            switch value {
            case .long(let integer): Double(integer)
            case .double(let double): double
            default: value.text.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            }
        return number.flatMap { $0.isFinite ? $0 : nil }
    }
}
