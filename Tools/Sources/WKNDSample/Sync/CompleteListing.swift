import AEMHeadless

/// A list query whose entries already hold an item as its by-path query answers it: the list selects every field the
/// by-path query selects under `item`, with the same arguments, and the by-path query selects nothing else (no
/// `_references`, which a list holds for all its items together). Then a sync stores each entry as it is listed,
/// without a request per item.
///
/// Both queries are compared from their stored texts, with the variables each is sent.
struct CompleteListing: Sendable, Hashable {
    /// What the by-path query selects under `item`.
    let item: SelectedFields

    /// The arguments that choose which items a list holds and in what order, not what each holds.
    static let listArguments: Set<String> = ["offset", "limit", "first", "after", "sort", "filter", "_locale"]
    /// The argument that names the by-path query's item.
    static let pathArgument = "_path"

    /// Nil when either text cannot be read or the list does not hold everything the by-path query answers.
    init?(
        byPath byPathText: String, key byPathKey: String, variables byPathVariables: [String: QueryVariable?],
        list listText: String, variables listVariables: [String: QueryVariable?]
    ) {
        guard let byPathDocument = QueryDocument(text: byPathText), let listDocument = QueryDocument(text: listText),
            let byPathRoot = SelectedFields(
                byPathDocument.selections, in: byPathDocument, variables: byPathVariables),
            let listRoot = SelectedFields(listDocument.selections, in: listDocument, variables: listVariables),
            let byPath = byPathRoot.field(byPathKey), byPath.selections.fields.count == 1,
            let item = byPath.selections.field("item"),
            listRoot.fields.count == 1, let list = listRoot.fields.first, list.typeCondition == nil,
            let entries = list.selections.field("items") ?? list.selections.field("edges")?.selections.field("node")
        else { return nil }
        let listed = list.arguments.filter { !Self.listArguments.contains($0.key) }
        let asked = byPath.arguments.filter { $0.key != Self.pathArgument }
        guard listed == asked, entries.selections.covers(item.selections) else { return nil }
        self.item = item.selections
    }

    /// The by-path query's data member for a list entry: `{"item": …}` holding the entry's members that the by-path
    /// query selects, in its order.
    func byPathAnswer(for entry: UntypedJSON) -> UntypedJSON {
        .object([UntypedJSON.Member("item", item.project(entry))])
    }
}
