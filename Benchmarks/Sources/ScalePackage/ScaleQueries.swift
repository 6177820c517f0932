/// The persisted queries of a generated package (`/conf/scale/settings/graphql/persistentQueries`), with variables
/// that find something in every package, so a benchmark can check each one runs.
public enum ScaleQueries {
    /// A stored query: its name, text, and variables for a check run (as `execute.json` takes them).
    public struct Query: Sendable {
        public let name: String
        public let text: String
        public let checkVariables: [String: String]
    }

    private static let imageFields = """
        ... on ImageRef {
                  _path
                  _dynamicUrl
                  width
                  height
                }
        """

    public static let all: [Query] = [
        Query(
            name: "adventures-paginated",
            text: """
                query ($first: Int = 20, $after: String, $sort: String = "price DESC, title ASC", $imageFormat: AssetTransformFormat = JPG, $imageWidth: Int = 1200, $imageQuality: Int = 80) {
                  adventurePaginated(
                    first: $first
                    after: $after
                    sort: $sort
                    _assetTransform: {format: $imageFormat, width: $imageWidth, quality: $imageQuality, preferWebp: true}
                  ) {
                    edges {
                      cursor
                      node {
                        _path
                        slug
                        title
                        activity
                        price
                        tripLength
                        primaryImage {
                          \(imageFields)
                        }
                      }
                    }
                    pageInfo {
                      endCursor
                      hasNextPage
                    }
                  }
                }

                """,
            checkVariables: ["first": "5"]),
        Query(
            name: "adventures-all",
            text: """
                query ($offset: Int, $limit: Int = 50, $sort: String = "title ASC") {
                  adventureList(offset: $offset, limit: $limit, sort: $sort) {
                    items {
                      _path
                      slug
                      title
                      activity
                      adventureType
                      price
                      groupSize
                    }
                  }
                }

                """,
            checkVariables: ["limit": "5"]),
        Query(
            name: "adventure-by-slug",
            text: """
                query ($slug: String!) {
                  adventureList(filter: {slug: {_expressions: [{value: $slug}]}}) {
                    items {
                      _path
                      _id
                      title
                      slug
                      activity
                      difficulty
                      price
                      startDate
                      description {
                        plaintext
                        html
                      }
                      primaryImage {
                        \(imageFields)
                      }
                      guide {
                        firstName
                        lastName
                        profilePicture {
                          \(imageFields)
                        }
                      }
                      contributors {
                        _path
                        firstName
                        lastName
                      }
                    }
                  }
                }

                """,
            checkVariables: ["slug": "adventure-000000"]),
        Query(
            name: "article-by-slug",
            text: """
                query ($slug: String!) {
                  articleList(filter: {slug: {_expressions: [{value: $slug}]}}) {
                    items {
                      _path
                      title
                      slug
                      publishDate
                      readingMinutes
                      featured
                      main {
                        json
                      }
                      featuredImage {
                        \(imageFields)
                      }
                      authorFragment {
                        firstName
                        lastName
                      }
                      relatedAdventures {
                        slug
                        title
                        guide {
                          firstName
                          lastName
                        }
                      }
                    }
                  }
                }

                """,
            checkVariables: ["slug": "article-000000"]),
        Query(
            name: "authors-paginated",
            text: """
                query ($first: Int = 50, $after: String) {
                  authorPaginated(first: $first, after: $after, sort: "lastName ASC, firstName ASC") {
                    edges {
                      node {
                        _path
                        firstName
                        lastName
                      }
                    }
                    pageInfo {
                      endCursor
                      hasNextPage
                    }
                  }
                }

                """,
            checkVariables: ["first": "5"]),
    ]

    /// The `.content.xml` of the `persistentQueries` page: one node per query, its text in a binary beside it.
    static var pageXML: String {
        var nodes = ""
        for query in all {
            nodes +=
                "<\(query.name) jcr:primaryType=\"nt:unstructured\" sling:resourceType=\"graphql/persistent/query\">"
                + "<jcr:content jcr:primaryType=\"nt:unstructured\" jcr:data=\"{Binary}\" "
                + "jcr:mimeType=\"application/graphql\" jcr:lastModified=\"{Date}2024-04-15T10:00:00.000+02:00\" "
                + "sling:resourceType=\"graphql/persistent/query/content\"/></\(query.name)>\n"
        }
        return DocView.header + "<jcr:root \(DocView.namespaces) jcr:primaryType=\"cq:Page\">\n"
            + "<jcr:content jcr:primaryType=\"nt:unstructured\"/>\n" + nodes + "</jcr:root>\n"
    }
}
