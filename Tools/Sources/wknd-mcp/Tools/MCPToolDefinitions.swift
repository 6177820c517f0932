import AEMHeadless
import WKNDCore

/// The tools `wknd mcp` offers, as the Model Context Protocol lists them: each name (as Adobe's own server names the
/// same ideas), what it does, the JSON Schema of its input and output, and what it may change. The tools that write on
/// the author service are offered only with `--allow-writes`.
enum MCPTool: String, CaseIterable, Sendable {
    case listModels = "list_models"
    case listFragments = "list_fragments"
    case getFragment = "get_fragment"
    case searchFragments = "search_fragments"
    case listPersistedQueries = "list_persisted_queries"
    case runPersistedQuery = "run_persisted_query"
    case getSchema = "get_schema"
    case getAuthoredFragment = "get_authored_fragment"
    case patchFragment = "patch_fragment"
    case createFragment = "create_fragment"
    case publishFragments = "publish_fragments"
    case unpublishFragments = "unpublish_fragments"

    /// Whether the tool only reads; the others write on the author service.
    var isReadOnly: Bool {
        switch self {
        case .patchFragment, .createFragment, .publishFragments, .unpublishFragments: false
        default: true
        }
    }

    /// Whether the tool may change or remove what is there (rather than only add).
    var isDestructive: Bool {
        switch self {
        case .patchFragment, .publishFragments, .unpublishFragments: true
        default: false
        }
    }

    /// Whether calling it again with the same arguments changes nothing more.
    var isIdempotent: Bool { self != .createFragment }

    var title: String {
        switch self {
        case .listModels: "List content fragment models"
        case .listFragments: "List content fragments"
        case .getFragment: "Get a content fragment"
        case .searchFragments: "Search content fragments"
        case .listPersistedQueries: "List persisted queries"
        case .runPersistedQuery: "Run a persisted query"
        case .getSchema: "Get a GraphQL schema"
        case .getAuthoredFragment: "Get a content fragment on author, with its entity tag"
        case .patchFragment: "Change fields of a content fragment"
        case .createFragment: "Create a content fragment"
        case .publishFragments: "Publish content fragments"
        case .unpublishFragments: "Unpublish content fragments"
        }
    }

    var description: String {
        switch self {
        case .listModels:
            "The content fragment models with their fields and types: from the service, the GraphQL types of each "
                + "configuration's schema (every configuration that has persisted queries, or the one named); from a "
                + "mirror, each model of the stored fragments with the JSON kinds its fields hold."
        case .listFragments:
            "The content fragments below a DAM folder (sub-folders included), one page at a time: pass the returned "
                + "cursor to get the next page. locale lists the folder's language copy (de: …/en/… becomes …/de/…)."
        case .getFragment:
            "One content fragment by id or by DAM path, with its fields and what it references (references: none, "
                + "direct, direct-hydrated, all, all-hydrated; a mirror holds what the sync stored). locale reads a "
                + "path in the first locale of the chain (de-CH,de,en) whose language copy has it."
        case .searchFragments:
            "Full-text search of a synced mirror (wknd mcp --store DIR): the fragments whose title or rich text hold "
                + "the words, best match first. Optional model, folder and locale narrow it."
        case .listPersistedQueries:
            "The persisted GraphQL queries stored on the service, of every configuration or of one, with their text "
                + "and the variables each declares."
        case .runPersistedQuery:
            "Runs a persisted query (name configuration/name) with variables and returns its data and any GraphQL "
                + "errors. all: true follows its paging (first/after or offset/limit) and returns the items of every "
                + "page, up to maxItems, reporting progress after each page."
        case .getSchema:
            "The GraphQL schema (SDL) AEM generates for a configuration from its content fragment models."
        case .getAuthoredFragment:
            "One content fragment as it is now on the author service (drafts included), by id or DAM path: its fields "
                + "as a list of {name, type, multiple, values}, its status (NEW, DRAFT, PUBLISHED, MODIFIED, UNPUBLISHED) "
                + "and its etag, which patch_fragment, publish_fragments and unpublish_fragments need."
        case .patchFragment:
            "Changes fields of a content fragment on author, named by name (fields: {name: value or [values]}), and "
                + "title or description. Give the etag get_authored_fragment returned: if the fragment changed since, "
                + "nothing is written; read it again. A published fragment becomes MODIFIED until published."
        case .createFragment:
            "Creates a content fragment of a model (its name, such as adventure, or path) in a DAM folder, with a "
                + "title and first field values. It is on author only until published."
        case .publishFragments:
            "Publishes content fragments to the publish service (or to preview, for review, with service: preview), "
                + "each given with the etag it was read with (get_authored_fragment), so that only what was reviewed "
                + "is published; returns what AEM did with each path."
        case .unpublishFragments:
            "Takes content fragments off the publish service (or off preview, with service: preview), each given "
                + "with the etag it was read with; they stay on author."
        }
    }

