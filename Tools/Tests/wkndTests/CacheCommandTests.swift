import AEMEmulator
import AEMHeadless
import AEMHeadlessSQLiteCache
import EmulatorTestSupport
import Foundation
import Testing
import WKNDSample

@testable import WKNDCore

/// Runs `body` with an emulator, the environment that points `wknd` at it with a cache folder
/// of its own, and that folder; removes the folder after.
private func withCachedEmulator<T>(_ body: (RunningEmulator, [String: String], URL) async throws -> T) async throws -> T
{
    try await withTemporaryFolder("wknd-cache") { parent in
        let folder = parent.appendingPathComponent("cache")
        return try await withEmulator { emulator, environment in
            try await body(emulator, environment.merging(["WKND_CACHE_DIR": folder.path]) { $1 }, folder)
        }
    }
}

/// Rewrites the cached answer to `wknd list [--limit n]` as if received `age` seconds ago,
/// optionally with other cache headers.
private func ageListAnswer(
    in folder: URL, emulator: RunningEmulator, limit: Int? = nil, by age: TimeInterval,
    cacheControl: String? = nil
) async throws {
    let cache = try SQLiteResponseCache(fileURL: folder.appendingPathComponent("responses.sqlite"))
    let key = CacheKey(
        url: "http://127.0.0.1:\(emulator.port)" + WKNDQueries.adventures(limit: limit).requestPath,
        identity: "anonymous")
    var entry = try #require(await cache.lookup(key), "no cached answer for \(key)")
    if let cacheControl { entry.headers.set(name: "Cache-Control", value: cacheControl) }
    entry.storedAt = Date().addingTimeInterval(-age)
    await cache.store(entry, for: key)
}

private func queryRequests(_ emulator: RunningEmulator) -> [EmulatorRequestRecord] {
    emulator.requests.filter { $0.path.hasPrefix("/graphql/") }
}

@Suite("wknd's response cache, end to end against the emulator")
struct CacheCommandTests {
    @Test("the second run is answered from the cache without a request; stats count it")
    func secondRunFromCache() async throws {
        try await withCachedEmulator { emulator, environment, folder in
            let empty = try await WkndRun.run(["cache", "list"], environment: environment)
            #expect(empty.status == 0 && empty.stdout.isEmpty)
            #expect(empty.stderr.contains("holds no answers"))
            let first = try await WkndRun.run(["list", "--json"], environment: environment)
            #expect(first.status == 0)
            #expect(first.stderr.isEmpty)
            #expect(queryRequests(emulator).count == 1)
            let second = try await WkndRun.run(["list", "--json"], environment: environment)
            #expect(second.status == 0)
            #expect(second.stderr.isEmpty)
            #expect(second.stdout == first.stdout)
            #expect(queryRequests(emulator).count == 1)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("responses.sqlite").path))

            let stats = try await WkndRun.run(["cache", "stats"], environment: environment)
            #expect(stats.status == 0)
            #expect(stats.stdout.contains("entries: 1\n"))
            #expect(stats.stdout.contains("hit ratio: 50% over the last 2 runs"))
            let path = try await WkndRun.run(["cache", "path"], environment: environment)
            #expect(path.stdout == folder.appendingPathComponent("responses.sqlite").path + "\n")
            // What the answer holds, so that a content event finds it.
            let listed = try await WkndRun.run(["cache", "list"], environment: environment)
            #expect(listed.stdout.contains("/graphql/execute.json/wknd-shared/adventures-all"))
            #expect(listed.stdout.contains("lists of adventure"))
            let json = try await WkndRun.run(["cache", "list", "--json"], environment: environment)
            let entry = try #require(
                try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect((entry["tags"] as? [String])?.contains("model:adventure") == true)
            #expect((entry["tags"] as? [String])?.contains { $0.hasPrefix("cf:/content/dam/") } == true)
        }
    }

    @Test("a stale answer is revalidated: the server answers 304 and nothing is flagged")
    func revalidation() async throws {
        try await withCachedEmulator { emulator, environment, folder in
            let first = try await WkndRun.run(["list", "--limit", "4"], environment: environment)
            try await ageListAnswer(in: folder, emulator: emulator, limit: 4, by: 3 * 86400)
            let second = try await WkndRun.run(["list", "--limit", "4"], environment: environment)
            #expect(second.status == 0)
            #expect(second.stdout == first.stdout)
            #expect(second.stderr.isEmpty)
            let last = try #require(queryRequests(emulator).last)
            #expect(last.status == 304)
            #expect(last.headers["if-none-match"] != nil)
        }
    }

