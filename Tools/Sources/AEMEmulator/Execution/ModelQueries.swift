import AEMWireFormats
import Foundation
import GraphQL

/// The resolvers of one model's query fields: `<model>ByPath`, `<model>List` and `<model>Paginated`, and the
/// `_references` of their results.
struct ModelQueries: Sendable {
    let model: ModelIndex
    let index: ContentIndex
    /// The models of the schema: fragments of other models are not served through it.
    let modelPaths: Set<String>

    /// `first` when a paginated query gives none, and the most it may ask for.
    static let defaultPageSize = 50
    static let maximumPageSize = 100

    func byPath(_ arguments: Map, info: GraphQLResolveInfo) throws -> ResultSource {
        let path = arguments.argumentText("_path") ?? ""
        guard let fragment = index.repository.fragments[path], fragment.modelPath == model.model.path else {
            throw FetchFailure("Path: '\(path)' did not yield a Content Fragment", at: info.path)
        }
        let node = FragmentNode(
            fragment: fragment, typeName: model.naming.typeName, variation: arguments.argumentText("variation"),
            transform: AssetTransformation(arguments.argument("_assetTransform")))
        return ResultSource(
            items: [node],
            selectedFields: SelectedFields.names(under: ["item"], in: info.fieldASTs, fragments: info.fragments))
    }

    func list(_ arguments: Map, info: GraphQLResolveInfo) throws -> ResultSource {
        let variation = arguments.argumentText("variation")
        let transform = AssetTransformation(arguments.argument("_assetTransform"))
        let sort = try sortSpecification(arguments, info: info)
        let filter = FragmentFilter(arguments.argument("filter"), model: model, index: index)
        let locale = LocaleArgument(arguments)
        let offset = max(0, arguments.argumentInt("offset") ?? 0)
        let limit = arguments.argumentInt("limit").map { max(0, $0) } ?? Int.max
        var items: [FragmentNode] = []
        var skipped = 0
        func visit(_ fragment: ContentFragment, _ language: LanguageCode?, _ variation: String?) -> Bool {
            guard locale?.matches(language) ?? true, filter?.matches(fragment, variation: variation) ?? true else {
                return true
            }
            if skipped < offset {
                skipped += 1
                return true
            }
            guard items.count < limit else { return false }
            items.append(
                FragmentNode(
                    fragment: fragment, typeName: model.naming.typeName, variation: variation, transform: transform))
            return items.count < limit
        }
        if arguments.argument("includeVariations") == .bool(true) {
            // Every variation is an item of its own: no cached order applies.
            let all = model.fragments.flatMap { fragment in
                [(fragment, nil as String?)] + fragment.variations.map { (fragment, Optional($0.name)) }
            }
            for (fragment, variation) in all where !visit(fragment, LocaleArgument.language(of: fragment), variation) {
                break
            }
        } else {
            let order = model.order(sort: sort, variation: variation, tieBreak: .path)
            let languages = locale == nil ? nil : model.languages
            for position in order.indices
            where !visit(model.fragments[position], languages?[position] ?? nil, variation) {
                break
            }
        }
        return ResultSource(
            items: items,
            selectedFields: SelectedFields.names(under: ["items"], in: info.fieldASTs, fragments: info.fragments))
    }