    /// The JSON Schema of the tool's arguments.
    var inputSchema: String {
        switch self {
        case .listModels:
            """
            {"type": "object", "properties": {
              "configuration": {"type": "string", "description": "A configuration, such as wknd-shared; default: each that has persisted queries."}
            }, "additionalProperties": false}
            """
        case .listFragments:
            """
            {"type": "object", "properties": {
              "folder": {"type": "string", "description": "The DAM folder, such as /content/dam/wknd-shared/en; default: every fragment."},
              "limit": {"type": "integer", "minimum": 1, "maximum": 50, "default": 50, "description": "Fragments per page."},
              "cursor": {"type": "string", "description": "The cursor of the page before, to get the next."},
              "locale": {"type": "string", "description": "A locale, such as de: list the folder's language copy."}
            }, "additionalProperties": false}
            """
        case .getFragment:
            """
            {"type": "object", "properties": {
              "id": {"type": "string", "description": "The fragment's id, as list_fragments shows it."},
              "path": {"type": "string", "description": "The fragment's DAM path, such as /content/dam/wknd-shared/en/adventures/bali-surf-camp/bali-surf-camp."},
              "references": {"type": "string", "enum": ["none", "direct", "direct-hydrated", "all", "all-hydrated"], "default": "direct-hydrated"},
              "locale": {"type": "string", "description": "Locales most wanted first, such as de-CH,de,en (with path)."}
            }, "additionalProperties": false}
            """
        case .searchFragments:
            """
            {"type": "object", "properties": {
              "text": {"type": "string", "minLength": 1, "description": "The words to find."},
              "limit": {"type": "integer", "minimum": 1, "maximum": 100, "default": 20},
              "model": {"type": "string", "description": "Only fragments of this model, such as adventure."},
              "folder": {"type": "string", "description": "Only fragments below this DAM folder."},
              "locale": {"type": "string", "description": "Only fragments of this locale's language copy, such as de."}
            }, "required": ["text"], "additionalProperties": false}
            """
        case .listPersistedQueries:
            """
            {"type": "object", "properties": {
              "configuration": {"type": "string", "description": "Only this configuration's, such as wknd-shared."}
            }, "additionalProperties": false}
            """
        case .runPersistedQuery:
            """
            {"type": "object", "properties": {
              "name": {"type": "string", "description": "The query as configuration/name, such as wknd-shared/adventures-all."},
              "variables": {"type": "object", "description": "The query's variables by name; objects and arrays are sent as JSON text."},
              "all": {"type": "boolean", "default": false, "description": "Follow the paging and return every item."},
              "pageSize": {"type": "integer", "minimum": 1, "maximum": 1000, "default": 100, "description": "With all: items per request."},
              "maxItems": {"type": "integer", "minimum": 1, "maximum": 100000, "default": 1000, "description": "With all: stop after this many items."}
            }, "required": ["name"], "additionalProperties": false}
            """
        case .getSchema:
            """
            {"type": "object", "properties": {
              "configuration": {"type": "string", "description": "The configuration, such as wknd-shared."}
            }, "required": ["configuration"], "additionalProperties": false}
            """
        case .getAuthoredFragment:
            """
            {"type": "object", "properties": {
              "id": {"type": "string", "description": "The fragment's id."},
              "path": {"type": "string", "description": "The fragment's DAM path."}
            }, "additionalProperties": false}
            """
        case .patchFragment:
            """
            {"type": "object", "properties": {
              "id": {"type": "string", "description": "The fragment's id."},
              "path": {"type": "string", "description": "The fragment's DAM path."},
              "etag": {"type": "string", "description": "The etag get_authored_fragment returned."},
              "title": {"type": "string"},
              "description": {"type": "string"},
              "fields": {"type": "object", "description": "New values by field name: a value, or an array for a field with several; null or [] empties it."}
            }, "required": ["etag"], "additionalProperties": false}
            """
        case .createFragment:
            """
            {"type": "object", "properties": {
              "folder": {"type": "string", "description": "The DAM folder, such as /content/dam/wknd-shared/en/adventures."},
              "model": {"type": "string", "description": "The model's name (such as adventure), path or id."},
              "title": {"type": "string", "minLength": 1},
              "name": {"type": "string", "description": "The name in the folder; default: made from the title."},
              "description": {"type": "string"},
              "fields": {"type": "object", "description": "Values by field name: a value, or an array for a field with several."}
            }, "required": ["folder", "model", "title"], "additionalProperties": false}
            """
        case .publishFragments, .unpublishFragments:
            """
            {"type": "object", "properties": {
              "fragments": {"type": "array", "minItems": 1, "items": {"type": "object", "properties": {
                "path": {"type": "string", "description": "The fragment's DAM path."},
                "etag": {"type": "string", "description": "The etag it was read with."}
              }, "required": ["path", "etag"], "additionalProperties": false}},
              "service": {"type": "string", "enum": ["publish", "preview"], "default": "publish",
                "description": "The service: publish, which visitors read, or preview, for review."}
            }, "required": ["fragments"], "additionalProperties": false}
            """
        }
    }

