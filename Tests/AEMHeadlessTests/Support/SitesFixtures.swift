import AEMHeadless
import AEMHeadlessAuthoring
import Foundation

/// Answers of the Sites API for the tests, written for them in the shape AEM's author service sends, and a client
/// on an author host that uses a scripted transport.
enum SitesFixtures {
    static let fragmentID = "0b7d3c52-1f0e-4a8e-9c61-7a2f5e9d4c11"
    static let fragmentPath = "/content/dam/test-kitchen/en/recipes/lemon-tart"
    static let modelID = FragmentModel.id(forPath: "/conf/test-kitchen/settings/dam/cfm/models/recipe")
    static let etag = #""5f2b9c0d4e6a8b1c3d5e7f9012345678""#
    static let newerEtag = #""a1b2c3d4e5f60718293a4b5c6d7e8f90""#
    static let token = "sites-secret-token"

    /// A recipe fragment: five fields (the list's third is `ingredients`), a variation, two tags, every stamp, a
    /// status, and members the client does not model.
    static let fragmentBody = """
        {
          "id": "\(fragmentID)",
          "path": "\(fragmentPath)",
          "title": "Lemon Tart",
          "description": "A sharp, short-crust tart.",
          "model": {
            "id": "\(modelID)",
            "path": "/conf/test-kitchen/settings/dam/cfm/models/recipe",
            "name": "recipe",
            "title": "Recipe"
          },
          "status": "MODIFIED",
          "created": { "at": "2024-02-01T09:30:00.000+01:00", "by": "chef", "fullName": "Head Chef" },
          "modified": { "at": "2024-03-05T18:00:00.250+01:00", "by": "editor" },
          "published": { "at": "2024-02-02T10:00:00.000Z", "by": "publisher" },
          "fields": [
            { "type": "text", "name": "headline", "multiple": false, "values": ["Lemon Tart"] },
            { "type": "number", "name": "servings", "multiple": false, "values": [8] },
            { "type": "text", "name": "ingredients", "multiple": true, "values": ["lemons", "butter", "flour"] },
            { "type": "long-text", "name": "method", "multiple": false, "mimeType": "text/html",
              "values": ["<p>Bake blind.</p>"], "locked": false },
            { "type": "content-fragment", "name": "chef", "multiple": false, "values": [] }
          ],
          "variations": [ { "name": "summer", "title": "Summer", "description": "", "fields": [] } ],
          "references": [],
          "tags": [ { "id": "test-kitchen:course/dessert", "title": "Dessert" }, "test-kitchen:season/spring" ],
          "fieldTags": [],
          "validationStatus": [ { "field": "servings", "message": "below the minimum" } ]
        }
        """

    /// The same fragment after a write: a new title and a new tag.
    static let changedFragmentBody = fragmentBody.replacingOccurrences(
        of: "\"title\": \"Lemon Tart\",", with: "\"title\": \"Lemon Tart, Revised\",")

    /// The fragment answered as a single read: the body and its `ETag`.
    static func fragmentAnswer(_ body: String = fragmentBody, etag: String = etag, status: Int = 200)
        -> ScriptedTransport.Step
    {
        .json(body, status: status, headers: ["ETag": etag])
    }

    /// A client of an author host, with a bearer token, sending through `transport`.
    static func client(_ transport: ScriptedTransport, retry: RetryPolicy = fastRetries) throws -> Aem {
        Aem(
            try AemConfiguration(
                host: "author-p1001-e2002.adobeaemcloud.com", authentication: .token(token), retry: retry),
            transport: transport)
    }

    /// Three tries with back-offs of a few milliseconds, and `Retry-After` honoured up to 30 s as by default.
    static let fastRetries = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(1), maxDelay: .milliseconds(4))

    /// The fixture read as the client reads a GET.
    static func fragment() throws -> AuthoredFragment {
        try AuthoredFragment(UntypedJSON(parsing: fragmentBody), etag: EntityTag(etag))
    }
}
