import Foundation

/// Reading a delivered fragment's fields: one as JSON, as a caller's type or as rich text, and
/// the fragments and assets a reference field points to.
extension DeliveredFragment {
    /// The field `name` as AEM sent it, or nil when the fragment has no value for it.
    public func field(_ name: String) -> UntypedJSON? {
        guard let value = fields[name], !value.isNull else { return nil }
        return value
    }

    /// The field `name` decoded into `type`, or nil when the fragment has no value for it.
    /// - Throws: `DecodingError` when the value does not fit `type`.
    public func field<Value: Decodable>(_ name: String, as type: Value.Type) throws -> Value? {
        try field(name)?.decode(type)
    }

    /// All the fields decoded into one of the caller's types, whose properties are named as the
    /// model's fields.
    /// - Throws: `DecodingError` when the fields do not fit `type`.
    public func fields<Value: Decodable>(as type: Value.Type) throws -> Value {
        try fields.decode(type)
    }

    /// The whole fragment object (`id`, `path`, `title`, `fields`…) decoded into a caller's type.
    /// - Throws: `DecodingError` when the object does not fit `type`.
    public func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try json.decode(type)
    }

    /// The identifiers a reference field holds: its one value or each of its values that is text.
    public func identifiers(in name: String) -> [String] {
        guard let value = field(name) else { return [] }
        if let text = value.stringValue { return text.isEmpty ? [] : [text] }
        return (value.arrayValue ?? []).compactMap(\.stringValue).filter { !$0.isEmpty }
    }

    /// The fragments the field `name` references, in the field's order, as far as `references`
    /// holds them (fetch with references for them to be there).
    public func referencedFragments(in name: String) -> [DeliveredFragment] {
        identifiers(in: name).compactMap { identifier in
            if case .fragment(let fragment)? = references[identifier] { return fragment }
            return nil
        }
    }

    /// The assets the field `name` references, in the field's order, as far as `references` holds them.
    public func referencedAssets(in name: String) -> [DeliveredAsset] {
        identifiers(in: name).compactMap { identifier in
            if case .asset(let asset)? = references[identifier] { return asset }
            return nil
        }
    }

    /// Every asset in `references`, sorted by path: the images a fragment needs, such as for a download.
    public var referencedAssetList: [DeliveredAsset] {
        references.values.compactMap { reference -> DeliveredAsset? in
            if case .asset(let asset) = reference { return asset }
            return nil
        }
        .sorted { $0.path < $1.path }
    }

    /// The multi-line text field `name` (`{"value": …, "mimeType": …}`) as `RichText`: its HTML,
    /// Markdown or plain text by MIME type, with the `json` nodes and the `plaintext` read from
    /// HTML. Nil when the field has no value; an empty `RichText` when it is set but empty.
    public func richText(_ name: String) -> RichText? {
        guard let value = field(name) else { return nil }
        if let text = value.stringValue { return RichText(plaintext: text) }
        guard value.members != nil else { return nil }
        return RichText(delivered: value)
    }

    /// Each value of a multi-valued multi-line text field as `RichText`; one element for a
    /// single value.
    public func richTexts(_ name: String) -> [RichText] {
        guard let value = field(name) else { return [] }
        if let elements = value.arrayValue { return elements.compactMap { RichText(delivered: $0) } }
        return richText(name).map { [$0] } ?? []
    }
}

extension RichText {
    /// A delivery multi-line value, `{"value": "<p>…</p>", "mimeType": "text/html"}`: HTML also
    /// read into `json` nodes and `plaintext`, Markdown and plain text kept as they are.
    init?(delivered json: UntypedJSON) {
        guard json.members != nil else { return nil }
        let value = json["value"]?.stringValue ?? ""
        let mimeType = (json["mimeType"]?.stringValue ?? "text/html").lowercased()
        if mimeType.contains("markdown") {
            self.init(plaintext: value, markdown: value)
        } else if mimeType.contains("html") {
            let nodes = HTMLRichTextReader.nodes(html: value)
            self.init(plaintext: nodes.map(\.plainText).joined(separator: "\n"), html: value, json: nodes)
        } else {
            self.init(plaintext: value)
        }
    }
}
