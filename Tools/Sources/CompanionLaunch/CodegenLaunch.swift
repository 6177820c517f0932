/// How `wknd codegen` asks its companion program, `aem-codegen`, to generate Swift for persisted
/// queries: one JSON object on the program's standard input (`aem-codegen --json-stdin`), and one
/// `Report` a line, as JSON, on its standard output.
///
/// The generator lives in its own program so that `wknd` itself does not link it and GraphQLSwift,
/// which every `wknd` command would otherwise pay for when it starts. `wknd` reads the schemas and
/// the queries' texts (from the service or from files) and says what failed; the program only
/// parses, validates and generates, and writes the files. It is given no credentials: it needs none.
package struct CodegenLaunch: Codable, Sendable, Equatable {
    /// The access level of the generated declarations.
    package enum AccessLevel: String, Codable, Sendable, CaseIterable {
        case `public`, `internal`
    }

    /// One query to generate: its `conf/name`, its GraphQL text, and the key of its schema in `schemas`.
    package struct Query: Codable, Sendable, Equatable {
        package var path: String
        package var text: String
        package var schema: String

        package init(path: String, text: String, schema: String) {
            (self.path, self.text, self.schema) = (path, text, schema)
        }
    }

    /// What the program says about each query, in order; it stops at the first that fails.
    package enum Report: Codable, Sendable, Equatable {
        /// The file `name` is in the output folder; `written` is false when it held these bytes already.
        case file(name: String, written: Bool)
        /// The query `path`, or its schema (`inSchema`), does not validate: the generator's error
        /// text, one problem a line.
        case invalid(path: String, inSchema: Bool, description: String)
        /// The file `name` could not be written, and why.
        case cannotWrite(name: String, reason: String)
        /// The generated file `name`, of a query or shared type of the same configurations that is no longer
        /// generated, was removed.
        case removed(name: String)
    }

    /// The schemas as SDL, by the keys the queries give.
    package var schemas: [String: String]
    /// The queries, generated in this order.
    package var queries: [Query]
    /// The folder to write the Swift files into (created when missing), relative to the program's
    /// working directory.
    package var output: String
    package var access: AccessLevel
    /// Only validate: every query is checked, each that fails is reported (`.invalid`), nothing is
    /// generated or written. Absent means false.
    package var validateOnly: Bool?
    /// After generating every query: remove from the output folder the generated files of the
    /// queries' configurations that were not generated this time (`StaleFiles`). Absent means false.
    package var prune: Bool?
    /// Give every generated struct `static var preview`. Absent means false.
    package var previews: Bool?
    /// The Swift type of each mapped GraphQL scalar, by the scalar's name. Absent means none.
    package var scalars: [String: String]?

    /// The program's file name, beside `wknd`.
    package static let programName = "aem-codegen"
    /// The option that has the program read a `CodegenLaunch` on its standard input.
    package static let option = "--json-stdin"

    package init(
        schemas: [String: String], queries: [Query], output: String, access: AccessLevel, validateOnly: Bool? = nil,
        prune: Bool? = nil, previews: Bool? = nil, scalars: [String: String]? = nil
    ) {
        self.schemas = schemas
        self.queries = queries
        self.output = output
        self.access = access
        self.validateOnly = validateOnly
        self.prune = prune
        self.previews = previews
        self.scalars = scalars
    }
}
