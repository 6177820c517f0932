import AEMEmulator
import AEMHeadless
import AEMHeadlessSync
import EmulatorTestSupport
import Foundation
import Testing
import WKNDSample

@testable import WKNDCore

@Suite("--locale: the built binary against the sample's English and German language copies")
struct LocaleCommandTests {
    private let wide = ["COLUMNS": "200"]

    @Test("list --locale de lists the German copy with a LOCALE column")
    func listOneLocale() async throws {
        try await withEmulator { _, environment in
            let run = try await WkndRun.run(["list", "--locale", "de"], environment: environment.merging(wide) { $1 })
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n")
            #expect(lines.count == 9)
            #expect(lines.first?.contains("LOCALE") == true)
            #expect(run.stdout.contains("Skisafari in den Dolomiten"))
            #expect(!run.stdout.contains("Lofoten"))
        }
    }

    @Test("a chain lists every adventure once, in the first locale that has it; AEM_LOCALE sets it too")
    func listChain() async throws {
        try await withEmulator { _, environment in
            let run = try await WkndRun.run(
                ["list", "--json"], environment: environment.merging(["AEM_LOCALE": "de-CH,de,en"]) { $1 })
            #expect(run.status == 0, "\(run.stderr)")
            let items = try #require(try run.json() as? [[String: Any]])
            #expect(items.count == 20)
            #expect(items.filter { $0["locale"] as? String == "de" }.count == 8)
            #expect(items.filter { $0["locale"] as? String == "en" }.count == 12)
            let limited = try await WkndRun.run(
                ["list", "--locale", "de,en", "--limit", "3", "--offset", "1", "--json"], environment: environment)
            #expect((try limited.json() as? [Any])?.count == 3)
        }
    }

