/// Reads a Content Fragment Model node, `/conf/<configuration>/settings/dam/cfm/models/<name>`: its title from
/// `jcr:content/@jcr:title` and its fields from `jcr:content/model/cq:dialog/content/items/*`.
enum ModelReader {
    /// The model at `path`, or `nil` when the node has no field list.
    static func model(_ node: DocViewNode, path: String, configuration: String) -> FragmentModel? {
        guard let content = node.child("jcr:content"),
            let items = content.descendant("model/cq:dialog/content/items")
        else { return nil }
        return FragmentModel(
            path: path, configuration: configuration, title: content.text("jcr:title") ?? node.name,
            fields: items.children.compactMap(field))
    }

    /// The field an item describes; `nil` for items without a name (tab placeholders) or of an unknown kind.
    static func field(_ item: DocViewNode) -> ModelField? {
        guard let name = item.text("name"), !name.isEmpty, let metaType = item.text("metaType") else { return nil }
        let valueType = item.text("valueType") ?? "string"
        let baseType = valueType.split(separator: "/").first.map(String.init) ?? valueType
        let kind: ModelField.Kind
        switch metaType {
        case "text-single": kind = .text
        case "text-multi": kind = .richText(allowedModels: allowedModels(item))
        case "number":
            let numberType = baseType.hasSuffix("[]") ? String(baseType.dropLast(2)) : baseType
            kind =
                numberType == "long" || (numberType != "double" && item.text("typeHint") == "long") ? .integer : .float
        case "boolean": kind = .boolean
        case "date": kind = .date
        case "enumeration": kind = .enumeration(values: enumerationValues(item))
        case "tags": kind = .tags
        case "reference": kind = .contentReference
        case "fragment-reference": kind = .fragmentReference(allowedModels: allowedModels(item))
        case "json": kind = .json
        default: return nil
        }
        return ModelField(
            name: name, kind: kind, isMultiple: valueType.hasSuffix("[]"), isRequired: item.text("required") == "on",
            label: item.text("fieldLabel"), validation: validation(item))
    }

    /// A custom validation: `validation="cfm.validation.custom"`, its pattern and message on `granite:data`.
    private static func validation(_ item: DocViewNode) -> (pattern: String, message: String?)? {
        guard item.text("validation") == "cfm.validation.custom",
            let data = item.child("granite:data"), let pattern = data.text("validationRegex"), !pattern.isEmpty
        else { return nil }
        return (pattern, data.text("customErrorMsg"))
    }

    /// `fragmentmodelreference`: one model path or several.
    private static func allowedModels(_ item: DocViewNode) -> [String] {
        item.value("fragmentmodelreference")?.elements.compactMap(\.text).filter { !$0.isEmpty } ?? []
    }

    /// The options of an enumeration: `optionsmultifield/item*/@fieldValue`, else an `options` property
    /// (a multi-value, or one comma-separated text).
    private static func enumerationValues(_ item: DocViewNode) -> [String] {
        if let options = item.child("optionsmultifield") {
            let values = options.children.compactMap { $0.text("fieldValue") }
            if !values.isEmpty { return values }
        }
        guard let options = item.value("options") else { return [] }
        if case .array(let values) = options { return values.compactMap(\.text) }
        return (options.text ?? "").split(separator: ",").map { String($0) }.filter { !$0.isEmpty }
    }
}