    @Test("stale-while-revalidate: the stale answer is flagged on stderr, and refreshed before exit")
    func staleWhileRevalidate() async throws {
        try await withCachedEmulator { emulator, environment, folder in
            _ = try await WkndRun.run(["list"], environment: environment)
            // 240 s old: 180 s past its minute, within the 5 minutes a stale answer is shown while refreshed.
            try await ageListAnswer(in: folder, emulator: emulator, by: 240)
            let stale = try await WkndRun.run(["list"], environment: environment)
            #expect(stale.status == 0)
            #expect(stale.stderrLines.count == 1)
            #expect(stale.stderr.contains("stale") && stale.stderr.contains("4 min"))
            #expect(queryRequests(emulator).last?.status == 304)
            let fresh = try await WkndRun.run(["list"], environment: environment)
            #expect(fresh.stderr.isEmpty)
            #expect(queryRequests(emulator).count == 2)
        }
    }

    @Test("--offline answers from the cache after the server has stopped; a miss names the command that fills it")
    func offline() async throws {
        try await withCachedEmulator { emulator, environment, folder in
            let online = try await WkndRun.run(["list", "--limit", "3"], environment: environment)
            await emulator.stop()
            let offline = try await WkndRun.run(["list", "--limit", "3", "--offline"], environment: environment)
            #expect(offline.status == 0)
            #expect(offline.stdout == online.stdout)
            #expect(offline.stderr.isEmpty)
            let miss = try await WkndRun.run(["show", "lofoten-winter-surf", "--offline"], environment: environment)
            #expect(miss.status == 69)
            #expect(miss.stdout.isEmpty)
            #expect(miss.stderrLines.count == 1)
            #expect(miss.stderr.contains("`wknd show lofoten-winter-surf`"))
            // A stale answer offline is served and flagged.
            try await ageListAnswer(in: folder, emulator: emulator, limit: 3, by: 7200)
            let stale = try await WkndRun.run(["list", "--limit", "3", "--offline"], environment: environment)
            #expect(stale.status == 0)
            #expect(stale.stdout == online.stdout)
            #expect(stale.stderrLines.count == 1 && stale.stderr.contains("stale"))
        }
    }

    @Test("stale-if-error: the stale answer is served, flagged, while the server answers 503 and when it is gone")
    func staleIfError() async throws {
        try await withCachedEmulator { emulator, environment, folder in
            let online = try await WkndRun.run(["show", "lofoten-winter-surf", "--json"], environment: environment)
            #expect(online.status == 0)
            _ = try await WkndRun.run(["list"], environment: environment)
            try await ageListAnswer(
                in: folder, emulator: emulator, by: 600, cacheControl: "max-age=60, stale-if-error=86400")
            let failures = Array(repeating: FaultAction.serviceUnavailable(retryAfter: 0), count: 5)
            emulator.faults.script("/graphql/execute.json/wknd-shared/adventures-all", failures)
            let during503 = try await WkndRun.run(["list", "--json"], environment: environment)
            #expect(during503.status == 0)
            #expect(try (during503.json() as? [Any])?.count == 20)
            #expect(during503.stderrLines.count == 1)
            #expect(during503.stderr.contains("stale") && during503.stderr.contains("503"))
            await emulator.stop()
            let gone = try await WkndRun.run(["list", "--json"], environment: environment)
            #expect(gone.status == 0)
            #expect(gone.stdout == during503.stdout)
            #expect(gone.stderrLines.count == 1 && gone.stderr.contains("stale"))
        }
    }

