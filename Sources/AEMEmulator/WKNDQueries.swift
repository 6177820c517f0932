/// The persisted queries of the WKND sample app, as stored under `/conf/wknd-shared` (aem-wire.md §3).
enum WKNDQueries {
    /// Every stored query.
    static let all = [adventuresAll, adventureBySlug]

    /// The stored query at `/graphql/execute.json/<configuration>/<name>`.
    static func query(configuration: String, name: String) -> PersistedQuery? {
        all.first { $0.configuration == configuration && $0.name == name }
    }

    private static let imageFormat = VariableDefinition(
        "imageFormat", .enumeration(name: "AssetTransformFormat", values: ImageTransform.formats), default: .enumeration("JPG"))
    private static let imageWidth = VariableDefinition("imageWidth", .int, default: .int(1200))
    private static let imageQuality = VariableDefinition("imageQuality", .int, default: .int(80))

    /// `wknd-shared/adventures-all`: every adventure, with `offset`, `limit` and `sort`.
    static let adventuresAll = PersistedQuery(
        configuration: "wknd-shared",
        name: "adventures-all",
        variables: [
            VariableDefinition("offset", .int), VariableDefinition("limit", .int), VariableDefinition("sort", .string),
            imageFormat, imageWidth, imageQuality,
        ],
        selection: """
            {
              adventureList(
                offset: $offset
                limit: $limit
                sort: $sort
                _assetTransform: {format: $imageFormat, width: $imageWidth, quality: $imageQuality, preferWebp: true}
              ) {
                items {
                  _path
                  slug
                  title
                  activity
                  price
                  tripLength
                  primaryImage {
                    ... on ImageRef {
                      _path
                      _dynamicUrl
                    }
                  }
                }
              }
            }
            """,
        resolve: { query, variables, context in
            var adventures = context.catalog.adventures
            if let sort = variables["sort"]?.string, !sort.isEmpty {
                do throws(SortError) {
                    adventures = try AdventureSort(sort).sorted(adventures)
                } catch {
                    return fetchFailure(error.message, query: query)
                }
            }
            adventures = Array(adventures.dropFirst(max(0, variables["offset"]?.int ?? 0)))
            if let limit = variables["limit"]?.int {
                adventures = Array(adventures.prefix(max(0, limit)))
            }
            let rendering = AdventureRendering(context: context, transform: transform(variables))
            return .object([
                ("data", .object([("adventureList", .object([("items", .array(adventures.map(rendering.listItem)))]))]))
            ])
        })

    /// `wknd-shared/adventure-by-slug`: the adventure with a slug, and the fragments and assets its rich text links to.
    static let adventureBySlug = PersistedQuery(
        configuration: "wknd-shared",
        name: "adventure-by-slug",
        variables: [
            VariableDefinition("slug", .string, nonNull: true), imageFormat,
            VariableDefinition("imageSeoName", .string), imageWidth, imageQuality,
        ],
        selection: """
            {
              adventureList(
                filter: {slug: {_expressions: [{value: $slug}]}}
                _assetTransform: {format: $imageFormat, seoName: $imageSeoName, width: $imageWidth, quality: $imageQuality, preferWebp: true}
              ) {
                items {
                  _path
                  title
                  slug
                  activity
                  adventureType
                  price
                  tripLength
                  groupSize
                  difficulty
                  primaryImage {
                    ... on ImageRef {
                      _path
                      _dynamicUrl
                      mimeType
                      width
                      height
                    }
                  }
                  description {
                    json
                    plaintext
                    html
                  }
                  itinerary {
                    json
                    plaintext
                    html
                  }
                  gearList {
                    json
                    plaintext
                    html
                  }
                }
                _references {
                  ... on AdventureModel {
                    _path
                    slug
                    title
                    price
                    __typename
                  }
                  ... on ImageRef {
                    _path
                    _dynamicUrl
                    mimeType
                    width
                    height
                    __typename
                  }
                }
              }
            }
            """,
        resolve: { query, variables, context in
            let slug = variables["slug"]?.string
            let matches = context.catalog.adventures.filter { $0.slug == slug }
            let rendering = AdventureRendering(context: context, transform: transform(variables))
            return .object([
                ("data", .object([
                    ("adventureList", .object([
                        ("items", .array(matches.map(rendering.fullItem))),
                        ("_references", .array(rendering.references(of: matches))),
                    ]))
                ]))
            ])
        })

    private static func transform(_ variables: [String: VariableValue]) -> ImageTransform {
        ImageTransform(
            format: variables["imageFormat"]?.string ?? "JPG", width: variables["imageWidth"]?.int,
            quality: variables["imageQuality"]?.int, seoName: variables["imageSeoName"]?.string)
    }

    /// graphql-java's answer when resolving `adventureList` fails: the error, and `adventureList` null.
    private static func fetchFailure(_ message: String, query: PersistedQuery) -> JSONValue {
        let error = GraphQLError(
            message: "Exception while fetching data (/adventureList) : \(message)",
            location: query.location(of: "adventureList"), path: ["adventureList"],
            classification: "DataFetchingException")
        return .object([
            ("errors", .array([error.json])),
            ("data", .object([("adventureList", .null)])),
        ])
    }
}