    func paginated(_ arguments: Map, info: GraphQLResolveInfo) throws -> ConnectionSource {
        let variation = arguments.argumentText("variation")
        let transform = AssetTransformation(arguments.argument("_assetTransform"))
        let sort = try sortSpecification(arguments, info: info)
        let filter = FragmentFilter(arguments.argument("filter"), model: model, index: index)
        let locale = LocaleArgument(arguments)
        let first = min(Self.maximumPageSize, max(0, arguments.argumentInt("first") ?? Self.defaultPageSize))
        let order = model.order(sort: sort, variation: variation, tieBreak: .uuid)
        var start = 0
        if let after = arguments.argumentText("after") {
            guard let uuid = PageCursor.uuid(in: after), let position = model.position(ofUUID: uuid, in: order) else {
                throw FetchFailure("Invalid cursor '\(after)'", at: info.path)
            }
            start = position + 1
        }
        let languages = locale == nil ? nil : model.languages
        var edges: [EdgeSource] = []
        var hasNextPage = false
        for position in order.indices[min(start, order.indices.count)...] {
            let fragment = model.fragments[position]
            guard locale?.matches(languages?[position] ?? nil) ?? true,
                filter?.matches(fragment, variation: variation) ?? true
            else { continue }
            guard edges.count < first else {
                hasNextPage = true
                break
            }
            let node = FragmentNode(
                fragment: fragment, typeName: model.naming.typeName, variation: variation, transform: transform)
            edges.append(EdgeSource(cursor: cursor(for: fragment, sort: sort, variation: variation), node: node))
        }
        let pageInfo = PageInfoSource(
            startCursor: edges.first?.cursor, endCursor: edges.last?.cursor, hasNextPage: hasNextPage,
            hasPreviousPage: start > 0)
        return ConnectionSource(edges: edges, pageInfo: pageInfo)
    }

    /// The fragments and assets that the selected rich-text and reference fields of `result`'s items point to,
    /// de-duplicated, in document order; targets that do not exist are left out.
    func references(of result: ResultSource) -> [any Sendable] {
        var seen: Set<String> = []
        var references: [any Sendable] = []
        for item in result.items {
            guard let itemModel = index.models[item.fragment.modelPath] else { continue }
            for field in itemModel.model.fields where result.selectedFields.contains(field.name) {
                guard let stored = item.value(of: field.name) else { continue }
                let paths: [String]
                var pagesToo = false
                switch field.kind {
                case .richText:
                    let contentType = item.value(of: field.name + "@ContentType")?.text ?? "text/html"
                    paths = stored.elements.compactMap(\.text).flatMap { text in
                        index.richText(html: RichTextValue(text: text, contentType: contentType).html).referencedPaths
                    }
                case .contentReference:
                    paths = stored.elements.compactMap(\.text)
                    pagesToo = true
                case .fragmentReference:
                    paths = stored.elements.compactMap(\.text)
                default:
                    continue
                }
                for path in paths where !seen.contains(path) {
                    if let fragment = index.fragmentNode(at: path, variation: nil, transform: item.transform),
                        modelPaths.contains(fragment.fragment.modelPath)
                    {
                        seen.insert(path)
                        references.append(fragment)
                    } else if let asset = index.assetNode(at: path, transform: item.transform) {
                        seen.insert(path)
                        references.append(asset)
                    } else if pagesToo, let page = index.referenceNode(at: path, transform: nil) {
                        seen.insert(path)
                        references.append(page)
                    }
                }
            }
        }
        return references
    }

    private func sortSpecification(_ arguments: Map, info: GraphQLResolveInfo) throws -> SortSpecification? {
        guard let text = arguments.argumentText("sort"), !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            return nil
        }
        do {
            return try SortSpecification(text, sortableFields: model.sortableFields)
        } catch {
            throw FetchFailure(error.message, at: info.path)
        }
    }

    private func cursor(for fragment: ContentFragment, sort: SortSpecification?, variation: String?) -> String {
        let key =
            sort?.keys.map { key in
                switch key.field {
                case "_path": fragment.path
                case "_id": fragment.uuid
                default: SortSpecification.Value(fragment.value(of: key.field, variation: variation))?.text ?? ""
                }
            }.joined(separator: ",") ?? ""
        return PageCursor.encode(sortKey: key, uuid: fragment.uuid)
    }
}

extension Map {
    /// The member `key` of an object (`.undefined` for anything else), so an absent argument reads as absent.
    func argument(_ key: String) -> Map {
        guard case .dictionary(let members) = self else { return .undefined }
        return members[key] ?? .undefined
    }

    /// The member `key` when it is a string.
    func argumentText(_ key: String) -> String? {
        if case .string(let text) = argument(key) { return text }
        return nil
    }

    /// The member `key` when it is a number, as an integer.
    func argumentInt(_ key: String) -> Int? {
        if case .number(let number) = argument(key) { return number.intValue }
        return nil
    }
}