    @Test("list --locale on a service without adventures-by-locale says so and exits 69")
    func listWithoutTheLocaleQuery() async throws {
        var content = try EmulatorContent.sample()
        content[query: "/wknd-shared/adventures-by-locale"] = nil
        try await withEmulator(EmulatorOptions(content: content)) { _, environment in
            let run = try await WkndRun.run(["list", "--locale", "de"], environment: environment)
            #expect(run.status == 69)
            #expect(run.stderr.contains("stores no wknd-shared/adventures-by-locale"), "\(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
    }

    @Test("show --locale shows the first translation and names its locale on stderr")
    func show() async throws {
        try await withEmulator { _, environment in
            let german = try await WkndRun.run(
                ["show", "dolomites-ski-safari", "--locale", "de-CH,de,en", "--json"], environment: environment)
            #expect(german.status == 0, "\(german.stderr)")
            let object = try #require(try german.json() as? [String: Any])
            #expect(object["title"] as? String == "Skisafari in den Dolomiten")
            #expect(object["locale"] as? String == "de")
            #expect(german.stderr.contains("dolomites-ski-safari: de"), "\(german.stderr)")
            let english = try await WkndRun.run(
                ["show", "lofoten-winter-surf", "--locale", "de,en"], environment: environment)
            #expect(english.status == 0)
            #expect(english.stdout.contains("Lofoten Winter Surf Week"))
            #expect(english.stderr.contains("lofoten-winter-surf: en"))
            let nowhere = try await WkndRun.run(
                ["show", "lofoten-winter-surf", "--locale", "fr"], environment: environment)
            #expect(nowhere.status == 66)
            #expect(nowhere.stderr.contains("in fr"), "\(nowhere.stderr)")
        }
    }

    @Test("a locale that is not one is a configuration error naming where it came from")
    func invalidLocale() async throws {
        let run = try await WkndRun.run(["list", "--locale", "deutsch"])
        #expect(run.status == 78)
        #expect(run.stderr.contains("AEM_LOCALE (option --locale)"), "\(run.stderr)")
        #expect(run.stderr.contains("\"deutsch\" is not a locale code"), "\(run.stderr)")
    }

    @Test("query passes the first locale to a query that declares $locale, and says when one does not")
    func query() async throws {
        try await withEmulator { emulator, environment in
            let run = try await WkndRun.run(
                ["query", "wknd-shared/adventures-all", "--locale", "de,en"], environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("Skisafari in den Dolomiten"))
            #expect(emulator.requests.contains { $0.target.contains(";locale=de") })
            let explicit = try await WkndRun.run(
                ["query", "wknd-shared/adventures-all", "--locale", "de", "--var", "locale=en"],
                environment: environment)
            #expect(explicit.stdout.contains("Lofoten Winter Surf Week"))
            let undeclared = try await WkndRun.run(
                ["query", "wknd-shared/adventure-by-path", "--var", "path=/content/dam/x", "--locale", "de"],
                environment: environment)
            #expect(undeclared.stderr.contains("declares no $locale"), "\(undeclared.stderr)")
        }
    }

    @Test("fragments list --locale narrows the listing to the language copy")
    func fragmentsList() async throws {
        try await withEmulator { _, environment in
            let run = try await WkndRun.run(
                ["fragments", "list", "--path", "/content/dam/wknd-shared/en/adventures", "--locale", "de", "--json"],
                environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            let items = try #require(try run.json() as? [[String: Any]])
            #expect(items.count == 8)
            #expect(
                items.allSatisfy {
                    ($0["path"] as? String)?.hasPrefix("/content/dam/wknd-shared/de/adventures/") == true
                })
            // Without --path, each site's German copy: every page followed, the English ones left out.
            let noPath = try await WkndRun.run(
                ["fragments", "list", "--locale", "de", "--all", "--limit", "5", "--json"], environment: environment)
            #expect(noPath.status == 0, "\(noPath.stderr)")
            let german = try #require(try noPath.json() as? [[String: Any]]).compactMap { $0["path"] as? String }
            let every = try await WkndRun.run(["fragments", "list", "--all", "--json"], environment: environment)
            let all = try #require(try every.json() as? [[String: Any]]).compactMap { $0["path"] as? String }
            #expect(german.count >= items.count)
            #expect(german == all.filter { $0.hasPrefix("/content/dam/wknd-shared/de/") })
            let firstPage = try await WkndRun.run(
                ["fragments", "list", "--locale", "de", "--limit", "5", "--json"], environment: environment)
            #expect((try firstPage.json() as? [Any])?.count == 5)
            #expect(firstPage.stderr.contains("more fragments follow"), "\(firstPage.stderr)")
            let get = try await WkndRun.run(
                [
                    "fragments", "get",
                    "/content/dam/wknd-shared/en/adventures/sahara-starlight-camp/sahara-starlight-camp",
                    "--locale", "de,en", "--json",
                ], environment: environment)
            #expect(get.status == 0, "\(get.stderr)")
            #expect(get.stdout.contains("Sternennacht-Camp in der Sahara"))
            #expect(get.stderr.contains(": de"), "\(get.stderr)")
        }
    }

    @Test("sync --locale de,en mirrors both copies into one store, read back by locale with fallback")
    func sync() async throws {
        try await withTemporaryFolder("sync-locales") { parent in
            let directory = parent.appendingPathComponent("sync-locales")
            try await withEmulator { _, environment in
                let first = try await WkndRun.run(
                    ["sync", directory.path, "--locale", "de,en"], environment: environment)
                #expect(first.status == 0, "\(first.stderr)")
                #expect(first.stderr.contains("28 added"), "\(first.stderr)")
                let store = try ContentStore(directory: directory)
                #expect(try store.fragments(matching: FragmentQuery(locale: ContentLocale("de"))).count == 8)
                #expect(try store.fragments(matching: FragmentQuery(locale: ContentLocale("en"))).count == 20)
                let chain = try LocaleChain(parsing: "de-CH,de,en")
                let german = try #require(try store.adventure(slug: "mont-blanc-trail-recon", locales: chain))
                #expect(german.locale.identifier == "de")
                #expect(german.value.adventure.path?.contains("/de/") == true)
                #expect(try store.adventure(slug: "lofoten-winter-surf", locales: chain)?.locale.identifier == "en")
                #expect(try store.adventures(locales: chain).count == 20)
                let again = try await WkndRun.run(
                    ["sync", directory.path, "--locale", "de,en"], environment: environment)
                #expect(again.stderr.contains("0 added, 0 changed, 28 unchanged, 0 removed"), "\(again.stderr)")
                let query = try await WkndRun.run(
                    ["sync", directory.path, "--query", "wknd-shared/adventures-all", "--locale", "de"],
                    environment: environment)
                #expect(query.status == 64)
            }
        }
    }
}
