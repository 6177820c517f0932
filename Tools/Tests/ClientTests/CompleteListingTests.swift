import AEMEmulator
import AEMHeadless
import AEMHeadlessSync
import EmulatorTestSupport
import Foundation
import Testing

@testable import WKNDSample

/// A by-path query shaped as WKND's: the adventure's fields and its primary image, rendered by `_assetTransform`.
private let byPathText = """
    # Reads one adventure.
    query ($adventurePath: String!, $imageFormat: AssetTransformFormat = JPG, $imageSeoName: String,
           $imageWidth: Int = 1200, $imageQuality: Int = 80) {
      adventureByPath(_path: $adventurePath, _assetTransform: {
        format: $imageFormat, seoName: $imageSeoName, width: $imageWidth, quality: $imageQuality, preferWebp: true
      }) {
        item {
          _path
          title
          slug
          description { json plaintext html }
          price
          primaryImage { ... on ImageRef { _path _dynamicUrl } }
        }
      }
    }
    """

/// A list selecting every field of `byPathText` and more, in another order, with a named fragment.
private let fullListText = """
    query ($first: Int, $after: String, $sort: String, $imageFormat: AssetTransformFormat = JPG,
           $imageWidth: Int = 1200, $imageQuality: Int = 80, $locale: String = "en") {
      adventurePaginated(first: $first, after: $after, sort: $sort, _locale: $locale,
        _assetTransform: {format: $imageFormat, width: $imageWidth, quality: $imageQuality, preferWebp: true}) {
        edges {
          cursor
          node {
            slug
            title
            price
            primaryImage { ...Image }
            description { html plaintext json }
            activity
            _path
          }
        }
        pageInfo { endCursor hasNextPage }
      }
    }
    fragment Image on ImageRef { _dynamicUrl _path width }
    """

/// `fullListText` with `old` written as `new`.
private func list(replacing old: String, with new: String) -> String {
    fullListText.replacingOccurrences(of: old, with: new)
}

private func listing(byPath: String = byPathText, list: String = fullListText, seoName: String? = nil)
    -> CompleteListing?
{
    CompleteListing(
        byPath: byPath, key: "adventureByPath",
        variables: ["adventurePath": nil, "imageSeoName": seoName.map(QueryVariable.string)],
        list: list, variables: [:])
}

@Suite("A list query that holds each adventure whole")
struct CompleteListingTests {
    @Test("a list selecting every field of the by-path query, with the same arguments, holds the item")
    func everyFieldWithTheSameArguments() throws {
        #expect(listing() != nil)
        // Offset paging, written with the list's own paging arguments, holds it as well.
        let offset = """
            query ($offset: Int, $limit: Int) {
              adventureList(offset: $offset, limit: $limit, _assetTransform: {format: JPG, width: 1200, quality: 80,
                preferWebp: true}) {
                items { _path title slug price description { json plaintext html }
                        primaryImage { ... on ImageRef { _path _dynamicUrl } } }
              }
            }
            """
        #expect(listing(list: offset) != nil)
    }

    @Test("a field left out, renamed, aliased or asked with other arguments means each item is read by path")
    func anyDifferenceMeansReading() throws {
        #expect(listing(list: list(replacing: "html plaintext json", with: "html plaintext")) == nil)
        #expect(listing(list: list(replacing: "    _path\n", with: "    path: _path\n")) == nil)
        #expect(listing(list: list(replacing: "$imageWidth: Int = 1200", with: "$imageWidth: Int = 1600")) == nil)
        #expect(listing(list: list(replacing: "preferWebp: true", with: "preferWebp: false")) == nil)
        #expect(listing(list: list(replacing: "preferWebp: true}", with: "preferWebp: true, seoName: \"x\"}")) == nil)
        #expect(listing(list: list(replacing: "sort: $sort,", with: "sort: $sort, variation: \"summer\",")) == nil)
        // The image only under another type than the by-path query asks it on.
        #expect(listing(list: list(replacing: "on ImageRef", with: "on DocumentRef")) == nil)
        // A directive decides per request what is answered.
        #expect(listing(list: list(replacing: "activity", with: "activity @include(if: true)")) == nil)
        // An SEO name sent to the by-path query only renders its images under another URL.
        #expect(listing(seoName: "surf") == nil)
    }

