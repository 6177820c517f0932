import GraphQL
import Testing

@testable import AEMEmulator

/// The stand-in's own completion of an answer below its root fields (``SelectionExecutor``) gives the very bytes
/// GraphQLSwift's executor gives for the same query, schema and content: fragments on unions, aliases and merged
/// fields, `@skip`/`@include`, `__typename`, errors beside data, and introspection (left to GraphQLSwift).
@Suite struct SelectionExecutorTests {
    private static let adventures = QueryEngine(repository: EngineFixtures.adventureRepository())
    private static let articles = QueryEngine(repository: EngineFixtures.articleRepository())

    /// The answer of `query` through the engine, and through GraphQLSwift alone on a schema built the same way.
    private static func bothAnswers(
        _ engine: QueryEngine, repository: ContentRepository, configuration: String, _ query: String,
        variables: [String: Map] = [:]
    ) async throws -> (engine: String, graphQLSwift: String) {
        let answer = await engine.execute(query, configuration: configuration, variables: variables)
        let schema = try SchemaBuilder.build(
            configuration: configuration, index: ContentIndex(repository: repository, settings: EngineSettings()))
        let result = try await GraphQL.execute(
            schema: schema.schema, documentAST: parse(source: Source(body: query)), rootValue: (), context: (),
            variableValues: variables)
        return (
            String(decoding: answer.serialized, as: UTF8.self),
            String(decoding: ResultEncoding.json(result).serialized, as: UTF8.self)
        )
    }

    private static let adventureQueries: [(String, [String: Map])] = [
        (
            #"""
            { adventureList(sort: "price DESC") {
                items { __typename slug description { html plaintext markdown json }
                  primaryImage { __typename ... on ImageRef { _path width height mimeType _authorUrl } }
                  related { ... on AdventureModel { slug related { slug } } } _model { title _path }
                  _metadata { stringMetadata { name value } stringArrayMetadata { name value } } _tags _variations }
                _references { __typename ... on AdventureModel { slug } ... on ImageRef { _path } } } }
            """#, [:]
        ),
        (
            #"""
            query Pages($after: String, $withCursor: Boolean = true, $noPrice: Boolean!) {
              __typename
              first: adventurePaginated(first: 2, sort: "title") {
                edges { cursor @include(if: $withCursor) node { title price @skip(if: $noPrice) ...Names } }
                pageInfo { hasNextPage endCursor startCursor hasPreviousPage } }
              next: adventurePaginated(first: 2, after: $after) { edges { node { slug slug title: slug } } }
            }
            fragment Names on AdventureModel { slug ... { activity } ... on AdventureModel { groupSize @include(if: false) } }
            """#, ["noPrice": .bool(true)]
        ),
        (
            #"""
            { missing: adventureByPath(_path: "/content/dam/nowhere") { item { slug } }
              found: adventureByPath(_path: "/content/dam/site/adventures/bali/bali") { item { _path _id } } }
            """#, [:]
        ),
        (#"{ __typename __type(name: "AdventureModel") { name } adventureList { items { slug } } }"#, [:]),
    ]

    @Test(arguments: adventureQueries.indices) func anAdventureQueryAnswersAsGraphQLSwiftDoes(index: Int) async throws {
        let (query, variables) = Self.adventureQueries[index]
        let answers = try await Self.bothAnswers(
            Self.adventures, repository: EngineFixtures.adventureRepository(), configuration: "site", query,
            variables: variables)
        // Where a non-null root field fails, GraphQLSwift leaves `data` out; the engine sends `"data": null`, as the
        // GraphQL specification and graphql-java do.
        let graphQLSwift =
            answers.graphQLSwift.contains(#""data":"#)
            ? answers.graphQLSwift : String(answers.graphQLSwift.dropLast()) + #","data":null}"#
        #expect(answers.engine == graphQLSwift)
        #expect(answers.engine.contains(#""data":"#))
    }

    @Test func anArticleQueryAnswersAsGraphQLSwiftDoes() async throws {
        let query = #"""
            { articleList(variation: "summer") {
                items { headline _variation _locale keywords published featured settings
                  body { html plaintext markdown json }
                  author { firstName lastName _path }
                  attachments { __typename ... on DocumentRef { type _path format size author } ... on ImageRef { width } }
                  _metadata { calendarMetadata { name value } intMetadata { name } stringMetadata { name value } } }
                _references { __typename } } }
            """#
        let answers = try await Self.bothAnswers(
            Self.articles, repository: EngineFixtures.articleRepository(), configuration: "magazine", query)
        #expect(answers.engine == answers.graphQLSwift)
        #expect(answers.engine.contains("Summer Skateparks"))
    }

    @Test func aFailingRootFieldNullsTheDataAsItsTypeIsNonNull() async throws {
        let answers = try await Self.bothAnswers(
            Self.adventures, repository: EngineFixtures.adventureRepository(), configuration: "site",
            Self.adventureQueries[2].0)
        #expect(answers.engine.hasPrefix(#"{"errors":[{"message":"Exception while fetching data (/missing) : "#))
        #expect(answers.engine.hasSuffix(#""data":null}"#))
    }
}
