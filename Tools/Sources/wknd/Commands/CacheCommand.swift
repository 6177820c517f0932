import AEMHeadlessSQLiteCache
import ArgumentParser
import Foundation
import WKNDCore

/// `wknd cache`: where the response cache is, what it holds, and emptying it.
struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show or clear the response cache of list, show and query.",
        discussion: """
            `wknd list`, `wknd show` and `wknd query` (a single answer, not
            --raw or --all) keep AEM's answers in a response cache and reuse
            them as long as AEM's Cache-Control allows. The cache is
            one SQLite file: WKND_CACHE_DIR when set, else
            $XDG_CACHE_HOME/wknd, else ~/.cache/wknd (~/Library/Caches/wknd
            on macOS). It holds at most WKND_CACHE_MAX_MIB mebibytes
            (default 256); the least recently used answers go first.

            POLICIES (--cache-policy of list, show and query)
              useHTTPSemantics          the default: fresh answers from the
                                        cache, stale ones revalidated; AEM
                                        failing: the stale answer, flagged
              returnCacheDataElseFetch  any cached answer, however old
              fetchIgnoringCacheData    always ask AEM (--refresh)
              returnCacheDataDontFetch  the cache only (--offline)
              returnCacheDataAndFetch   asks AEM too: its answer when it
                                        differs from the cached one; the
                                        cached one if AEM fails

            EXAMPLES
              wknd cache stats
              wknd cache list
              wknd cache path
              wknd cache clear
            """,
        subcommands: [Stats.self, List.self, Clear.self, Path.self]
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract:
                "List the stored answers, newest first: age, size, what content each holds, and whether a change made it stale."
        )

        @Option(help: "The most answers listed.")
        var limit = 50

        @Flag(help: "One JSON object a line: url, status, storedAt, ageSeconds, bytes, tags, changeMark.")
        var json = false

        func run() async throws {
            try CacheCommand.withCache { cache, location in
                let now = Date()
                let dates = ISO8601DateFormatter()
                let entries = try cache.entries(limit: limit)
                if entries.isEmpty {
                    Console(verbose: false).note(
                        "the response cache at \(location.fileURL.path) holds no answers; `wknd list` fills it")
                }
                for entry in entries {
                    let age = now.timeIntervalSince(entry.storedAt)
                    if json {
                        let object: [String: Any] = [
                            "url": entry.url, "status": entry.status,
                            "storedAt": dates.string(from: entry.storedAt),
                            "ageSeconds": Int(age), "bytes": entry.bytes, "tags": entry.tags.sorted(),
                            "changeMark": entry.changeMark as Any,
                        ]
                        let data = try JSONSerialization.data(
                            withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
                        print(String(decoding: data, as: UTF8.self))
                        continue
                    }
                    let holds = entry.tags.filter { $0.hasPrefix("cf:") }.count
                    let models = entry.tags.filter { $0.hasPrefix("model:") }.map { String($0.dropFirst(6)) }.sorted()
                    var line = "\(CommandCache.ageText(age)) old\t\(Stats.sizeText(entry.bytes))\t\(entry.url)"
                    line += "\tholds \(holds) path\(holds == 1 ? "" : "s")"
                    if !models.isEmpty { line += ", lists of " + models.joined(separator: ", ") }
                    if entry.changeMark != nil { line += "\tstale: content changed since" }
                    print(line)
                }
            }
        }
    }

    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats",
            abstract: "Show the entries, the size, the oldest answer and the hit ratio of the recent runs.")

        func run() async throws {
            try CacheCommand.withCache { cache, location in
                let stats = try cache.statistics()
                let runs = stats.recentRuns
                var lines = [
                    "path: \(location.fileURL.path)",
                    "entries: \(stats.entries)",
                    "size: \(Self.sizeText(stats.bytes)) of \(Self.sizeText(location.maxBytes)) (file on disk: \(Self.sizeText(stats.fileBytes)))",
                    "oldest: "
                        + (stats.oldest.map {
                            "\(Self.timestamp($0)) (\(CommandCache.ageText(Date().timeIntervalSince($0))) ago)"
                        } ?? "—"),
                ]
                if let ratio = runs.hitRatio {
                    lines.append(
                        "hit ratio: \(Int((ratio * 100).rounded()))% over the last \(stats.recentRunCount) runs "
                            + "(\(runs.hits) from the cache, \(runs.revalidated) revalidated, \(runs.misses) fetched)")
                } else {
                    lines.append("hit ratio: — (no runs recorded yet)")
                }
                Terminal.standardOutput.write(lines.joined(separator: "\n") + "\n")
            }
        }

        static func sizeText(_ bytes: Int) -> String {
            bytes < 1_048_576
                ? String(format: "%.1f KiB", Double(bytes) / 1024)
                : String(format: "%.1f MiB", Double(bytes) / 1_048_576)
        }

        static func timestamp(_ date: Date) -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyy-MM-dd HH:mm:ss 'UTC'"
            return formatter.string(from: date)
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove every cached answer.")

        func run() async throws {
            try CacheCommand.withCache { cache, location in
                let before = try cache.statistics()
                try cache.clear()
                let answers = before.entries == 1 ? "1 cached answer" : "\(before.entries) cached answers"
                Console(verbose: false).note("removed \(answers) from \(location.fileURL.path)")
            }
        }
    }

    struct Path: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "path", abstract: "Print the path of the cache file.")

        func run() async throws {
            do throws(Failure) {
                Terminal.standardOutput.write(try CacheLocation().fileURL.path + "\n")
            } catch {
                Console(verbose: false).report(error)
                throw ExitCode(error.status.rawValue)
            }
        }
    }

    /// Opens the cache and runs `body`; a failure is one line on stderr and its exit code.
    static func withCache(_ body: (SQLiteResponseCache, CacheLocation) throws -> Void) throws {
        let console = Console(verbose: false)
        do {
            let location = try CacheLocation()
            let cache = try SQLiteResponseCache(fileURL: location.fileURL, maxBytes: location.maxBytes) { event in
                console.warning(event.description)
            }
            try body(cache, location)
        } catch {
            let failure =
                error as? Failure
                ?? Failure(
                    .cannotCreate,
                    "The response cache cannot be used (\(error)); check the permissions of its folder, or set WKND_CACHE_DIR."
                )
            console.report(failure)
            throw ExitCode(failure.status.rawValue)
        }
    }
}