    @Test("a by-path query with _references, or selecting beside its item, is read by path")
    func referencesAreNotListed() throws {
        let image = "primaryImage { ... on ImageRef { _path _dynamicUrl } }\n    }"
        let withReferences = byPathText.replacingOccurrences(
            of: image, with: image + "\n    _references { ... on ImageRef { _path } }")
        let withTypename = byPathText.replacingOccurrences(of: "    item {", with: "    __typename\n    item {")
        #expect(listing() != nil)
        #expect(withReferences != byPathText && withTypename != byPathText)
        #expect(listing(byPath: withReferences) == nil)
        #expect(listing(byPath: withTypename) == nil)
    }

    @Test("neither Adobe's WKND adventures-all nor the built-in sample's list holds a whole adventure")
    func theQueriesInUse() throws {
        let wkndList = """
            query ($offset: Int, $limit: Int, $sort: String, $imageFormat: AssetTransformFormat=JPG,
                   $imageWidth: Int=1200, $imageQuality: Int=80) {
              adventureList(offset: $offset limit: $limit sort: $sort
                _assetTransform: { format: $imageFormat width: $imageWidth quality: $imageQuality preferWebp: true }) {
                items { _path slug title activity price tripLength
                        primaryImage { ... on ImageRef { _path _dynamicUrl } } }
              }
            }
            """
        #expect(listing(list: wkndList) == nil)
        let sample = try EmulatorContent.sample()
        let byPath = try #require(sample[query: "/wknd-shared/adventure-by-path"]?.text)
        let paginated = try #require(sample[query: "/wknd-shared/adventures-paginated"]?.text)
        #expect(
            CompleteListing(
                byPath: byPath, key: "adventureByPath", variables: [:], list: paginated, variables: [:]) == nil)
    }

    @Test("an entry becomes the by-path answer: its fields in the by-path query's order, nothing more")
    func projection() throws {
        let listed = try #require(listing())
        let entry = try UntypedJSON(
            parsing: #"""
                {"slug":"s","title":"T","price":12.50,"primaryImage":{"_dynamicUrl":"/d","_path":"/p","width":8},
                 "description":{"html":"<p>x</p>","plaintext":"x","json":[{"nodeType":"paragraph"}]},
                 "activity":"Surfing","_path":"/content/dam/a"}
                """#)
        let answer = listed.byPathAnswer(for: entry)
        #expect(
            String(decoding: answer.jsonBytes(), as: UTF8.self)
                == #"{"item":{"_path":"/content/dam/a","title":"T","slug":"s","description":{"json":[{"nodeType":"paragraph"}],"plaintext":"x","html":"<p>x</p>"},"price":12.50,"primaryImage":{"_path":"/p","_dynamicUrl":"/d"}}}"#
        )
        // A null image stays null.
        let noImage = try UntypedJSON(parsing: #"{"_path":"/a","primaryImage":null,"slug":"s"}"#)
        #expect(
            String(decoding: listed.byPathAnswer(for: noImage).jsonBytes(), as: UTF8.self)
                == #"{"item":{"_path":"/a","slug":"s","primaryImage":null}}"#)
    }

    @Test(
        "text that is not one readable operation is refused, never crashes",
        arguments: [
            "", "{", "query { a(", "query { a }\nquery { b }", "{ a } fragment F on T { ...F }",
            "{ a { ...F } } fragment F on T { b ...F }", "{ ...Missing }", "{ a(x: \"unterminated) }",
            String(repeating: "{ a ", count: 10_000), "{ a(x: " + String(repeating: "[", count: 10_000) + ") }",
            "{ a(x: $v) } # no declaration", "\u{FEFF}{ a }",
        ])
    func malformedText(_ text: String) throws {
        let parsed = QueryDocument(text: text)
        let fields = parsed.flatMap { SelectedFields($0.selections, in: $0, variables: [:]) }
        #expect(listing(list: text) == nil)
        if text == "\u{FEFF}{ a }" || text.hasPrefix("{ a(x: $v)") { #expect(fields != nil) }
    }
}

@Suite("Syncing from a list that holds each adventure whole", .serialized)
struct CompleteListingSyncTests {
    /// The sample with `adventure-by-path` without `_references`, and `adventures-paginated` selecting every field it
    /// does (less `leftOut`).
    private func content(leavingOut leftOut: String? = nil) throws -> EmulatorContent {
        var content = try EmulatorContent.sample()
        let fields = """
            _path _id title slug activity adventureType price tripLength groupSize difficulty
            primaryImage { ... on ImageRef { _path _dynamicUrl mimeType width height } }
            description { json plaintext html } itinerary { json plaintext html } gearList { json plaintext html }
            """
        let transform = "format: $imageFormat, width: $imageWidth, quality: $imageQuality, preferWebp: true"
        let variables = "$imageFormat: AssetTransformFormat = JPG, $imageWidth: Int = 1200, $imageQuality: Int = 80"
        content[query: "/wknd-shared/adventure-by-path"] = StoredQuery(
            configuration: "wknd-shared", name: "adventure-by-path",
            text: """
                query ($path: String!, \(variables), $imageSeoName: String) {
                  adventureByPath(_path: $path, _assetTransform: {\(transform), seoName: $imageSeoName}) {
                    item { \(fields) }
                  }
                }
                """)
        let listed = leftOut.map { fields.replacingOccurrences(of: $0, with: "") } ?? fields
        content[query: "/wknd-shared/adventures-paginated"] = StoredQuery(
            configuration: "wknd-shared", name: "adventures-paginated",
            text: """
                query ($first: Int = 10, $after: String, $sort: String, \(variables), $locale: String = "en") {
                  adventurePaginated(_locale: $locale, first: $first, after: $after, sort: $sort,
                                     _assetTransform: {\(transform)}) {
                    edges { cursor node { __typename \(listed) } }
                    pageInfo { endCursor hasNextPage }
                  }
                }
                """)
        return content
    }

    @Test("a base sync stores each adventure as adventure-by-path answers it, without reading one")
    func noReadPerAdventure() async throws {
        let content = try content()
        try await withSyncFolder { folder, _ in
            try await withService(content) { emulator, aem in
                let source = try await AdventureSyncSource.finding(aem: aem, pageSize: 7)
                #expect(source.completeListing != nil)
                let report = try await SyncEngine(aem: aem, directory: folder).sync(source)
                #expect(report.added == content.adventures.count)
                #expect(!emulator.requests.contains { $0.path.hasSuffix("/adventure-by-path") })
                let store = try ContentStore(directory: folder)
                for fragment in content.adventures {
                    let query = PersistedQuery<UntypedJSON>(
                        AdventureSyncSource.byPathPath, variables: ["path": .string(fragment.path)])
                    let answer = try #require(try await aem.execute(query).data?["adventureByPath"])
                    let stored = try #require(try store.fragment(slug: fragment.slug))
                    #expect(stored.json == Data(answer.jsonBytes()), "\(fragment.slug)")
                }
                let withImages = Set(content.adventures.compactMap(\.primaryImagePath))
                #expect(report.imagesFetched == withImages.count)
                #expect(report.requests == Int((Double(content.adventures.count) / 7).rounded(.up)) + withImages.count)
            }
        }
    }

    @Test("a list without one of the fields: each adventure is read by path, as before")
    func aFieldMissing() async throws {
        let content = try content(leavingOut: "gearList { json plaintext html }")
        try await withSyncFolder { folder, _ in
            try await withService(content) { emulator, aem in
                let source = try await AdventureSyncSource.finding(aem: aem)
                #expect(source.completeListing == nil)
                let report = try await SyncEngine(aem: aem, directory: folder).sync(source)
                #expect(report.added == content.adventures.count)
                let reads = emulator.requests.filter { $0.path.hasSuffix("/adventure-by-path") }
                #expect(reads.count == content.adventures.count)
            }
        }
    }
}
