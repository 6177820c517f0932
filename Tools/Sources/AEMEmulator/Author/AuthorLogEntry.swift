import Foundation

/// One line of the author log: a fragment's whole state after a write, or its removal. Replaying the lines in order
/// gives the author tier as it was; the last line of a path wins.
enum AuthorLogEntry: Sendable {
    case put(AuthorRecord)
    case removed(path: String)

    var path: String {
        switch self {
        case .put(let record): record.fragment.path
        case .removed(let path): path
        }
    }
}

extension AuthorLogEntry: Codable {
    private enum Keys: String, CodingKey { case put, removed }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        if let path = try container.decodeIfPresent(String.self, forKey: .removed) {
            self = .removed(path: path)
        } else {
            self = .put(try container.decode(AuthorRecord.self, forKey: .put))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .put(let record): try container.encode(record, forKey: .put)
        case .removed(let path): try container.encode(path, forKey: .removed)
        }
    }
}

extension AuthorRecord: Codable {
    private enum Keys: String, CodingKey {
        case fragment, status, revision, created, modified, published, live, preview, versions
    }

    // What preview serves is written only where it differs from what publish serves: a line without `preview` (every
    // line written before the preview tier was) means preview serves what publish does, and `"preview": null` that
    // preview does not serve the fragment.

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let live = try container.decodeIfPresent(StoredFragment.self, forKey: .live)?.fragment
        let preview: ContentFragment?
        if !container.contains(.preview) {
            preview = live
        } else if try container.decodeNil(forKey: .preview) {
            preview = nil
        } else {
            preview = try container.decode(StoredFragment.self, forKey: .preview).fragment
        }
        self.init(
            fragment: try container.decode(StoredFragment.self, forKey: .fragment).fragment,
            status: try container.decode(FragmentStatus.self, forKey: .status),
            revision: try container.decode(Int.self, forKey: .revision),
            created: try container.decode(Stamp.self, forKey: .created),
            modified: try container.decode(Stamp.self, forKey: .modified),
            published: try container.decodeIfPresent(Stamp.self, forKey: .published),
            live: live, preview: preview,
            versions: try container.decodeIfPresent([Version].self, forKey: .versions) ?? [])
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(StoredFragment(fragment), forKey: .fragment)
        try container.encode(status, forKey: .status)
        try container.encode(revision, forKey: .revision)
        try container.encode(created, forKey: .created)
        try container.encode(modified, forKey: .modified)
        try container.encodeIfPresent(published, forKey: .published)
        let live = live.map(StoredFragment.init)
        try container.encodeIfPresent(live, forKey: .live)
        let preview = preview.map(StoredFragment.init)
        if preview != live {
            if let preview {
                try container.encode(preview, forKey: .preview)
            } else {
                try container.encodeNil(forKey: .preview)
            }
        }
        if !versions.isEmpty { try container.encode(versions, forKey: .versions) }
    }
}

extension AuthorRecord.Version: Codable {
    private enum Keys: String, CodingKey { case id, title, label, comment, created, content }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            title: try container.decode(String.self, forKey: .title),
            label: try container.decodeIfPresent(String.self, forKey: .label),
            comment: try container.decodeIfPresent(String.self, forKey: .comment),
            created: try container.decode(AuthorRecord.Stamp.self, forKey: .created),
            content: try container.decode(StoredFragment.self, forKey: .content).fragment)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encodeIfPresent(label, forKey: .label)
        try container.encodeIfPresent(comment, forKey: .comment)
        try container.encode(created, forKey: .created)
        try container.encode(StoredFragment(content), forKey: .content)
    }
}

/// A fragment as the author log writes it.
private struct StoredFragment: Codable, Equatable {
    var path: String
    var uuid: String
    var modelPath: String
    var title: String?
    var description: String?
    var lastModified: Date?
    var created: Date?
    var tags: [String]
    var master: [String: StoredValue]
    var variations: [StoredVariation]?

    struct StoredVariation: Codable, Equatable {
        var name: String
        var values: [String: StoredValue]
    }

    init(_ fragment: ContentFragment) {
        path = fragment.path
        uuid = fragment.uuid
        modelPath = fragment.modelPath
        title = fragment.title
        description = fragment.description
        lastModified = fragment.lastModified
        created = fragment.created
        tags = fragment.tags
        master = fragment.master.mapValues(StoredValue.init)
        variations =
            fragment.variations.isEmpty
            ? nil
            : fragment.variations.map { StoredVariation(name: $0.name, values: $0.values.mapValues(StoredValue.init)) }
    }

    var fragment: ContentFragment {
        ContentFragment(
            path: path, uuid: uuid, modelPath: modelPath, title: title, description: description,
            lastModified: lastModified, created: created, tags: tags, master: master.mapValues(\.value),
            variations: (variations ?? []).map { ($0.name, $0.values.mapValues(\.value)) })
    }
}

/// A ``JCRValue`` as the author log writes it: one member naming its type.
private struct StoredValue: Codable, Equatable {
    let value: JCRValue

    init(_ value: JCRValue) { self.value = value }

    private enum Keys: String, CodingKey { case s, l, d, b, t, at, a }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        if let text = try container.decodeIfPresent(String.self, forKey: .s) {
            value = .string(text)
        } else if let number = try container.decodeIfPresent(Int.self, forKey: .l) {
            value = .long(number)
        } else if let number = try container.decodeIfPresent(Double.self, forKey: .d) {
            value = .double(number)
        } else if let flag = try container.decodeIfPresent(Bool.self, forKey: .b) {
            value = .boolean(flag)
        } else if let text = try container.decodeIfPresent(String.self, forKey: .t) {
            value = .date(Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .at)), text: text)
        } else {
            value = .array(try container.decode([StoredValue].self, forKey: .a).map(\.value))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch value {
        case .string(let text): try container.encode(text, forKey: .s)
        case .long(let number): try container.encode(number, forKey: .l)
        case .double(let number): try container.encode(number, forKey: .d)
        case .boolean(let flag): try container.encode(flag, forKey: .b)
        case .date(let date, let text):
            try container.encode(text, forKey: .t)
            try container.encode(date.timeIntervalSince1970, forKey: .at)
        case .array(let values): try container.encode(values.map(StoredValue.init), forKey: .a)
        }
    }
}
