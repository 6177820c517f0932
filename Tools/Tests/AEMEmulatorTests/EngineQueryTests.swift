import Testing

@testable import AEMEmulator

/// Executing list, by-path and paginated queries over a repository built in code: order, sort, paging, filters.
@Suite struct EngineQueryTests {
    private let engine = QueryEngine(repository: EngineFixtures.adventureRepository())

    private func slugs(_ query: String, _ key: String = "adventureList") async -> [String] {
        await EngineFixtures.run(engine, "site", query).json["data"][key]["items"].array.compactMap {
            $0["slug"].string
        }
    }

    @Test func listsOrderByPathThenOffsetAndLimit() async {
        #expect(
            await slugs("{ adventureList { items { slug } } }") == [
                "bali", "costa-rica", "tuscany", "utah", "yosemite",
            ])
        #expect(await slugs("{ adventureList(offset: 1, limit: 2) { items { slug } } }") == ["costa-rica", "tuscany"])
        #expect(await slugs("{ adventureList(offset: 9) { items { slug } } }") == [])
    }

    @Test func multiFieldSortPutsMissingValuesLast() async {
        #expect(
            await slugs(#"{ adventureList(sort: "price DESC, title ASC") { items { slug } } }"#)
                == ["bali", "utah", "tuscany", "costa-rica", "yosemite"])
        #expect(
            await slugs(#"{ adventureList(sort: "price, title DESC") { items { slug } } }"#)
                == ["costa-rica", "tuscany", "utah", "bali", "yosemite"])
    }

    @Test func unknownSortFieldIsAFetchError() async {
        let answer = await EngineFixtures.run(engine, "site", #"{ adventureList(sort: "colour") { items { slug } } }"#)
        #expect(
            answer.text.hasPrefix(
                #"{"errors":[{"message":"Exception while fetching data (/adventureList) : Unknown sort field 'colour'","locations":[{"line":1,"column":3}],"path":["adventureList"],"extensions":{"classification":"DataFetchingException"}}],"data":null}"#
            ))
    }

    @Test func byPathAnswersTheItemOrAFetchError() async {
        let found = await EngineFixtures.run(
            engine, "site",
            #"{ adventureByPath(_path: "\#(EngineFixtures.adventurePath("tuscany"))") { item { _path title price groupSize _variation } } }"#
        )
        #expect(
            found.text
                == #"{"data":{"adventureByPath":{"item":{"_path":"/content/dam/site/adventures/tuscany/tuscany","title":"Cycling Tuscany","price":4500,"groupSize":4,"_variation":"master"}}}}"#
        )
        let missing = await EngineFixtures.run(
            engine, "site", #"{ adventureByPath(_path: "/content/dam/none") { item { title } } }"#)
        #expect(
            missing.json["errors"][0]["message"].string
                == "Exception while fetching data (/adventureByPath) : Path: '/content/dam/none' did not yield a Content Fragment"
        )
        // `adventureByPath` is non-null in AEM's schema (`AdventureModelResult!`): its error nulls the whole data.
        #expect(missing.json["data"].isNull)
    }

    @Test func richTextFiltersByRenditionAsMultiFormatStringFilter() async {
        #expect(
            await slugs(
                #"{ adventureList(filter: {description: {plaintext: {_expressions: [{value: "Warm water", _operator: CONTAINS}]}}}) { items { slug } } }"#
            ) == ["bali"])
        #expect(
            await slugs(
                #"{ adventureList(filter: {description: {html: {_expressions: [{value: "<p>Warm", _operator: STARTS_WITH}]}}}) { items { slug } } }"#
            ) == ["bali"])
        #expect(
            await slugs(
                #"{ adventureList(filter: {description: {_logOp: OR, html: {_expressions: [{value: "none"}]}, plaintext: {_expressions: [{value: "none"}]}}}) { items { slug } } }"#
            ).isEmpty)
    }

    @Test func multiValuedFieldsFilterAsArrayFilters() async {
        let articles = QueryEngine(repository: EngineFixtures.articleRepository())
        func headlines(_ filter: String) async -> [String] {
            await EngineFixtures.run(articles, "magazine", "{ articleList(filter: \(filter)) { items { headline } } }")
                .json["data"]["articleList"]["items"].array.compactMap { $0["headline"].string }
        }
        #expect(
            await headlines(#"{keywords: {_expressions: [{value: "la", _apply: AT_LEAST_ONCE}]}}"#) == [
                "Ultimate Guide to LA Skateparks"
            ])
        #expect(await headlines(#"{keywords: {_expressions: [{values: ["skate", "la"]}]}}"#).count == 1)
        #expect(await headlines(#"{keywords: {_expressions: [{value: "la", _apply: ALL}]}}"#).isEmpty)
        #expect(await headlines(#"{_variations: {_expressions: [{value: "summer"}]}}"#).count == 1)
    }

    @Test func filtersCombineExpressionsOperatorsAndCase() async {
        #expect(
            await slugs(
                #"{ adventureList(filter: {activity: {_expressions: [{value: "CYCLING", _ignoreCase: true}]}}) { items { slug } } }"#
            ) == ["tuscany", "utah"])
        #expect(
            await slugs(
                #"{ adventureList(filter: {activity: {_expressions: [{value: "cycling"}]}}) { items { slug } } }"#) == [
                    "utah"
                ])
        #expect(
            await slugs(
                #"{ adventureList(filter: {price: {_expressions: [{value: 4500, _operator: GREATER_EQUAL}]}}) { items { slug } } }"#
            ) == ["bali", "tuscany", "utah"])
        #expect(
            await slugs(
                #"{ adventureList(filter: {price: {_expressions: [{value: 4500, _operator: LOWER}]}}) { items { slug } } }"#
            ) == ["costa-rica"])
        #expect(
            await slugs(
                #"{ adventureList(filter: {price: {_expressions: [{value: 4500, _operator: EQUALS_NOT}]}}) { items { slug } } }"#
            ) == ["bali", "costa-rica", "yosemite"])
        #expect(
            await slugs(
                #"{ adventureList(filter: {groupSize: {_expressions: [{value: 8, _operator: EQUALS}]}}) { items { slug } } }"#
            ) == ["yosemite"])
        #expect(
            await slugs(
                #"{ adventureList(filter: {title: {_logOp: OR, _expressions: [{value: "Bali", _operator: STARTS_WITH}, {value: "Utah", _operator: CONTAINS}]}}) { items { slug } } }"#
            ) == ["bali", "utah"])
        #expect(
            await slugs(
                #"{ adventureList(filter: {_logOp: OR, slug: {_expressions: [{value: "bali"}]}, price: {_expressions: [{value: 3400}]}}) { items { slug } } }"#
            ) == ["bali", "costa-rica"])
        #expect(
            await slugs(
                #"{ adventureList(filter: {slug: {_expressions: [{value: "bali"}]}, price: {_expressions: [{value: 3400}]}}) { items { slug } } }"#
            ) == [])
    }

    @Test func filtersReachThroughFragmentReferences() async {
        #expect(
            await slugs(
                #"{ adventureList(filter: {related: {title: {_expressions: [{value: "Cycling", _operator: STARTS_WITH}]}}}) { items { slug } } }"#
            ) == ["costa-rica"])
        let articles = QueryEngine(repository: EngineFixtures.articleRepository())
        let answer = await EngineFixtures.run(
            articles, "magazine",
            #"{ articleList(filter: {author: {firstName: {_expressions: [{value: "Stacey"}]}, lastName: {_expressions: [{value: "Roswells"}]}}}) { items { headline author { lastName } } } }"#
        )
        #expect(
            answer.text
                == #"{"data":{"articleList":{"items":[{"headline":"Ultimate Guide to LA Skateparks","author":{"lastName":"Roswells"}}]}}}"#
        )
        let after = await EngineFixtures.run(
            articles, "magazine",
            #"{ articleList(filter: {published: {_expressions: [{value: "2022-06-15T00:00:00Z", _operator: AFTER}]}, featured: {_expressions: [{value: false}]}}) { items { headline } } }"#
        )
        #expect(
            after.json["data"]["articleList"]["items"].array.compactMap { $0["headline"].string } == [
                "Alaskan Adventures"
            ])
    }

    @Test func paginatedPagesByUUIDWithRoundTrippingCursors() async throws {
        var seen: [String] = []
        var after: String? = nil
        var pages = 0
        repeat {
            let argument = after.map { #", after: "\#($0)""# } ?? ""
            let answer = await EngineFixtures.run(
                engine, "site",
                "{ adventurePaginated(first: 2\(argument)) { edges { cursor node { slug } } pageInfo { startCursor endCursor hasNextPage hasPreviousPage } } }"
            )
            let page = answer.json["data"]["adventurePaginated"]
            let edges = page["edges"].array
            seen += edges.compactMap { $0["node"]["slug"].string }
            #expect(page["pageInfo"]["endCursor"].string == edges.last?["cursor"].string)
            #expect(page["pageInfo"]["hasPreviousPage"].value as? Bool == (after != nil))
            after =
                (page["pageInfo"]["hasNextPage"].value as? Bool) == true ? page["pageInfo"]["endCursor"].string : nil
            pages += 1
        } while after != nil && pages < 10
        #expect(seen == ["costa-rica", "utah", "yosemite", "tuscany", "bali"])
        #expect(pages == 3)
    }

    @Test func paginatedBoundariesAndSort() async throws {
        let exact = await EngineFixtures.run(
            engine, "site",
            "{ adventurePaginated(first: 5) { edges { node { slug } } pageInfo { hasNextPage endCursor } } }")
        #expect(exact.json["data"]["adventurePaginated"]["edges"].array.count == 5)
        #expect(exact.json["data"]["adventurePaginated"]["pageInfo"]["hasNextPage"].value as? Bool == false)
        let last = try #require(exact.json["data"]["adventurePaginated"]["pageInfo"]["endCursor"].string)
        let beyond = await EngineFixtures.run(
            engine, "site",
            #"{ adventurePaginated(after: "\#(last)") { edges { node { slug } } pageInfo { hasNextPage endCursor startCursor } } }"#
        )
        #expect(
            beyond.text
                == #"{"data":{"adventurePaginated":{"edges":[],"pageInfo":{"hasNextPage":false,"endCursor":null,"startCursor":null}}}}"#
        )
        let sorted = await EngineFixtures.run(
            engine, "site", #"{ adventurePaginated(first: 3, sort: "price DESC") { edges { node { slug } } } }"#)
        // Equal prices break ties by UUID: utah (b-utah) before tuscany (d-tuscany).
        #expect(
            sorted.json["data"]["adventurePaginated"]["edges"].array.compactMap { $0["node"]["slug"].string } == [
                "bali", "utah", "tuscany",
            ])
        let empty = QueryEngine(repository: EngineFixtures.adventureRepository())
        let filtered = await EngineFixtures.run(
            empty, "site",
            #"{ adventurePaginated(filter: {slug: {_expressions: [{value: "none"}]}}) { edges { node { slug } } pageInfo { hasNextPage } } }"#
        )
        #expect(filtered.text == #"{"data":{"adventurePaginated":{"edges":[],"pageInfo":{"hasNextPage":false}}}}"#)
        let bad = await EngineFixtures.run(
            engine, "site", #"{ adventurePaginated(after: "not-a-cursor") { edges { cursor } } }"#)
        #expect(
            bad.json["errors"][0]["message"].string?.hasPrefix("Exception while fetching data (/adventurePaginated) : ")
                == true)
    }

    @Test func variationsFallBackToMaster() async {
        let articles = QueryEngine(repository: EngineFixtures.articleRepository())
        let answer = await EngineFixtures.run(
            articles, "magazine",
            #"{ articleList(variation: "summer") { items { headline featured _variation _variations } } }"#)
        #expect(
            answer.text
                == #"{"data":{"articleList":{"items":[{"headline":"Alaskan Adventures","featured":false,"_variation":"master","_variations":[]},{"headline":"Summer Skateparks","featured":true,"_variation":"summer","_variations":["summer"]}]}}}"#
        )
        let all = await EngineFixtures.run(
            articles, "magazine", #"{ articleList(includeVariations: true) { items { headline _variation } } }"#)
        #expect(
            all.json["data"]["articleList"]["items"].array.compactMap { $0["_variation"].string } == [
                "master", "master", "summer",
            ])
    }

    @Test func scalarKindsAreServedInTheirTypes() async {
        let articles = QueryEngine(repository: EngineFixtures.articleRepository())
        let answer = await EngineFixtures.run(
            articles, "magazine",
            #"{ articleByPath(_path: "/content/dam/magazine/articles/skateparks") { item { keywords published featured settings _model { title } } } }"#
        )
        #expect(
            answer.text
                == #"{"data":{"articleByPath":{"item":{"keywords":["skate","la"],"published":"2022-06-02T11:19:41.017-07:00","featured":true,"settings":{"layout":"wide","columns":3},"_model":{"title":"Article"}}}}}"#
        )
    }
}
