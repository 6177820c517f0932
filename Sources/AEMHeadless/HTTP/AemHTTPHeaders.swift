/// HTTP header fields in order, with case-insensitive look-up.
public struct AemHTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// Every field in the order added, names as given.
    public private(set) var fields: [(name: String, value: String)] = []

    /// No fields.
    public init() {}

    /// The fields in the order written, as with `add(name:value:)`; a name may repeat.
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { add(name: name, value: value) }
    }

    /// The first value of the field `name`, ignoring case.
    public subscript(name: String) -> String? {
        fields.first { $0.name.caseInsensitiveEquals(name) }?.value
    }

    /// Adds a field, keeping any others of the same name.
    public mutating func add(name: String, value: String) {
        fields.append((name, value))
    }

    /// Replaces every field `name` with one field holding `value`.
    public mutating func set(name: String, value: String) {
        remove(name: name)
        fields.append((name, value))
    }

    /// The fields of a conditional GET from a response's validators: `If-None-Match` for its
    /// `ETag`, `If-Modified-Since` for its `Last-Modified`; nil leaves a field out.
    package mutating func setConditions(etag: String?, lastModified: String?) {
        if let etag { set(name: "If-None-Match", value: etag) }
        if let lastModified { set(name: "If-Modified-Since", value: lastModified) }
    }

    /// Removes every field `name`, ignoring case.
    public mutating func remove(name: String) {
        fields.removeAll { $0.name.caseInsensitiveEquals(name) }
    }

    /// Iterates over the fields in order.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    /// Whether both hold the same fields in the same order; names compare with their case.
    public static func == (lhs: AemHTTPHeaders, rhs: AemHTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }

    /// Hashes the fields in order.
    public func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.name)
            hasher.combine(field.value)
        }
    }
}

extension String {
    func caseInsensitiveEquals(_ other: String) -> Bool {
        utf8.count == other.utf8.count && lowercased() == other.lowercased()
    }
}