    @Test("--refresh asks the server again; --no-cache neither reads nor writes the cache")
    func refreshAndNoCache() async throws {
        try await withCachedEmulator { emulator, environment, folder in
            _ = try await WkndRun.run(["list"], environment: environment)
            let refreshed = try await WkndRun.run(["list", "--refresh"], environment: environment)
            #expect(refreshed.status == 0)
            #expect(queryRequests(emulator).count == 2)
            #expect(queryRequests(emulator).last?.headers["if-none-match"] == nil)
            let uncached = try await WkndRun.run(
                ["show", "lofoten-winter-surf", "--no-cache"], environment: environment)
            #expect(uncached.status == 0)
            #expect(queryRequests(emulator).count == 3)
            let offline = try await WkndRun.run(["show", "lofoten-winter-surf", "--offline"], environment: environment)
            #expect(offline.status == 69)
            let both = try await WkndRun.run(["list", "--offline", "--refresh"], environment: environment)
            #expect(both.status == 64)
        }
    }

    @Test("two users never share an answer, and no password reaches the cache file")
    func identities() async throws {
        try await withCachedEmulator { emulator, environment, folder in
            func run(as user: String) async throws -> WkndRun {
                try await WkndRun.run(
                    ["list"],
                    environment: environment.merging(
                        ["AEM_AUTH_TYPE": "basic", "AEM_USERNAME": user, "AEM_PASSWORD": "pw-of-\(user)-42"]) { $1 })
            }
            #expect(try await run(as: "alice").status == 0)
            #expect(try await run(as: "bob").status == 0)
            #expect(queryRequests(emulator).count == 2)
            #expect(try await run(as: "alice").status == 0)
            #expect(queryRequests(emulator).count == 2)
            var bytes = Data()
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                bytes += (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data()
            }
            #expect(bytes.range(of: Data("pw-of-".utf8)) == nil)
        }
    }

    @Test("a damaged cache file is moved aside with one warning, and the answer is still right")
    func damagedFile() async throws {
        try await withCachedEmulator { emulator, environment, folder in
            let expected = try await WkndRun.run(["list", "--no-cache"], environment: environment)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(repeating: 0x5A, count: 10_000).write(to: folder.appendingPathComponent("responses.sqlite"))
            let run = try await WkndRun.run(["list"], environment: environment)
            #expect(run.status == 0)
            #expect(run.stdout == expected.stdout)
            #expect(run.stderrLines.count == 1)
            #expect(run.stderr.contains("warning:") && run.stderr.contains("damaged"))
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(names.contains { $0.hasPrefix("responses.sqlite.corrupt-") })
            let again = try await WkndRun.run(["list"], environment: environment)
            #expect(again.stderr.isEmpty)
            #expect(queryRequests(emulator).count == 2)
        }
    }

    @Test("several wknd processes filling one cache at once lose nothing")
    func concurrentProcesses() async throws {
        try await withCachedEmulator { emulator, environment, folder in
            let limits = Array(1...6)
            let runs = try await withThrowingTaskGroup(of: WkndRun.self) { group in
                for limit in limits {
                    group.addTask { try await WkndRun.run(["list", "--limit", "\(limit)"], environment: environment) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for run in runs {
                #expect(run.status == 0)
                #expect(run.stderr.isEmpty, "\(run.stderr)")
            }
            let stats = try await WkndRun.run(["cache", "stats"], environment: environment)
            #expect(stats.stdout.contains("entries: \(limits.count)\n"))
            #expect(stats.stdout.contains("over the last \(limits.count) runs"))
            await emulator.stop()
            for limit in limits {
                let offline = try await WkndRun.run(
                    ["list", "--limit", "\(limit)", "--offline", "--json"], environment: environment)
                #expect(offline.status == 0)
                #expect(try (offline.json() as? [Any])?.count == limit)
            }
        }
    }

    @Test("wknd cache clear empties the cache; the built-in sample service is never cached")
    func clearAndBuiltIn() async throws {
        try await withCachedEmulator { emulator, environment, folder in
            _ = try await WkndRun.run(["list"], environment: environment)
            let clear = try await WkndRun.run(["cache", "clear"], environment: environment)
            #expect(clear.status == 0)
            #expect(clear.stdout.isEmpty)
            #expect(clear.stderr.contains("removed 1 cached answer from"))
            #expect(
                try await WkndRun.run(["cache", "stats"], environment: environment).stdout.contains("entries: 0\n"))

            let sampleFolder = folder.appendingPathComponent("sample")
            let sample = try await WkndRun.run(
                ["list", "--limit", "2"], environment: ["WKND_CACHE_DIR": sampleFolder.path])
            #expect(sample.status == 0)
            #expect(!FileManager.default.fileExists(atPath: sampleFolder.path))
        }
    }
}
