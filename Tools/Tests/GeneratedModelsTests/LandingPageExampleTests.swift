import AEMHeadless
import AEMHeadlessSQLiteCache
import AEMHeadlessURLSession
import EmulatorTestSupport
import Foundation
import Testing

/// The first example of the documentation's landing page (`AEMHeadless.md`), run as a reader would: their own
/// persisted query and generated model (`ArticlesFilteredQuery`, generated from the editorial package), a client
/// with a response cache and a policy, against `wknd serve` serving that package.
@Suite("The landing page's example")
struct LandingPageExampleTests {
    /// The repository's root, where the libraries' package is (the tools' package is its `Tools` folder).
    static let packageRoot = ServedPackage.testsFolder.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("is this test's program, apart from the service's host and the cache's file")
    func exampleIsThisProgram() throws {
        let page = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("Sources/AEMHeadless/AEMHeadless.docc/AEMHeadless.md"),
            encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let example = try #require(Self.firstSwiftBlock(in: page))
        let program = try #require(Self.program(in: source))
        #expect(Self.comparable(example) == Self.comparable(program))
    }

    @Test("compiles and runs against wknd serve: the network first, then the cache")
    func exampleRuns() async throws {
        let content = ServedPackage.testsFolder.deletingLastPathComponent()
            .appendingPathComponent("AEMEmulatorTests/Fixtures/editorial/jcr_root")
        try await withTemporaryFolder("landing") { folder in
            let cacheFile = folder.appendingPathComponent("aem.sqlite")
            var runs: [(titles: [String], source: ResponseSource)] = []
            let (status, _) = try await withWkndServe(["--content", content.path]) { served, _ in
                for _ in 0..<2 { runs.append(try await Self.runExample(host: served.publish, cacheFile: cacheFile)) }
            }
            #expect(status == 0)
            #expect(runs.map(\.source) == [.network, .cache])
            #expect(runs[0].titles.count >= 3)
            #expect(runs[0].titles == runs[0].titles.sorted())
            #expect(runs[1].titles == runs[0].titles)
        }
    }

    /// The landing page's program, with `served` for the service and `cacheFile` for the cache.
    private static func runExample(host served: String, cacheFile: URL) async throws
        -> (titles: [String], source: ResponseSource)
    {
        var titles: [String] = []
        func print(_ line: Any) { if let title = line as? String { titles.append(title) } }
        // example:begin
        let aem = Aem(
            try AemConfiguration(scheme: .http, host: served),
            transport: URLSessionTransport(),
            cache: try SQLiteResponseCache(fileURL: cacheFile),
            policy: .useHTTPSemantics)
        let articles = try await aem.execute(ArticlesFilteredQuery.request(sort: "title ASC"))
        for article in articles.data?.articleList.items ?? [] {
            print(article.title ?? "")
        }
        print(articles.source)
        // example:end
        return (titles, articles.source)
    }

    /// The text of the first ```swift block of a Markdown page.
    static func firstSwiftBlock(in page: String) -> String? {
        guard let start = page.range(of: "```swift\n"),
            let end = page.range(of: "\n```", range: start.upperBound..<page.endIndex)
        else { return nil }
        return String(page[start.upperBound..<end.lowerBound])
    }

    /// The lines of this file between the example's markers.
    static func program(in source: String) -> String? {
        guard let start = source.range(of: "// example:begin\n"),
            let end = source.range(of: "        // example:end", range: start.upperBound..<source.endIndex)
        else { return nil }
        return String(source[start.upperBound..<end.lowerBound])
    }

    /// The statements of a program, for comparing: imports, comments, indentation and blank lines left out, and the
    /// two lines that say where the service and the cache are (the reader's and this test's differ) made the same.
    static func comparable(_ program: String) -> [String] {
        program.split(separator: "\n").compactMap { line in
            var text = line.trimmingCharacters(in: .whitespaces)
            if let comment = text.range(of: "//") {
                text = text[..<comment.lowerBound].trimmingCharacters(in: .whitespaces)
            }
            if text.isEmpty || text.hasPrefix("import ") { return nil }
            if text.contains("AemConfiguration(") { return "try AemConfiguration(…)," }
            if text.contains("SQLiteResponseCache(fileURL:") { return "cache: try SQLiteResponseCache(fileURL: …)," }
            return text
        }
    }
}