    /// The JSON Schema of the tool's result (its structured content).
    var outputSchema: String {
        switch self {
        case .listModels:
            """
            {"type": "object", "properties": {
              "source": {"type": "string", "enum": ["service", "mirror"]},
              "models": {"type": "array", "items": {"type": "object", "properties": {
                "name": {"type": "string"}, "type": {"type": "string"}, "configuration": {"type": "string"},
                "fragments": {"type": "integer"},
                "fields": {"type": "array", "items": {"type": "object", "properties": {
                  "name": {"type": "string"}, "type": {"type": "string"}}, "required": ["name", "type"]}}
              }, "required": ["name", "fields"]}}
            }, "required": ["source", "models"]}
            """
        case .listFragments:
            """
            {"type": "object", "properties": {
              "folder": {"type": "string"},
              "items": {"type": "array", "items": {"type": "object", "description": "A fragment as the delivery API sends it."}},
              "total": {"type": "integer", "description": "From a mirror: every fragment below the folder."},
              "cursor": {"type": ["string", "null"], "description": "Pass it back for the next page; null after the last."}
            }, "required": ["items", "cursor"]}
            """
        case .getFragment:
            """
            {"type": "object", "properties": {
              "fragment": {"type": "object", "description": "The fragment as the delivery API sends it, with its references."},
              "locale": {"type": "string", "description": "With locale: the locale whose language copy answered."}
            }, "required": ["fragment"]}
            """
        case .searchFragments:
            """
            {"type": "object", "properties": {
              "text": {"type": "string"},
              "items": {"type": "array", "items": {"type": "object", "properties": {
                "rank": {"type": "integer"}, "path": {"type": "string"}, "model": {"type": "string"},
                "title": {"type": "string"}, "fragment": {"type": "object"}
              }, "required": ["rank", "path", "fragment"]}}
            }, "required": ["text", "items"]}
            """
        case .listPersistedQueries:
            """
            {"type": "object", "properties": {
              "queries": {"type": "array", "items": {"type": "object", "properties": {
                "name": {"type": "string"}, "configuration": {"type": "string"},
                "variables": {"type": "array", "items": {"type": "string"}}, "text": {"type": "string"}
              }, "required": ["name", "configuration"]}}
            }, "required": ["queries"]}
            """
        case .runPersistedQuery:
            """
            {"type": "object", "properties": {
              "data": {"description": "The query's data, as AEM sent it (without all)."},
              "items": {"type": "array", "description": "With all: the items of every page."},
              "pages": {"type": "integer"}, "complete": {"type": "boolean"},
              "errors": {"type": "array", "items": {"type": "object"}, "description": "GraphQL errors beside the data."}
            }, "required": ["errors"]}
            """
        case .getSchema:
            """
            {"type": "object", "properties": {
              "configuration": {"type": "string"}, "sdl": {"type": "string"}
            }, "required": ["configuration", "sdl"]}
            """
        case .getAuthoredFragment, .patchFragment, .createFragment:
            """
            {"type": "object", "properties": {
              "fragment": {"type": "object", "description": "The fragment as the Sites API sends it."},
              "etag": {"type": "string", "description": "Its entity tag, for the next change."},
              "status": {"type": "string"},
              "changed": {"type": "array", "items": {"type": "string"}, "description": "What a patch changed."}
            }, "required": ["fragment", "etag"]}
            """
        case .publishFragments, .unpublishFragments:
            """
            {"type": "object", "properties": {
              "items": {"type": "array", "items": {"type": "object", "properties": {
                "path": {"type": "string"}, "status": {"type": "string"}, "id": {"type": "string"}
              }, "required": ["path", "status"]}}
            }, "required": ["items"]}
            """
        }
    }

    /// The names of the arguments the tool takes.
    var argumentNames: Set<String> {
        Set((try? UntypedJSON(parsing: inputSchema))?["properties"]?.members?.map(\.key) ?? [])
    }
}
