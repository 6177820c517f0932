import Foundation

/// A fragment's values as the Sites API gives and takes them (aem-openapi.md §4.2): a `fields` array in the model's
/// order, each `{name, type, multiple, values}` (long text adds `mimeType`), `values` always an array; and the
/// checks a written value passes (``AuthorRules/refusesInvalidValues``).
struct SitesFields {
    let model: FragmentModel?
    /// Whether a fragment exists at a path or with an id (a `content-fragment` value must name one).
    let fragmentExists: (String) -> String?
    /// Whether an asset exists at a path (a `content-reference` value must name one).
    let assetExists: (String) -> Bool

    /// The Sites API's type of a model field.
    static func typeName(_ kind: ModelField.Kind) -> String {
        switch kind {
        case .text: "text"
        case .richText: "long-text"
        case .integer: "number"
        case .float: "float-number"
        case .boolean: "boolean"
        case .date: "date-time"
        case .enumeration: "enumeration"
        case .tags: "tag"
        case .contentReference: "content-reference"
        case .fragmentReference: "content-fragment"
        case .json: "json"
        }
    }

    /// The fields a model gives a fragment: its own, or, without a model, each stored value as text.
    var fieldList: [ModelField] {
        model?.fields ?? []
    }

    /// The `fields` array of `values` (a fragment's master or a variation).
    func json(_ values: [String: JCRValue]) -> OrderedJSON {
        .array(fieldList.map { field in json(field, values) })
    }

    /// One field object.
    func json(_ field: ModelField, _ values: [String: JCRValue]) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = [
            ("name", .string(field.name)), ("type", .string(Self.typeName(field.kind))),
            ("multiple", .bool(field.isMultiple)), ("values", .array(self.values(of: field, in: values))),
        ]
        if case .richText = field.kind {
            members.append(
                (
                    "mimeType",
                    .string(values[field.name + "@ContentType"]?.text ?? DeliveryRules.defaultRichTextMimeType)
                ))
        }
        return .object(members)
    }

    /// The values of `field` as JSON.
    func values(of field: ModelField, in values: [String: JCRValue]) -> [OrderedJSON] {
        guard let stored = values[field.name] else { return [] }
        return stored.elements.compactMap { value in
            switch field.kind {
            case .integer:
                if case .long(let number) = value { return .int(number) }
                return value.text.flatMap(Double.init).map { .number($0.rounded(.towardZero)) }
            case .float:
                if case .double(let number) = value { return .number(number) }
                if case .long(let number) = value { return .int(number) }
                return value.text.flatMap(Double.init).map(OrderedJSON.number)
            case .boolean:
                if case .boolean(let flag) = value { return .bool(flag) }
                return value.text.flatMap { Bool($0.lowercased()) }.map(OrderedJSON.bool)
            case .json:
                guard let text = value.text else { return nil }
                return RequestJSON.parse(Array(text.utf8))?.ordered ?? .string(text)
            default:
                guard let text = value.text, !text.isEmpty else { return nil }
                return .string(text)
            }
        }
    }

    /// The field named `name`.
    func field(named name: String) -> ModelField? {
        fieldList.first { $0.name == name }
    }

    /// Stores `written` (a field's `values` as sent) as `field`'s value in `values`, after checking it; an empty
    /// array clears it. `mimeType`, for long text, is stored beside it.
    /// - Throws: ``SitesError`` (400) naming the field and what is wrong.
    func store(
        _ written: [RequestJSON], mimeType: String? = nil, for field: ModelField, in values: inout [String: JCRValue]
    ) throws(SitesError) {
        if !field.isMultiple, written.count > 1 {
            throw .invalid("The field \(field.name) takes one value; \(written.count) were given.")
        }
        let converted = try written.map { value throws(SitesError) in try convert(value, for: field) }
        if let mimeType {
            guard ["text/html", "text/plain", "text/x-markdown"].contains(mimeType) else {
                throw .invalid(
                    "The field \(field.name) takes text/html, text/plain or text/x-markdown, not \(mimeType).")
            }
            values[field.name + "@ContentType"] = .string(mimeType)
        }
        if converted.isEmpty {
            values[field.name] = nil
        } else {
            values[field.name] = field.isMultiple ? .array(converted) : converted[0]
        }
    }

    /// Checks that every required field of `values` has a value.
    /// - Throws: ``SitesError`` (400) naming the first that has none.
    func checkRequired(_ values: [String: JCRValue], among names: Set<String>? = nil) throws(SitesError) {
        for field in fieldList where field.isRequired && (names?.contains(field.name) ?? true) {
            if self.values(of: field, in: values).isEmpty {
                throw .invalid("The field \(field.name) is required: it must have a value.")
            }
        }
    }

    /// One value as stored, when the field takes it.
    private func convert(_ value: RequestJSON, for field: ModelField) throws(SitesError) -> JCRValue {
        func wrong(_ expected: String) -> SitesError {
            .invalid("The field \(field.name) (\(Self.typeName(field.kind))) takes \(expected), not \(value.kindName).")
        }
        switch field.kind {
        case .integer:
            guard case .number(let number) = value, number == number.rounded(), abs(number) < 9e15 else {
                throw wrong("whole numbers")
            }
            return .long(Int(number))
        case .float:
            guard case .number(let number) = value, number.isFinite else { throw wrong("numbers") }
            return .double(number)
        case .boolean:
            guard case .bool(let flag) = value else { throw wrong("true or false") }
            return .boolean(flag)
        case .json:
            return .string(String(decoding: value.ordered.serialized, as: UTF8.self))
        default:
            guard case .string(let text) = value else { throw wrong("text") }
            return try convert(text, for: field)
        }
    }

    private func convert(_ text: String, for field: ModelField) throws(SitesError) -> JCRValue {
        switch field.kind {
        case .enumeration(let allowed):
            guard allowed.isEmpty || allowed.contains(text) else {
                throw .invalid(
                    "The field \(field.name) takes one of \(allowed.joined(separator: ", ")); \"\(text)\" is not among them."
                )
            }
        case .date:
            guard let date = Self.date(text) else {
                throw .invalid("The field \(field.name) takes an ISO 8601 date and time, such as 2026-05-01T10:00:00Z.")
            }
            return .date(date, text: text)
        case .tags:
            guard text.contains(":"), !text.hasPrefix(":"), !text.contains(" ") else {
                throw .invalid("The field \(field.name) takes tag ids such as wknd-shared:activity/surfing.")
            }
        case .contentReference:
            guard assetExists(text) else {
                throw .invalid("The field \(field.name) refers to \(text), which is no asset of this service.")
            }
        case .fragmentReference:
            guard let path = fragmentExists(text) else {
                throw .invalid(
                    "The field \(field.name) refers to \(text), which is no content fragment of this service.")
            }
            return .string(path)
        default:
            break
        }
        if let validation = field.validation, !Self.matches(text, validation.pattern) {
            throw .invalid(
                "The field \(field.name) does not match its model's pattern \(validation.pattern)"
                    + (validation.message.map { ": \($0)" } ?? "."))
        }
        return .string(text)
    }

    /// Whether the whole of `text` matches `pattern`.
    private static func matches(_ text: String, _ pattern: String) -> Bool {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return true }
        let range = NSRange(text.startIndex..., in: text)
        return expression.firstMatch(in: text, options: [.anchored], range: range).map { $0.range == range } ?? false
    }

    private static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [
            [.withInternetDateTime, .withFractionalSeconds], [.withInternetDateTime], [.withFullDate],
        ] {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
