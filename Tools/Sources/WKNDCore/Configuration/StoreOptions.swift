import AEMHeadless
import AEMHeadlessSync
import ArgumentParser
import Foundation

/// `--store DIR` and what reads it: answer from a folder `wknd sync` filled, with no network, and narrow what it holds
/// with `--search` and `--where` (compiled to SQLite by `FragmentQuery`).
package struct StoreOptions: ParsableArguments {
    package init() {}

    @Option(
        help: ArgumentHelp(
            "Answer from this synced folder (`wknd sync DIR`), with no network.", valueName: "dir"))
    package var store: String?

    @Option(
        help: ArgumentHelp(
            "With --store: only what holds these words in its title or rich text, best match first.",
            valueName: "text"))
    package var search: String?

    @Option(
        name: .customLong("where"),
        help: ArgumentHelp(
            "With --store: a condition on members, such as 'price<500 AND activity~surf' (=, !=, <, <=, >, >=, ~ contains, IN (a, b); AND, OR, NOT).",
            valueName: "condition"))
    package var condition: String?

    package func validate() throws {
        if store == nil, search != nil || condition != nil {
            throw ValidationError("--search and --where read a synced folder: give it with --store DIR.")
        }
    }

    /// The folder's store, opened read-only.
    package func open() throws -> ContentStore {
        guard let store else { throw Failure(.usage, "No --store folder was given.") }
        return try Self.open(store)
    }

    /// The store in `folder`, opened read-only; a folder that holds none is a failure saying how to fill it.
    package static func open(_ folder: String) throws -> ContentStore {
        do {
            return try ContentStore(directory: URL(fileURLWithPath: folder))
        } catch let error as SyncError {
            throw failure(error)
        }
    }

    /// The query of `--search` and `--where`, with `sort` (`price DESC, title`), `limit`, `offset` and the rest.
    package func query(
        model: String? = nil, folder: String? = nil, locale: ContentLocale? = nil, sort: String?, limit: Int?,
        offset: Int?
    ) throws -> FragmentQuery {
        do {
            return FragmentQuery(
                model: model, folder: folder, locale: locale,
                where: try condition.map { try FragmentPredicate(parsing: $0) },
                search: search, sort: try sort.map { try FragmentSort.parsing($0) } ?? [], limit: limit,
                offset: offset ?? 0)
        } catch let error as SyncError {
            throw Self.failure(error)
        }
    }

    /// Runs `body` with the store, turning its failures into the command's.
    package func read<T>(_ body: (ContentStore) throws -> T) throws -> T {
        let store = try open()
        do {
            return try body(store)
        } catch let error as SyncError {
            throw Self.failure(error)
        }
    }

    package static func failure(_ error: SyncError) -> Failure {
        switch error.kind {
        case .invalidQuery: Failure(.usage, error.message)
        default:
            Failure(.notFound, error.message, details: error.underlyingError.map { [String(describing: $0)] } ?? [])
        }
    }
}
