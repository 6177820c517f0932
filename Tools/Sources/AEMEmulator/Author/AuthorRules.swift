import Crypto
import Foundation

/// Every choice the emulator's author tier makes where Adobe documents nothing for the Sites API's writes (the
/// "Stand-in [INF, rules file]" items of aem-openapi.md §4.6), kept in this one file so that a recording of the real
/// service corrects one line and the tests that pin it.
enum AuthorRules {
    /// The Sites API's path on the author origin.
    static let basePath = "/adobe/sites"

    // MARK: Entity tags (§4.6.1)

    /// §4.6.1: one tag per fragment state, whatever the endpoint, computed from the stored state (not from the bytes
    /// of an answer): 32 lowercase hex digits in quotes. The state's revision counts every write and every completed
    /// publish, so each changes the tag.
    static func entityTag(of parts: [String]) -> String {
        var hasher = SHA256()
        for part in parts {
            hasher.update(data: Data(part.utf8))
            hasher.update(data: Data([0]))
        }
        let digest = hasher.finalize().prefix(16)
        return "\"" + digest.map { String(format: "%02x", $0) }.joined() + "\""
    }

    /// §4.6.1: fragment GETs ignore `If-Match` and `If-None-Match` and always answer 200.
    static let fragmentReadsAreConditional = false

    // MARK: Preconditions (§4.6.2)

    /// §4.6.2: a write without `If-Match` is refused with 428 Precondition Required (AEM's status is unknown: 400 or
    /// 428).
    static let missingIfMatchStatus = 428

    /// §4.6.2: a 412 carries plain Problem Details, without the current fragment.
    static let staleTagStatus = 412

    // MARK: Errors (§4.6.3)

    /// §4.6.3: errors are Problem Details as the delivery API writes them (`application/problem+json`).
    static let problemContentType = DeliveryRules.problemContentType

    /// §4.6.3: the media type a PATCH takes, named in `Accept-Patch` on a 415.
    static let patchMediaType = "application/json-patch+json"

    // MARK: Create, replace, patch, delete (§4.6.4)

    /// §4.6.4: a create answers 201 with the fragment and its tag.
    static let createdStatus = 201

    /// §4.6.4: the name a create derives from the title when it gives none: lowercase, every run of other characters
    /// a `-`.
    static func name(fromTitle title: String) -> String {
        var name = ""
        var pendingDash = false
        for scalar in title.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                if pendingDash, !name.isEmpty { name += "-" }
                pendingDash = false
                name.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return name.isEmpty ? "fragment" : name
    }

    /// §4.6.4: a create's first status is `NEW` when no field has a value, else `DRAFT`.
    static func initialStatus(hasValues: Bool) -> FragmentStatus { hasValues ? .draft : .new }

    /// §4.6.4: a replace's `fields` replaces the whole list; model fields missing from it become empty.
    static let replaceClearsMissingFields = true

    /// §4.6.4: a value the model refuses is a 400 naming the field: a value of another JSON type, several values in a
    /// single field, an empty required field, a value outside an enumeration, text that does not match the model's
    /// validation pattern, and a reference that resolves to nothing (AEM's behaviour at the API is unknown; the
    /// issue this tier was built for chose refusal).
    static let refusesInvalidValues = true

    /// §4.6.4: a PATCH answers 200 with the fragment and its new tag.
    static let patchedStatus = 200

    /// §4.6.4: deleting a `PUBLISHED` or `MODIFIED` fragment is a 409 that names the way out.
    static func refusesDelete(of status: FragmentStatus) -> Bool { status == .published || status == .modified }

    /// §4.6.4: `deleteAndUnpublish` answers 202 with an empty body.
    static let deleteAndUnpublishStatus = 202

    // MARK: Publish (§4.6.5)

    /// §4.6.5: the workflow models that tell a publish from an unpublish.
    static let publishWorkflow = "/var/workflow/models/scheduled_activation_with_references"
    static let unpublishWorkflow = "/var/workflow/models/scheduled_deactivation"

    /// §4.6.5: publish answers 200 with one item per path; an unknown path is `ERROR_NOT_FOUND`, a path outside
    /// `/content/dam/` `ERROR_INVALID`, and the request as a whole succeeds.
    static let publishStatus = 200

    /// §4.6.5: the actor of an unpublish event, as a recorded one shows.
    static let unpublishActor = "workflow-process-service"

    /// §4.6.5 ("The preview tier"): the body member that names where a publish or an unpublish goes. No API field for
    /// the destination is evidenced; the Workflows API's is `agentId`.
    static let destinationMember = "agentId"

    /// §4.6.5: the tier an `agentId` names: `publish` (also when the member is absent, as the Workflows API defaults
    /// it) or `preview`; nil for any other value, which is a 400.
    static func destination(agentID: String?) -> EmulatorView? {
        switch agentID {
        case nil, "publish": .publish
        case "preview": .preview
        default: nil
        }
    }

    /// §5.6: the `data.tier` of the `published` and `unpublished` events of a job on `tier`: `publish` as recorded,
    /// and `preview` presumably (whether AEM emits them for preview at all is unknown).
    static func eventTier(_ tier: EmulatorView) -> String { tier.rawValue }

    /// §4.2 and §4.6.6: a fragment's `previewStatus`, its preview flag beside `status` (which tracks publish only):
    /// `IN_SYNC` (the value models show) when preview serves the fragment as author holds it, `OUT_OF_SYNC` when it
    /// serves an older state; absent when preview does not serve it.
    static func previewStatus(of record: AuthorRecord) -> String? {
        guard let preview = record.preview else { return nil }
        return preview.hasSameContent(as: record.fragment) ? "IN_SYNC" : "OUT_OF_SYNC"
    }

    // MARK: Status model (§4.6.6)

    /// §4.6.6: the status after a content write: `NEW` becomes `DRAFT`, `PUBLISHED` becomes `MODIFIED`, the others stay.
    static func status(afterEditOf status: FragmentStatus) -> FragmentStatus {
        switch status {
        case .new: .draft
        case .published: .modified
        default: status
        }
    }

    // MARK: Versions (§4.6.7)

    /// §4.6.7: a version's title is its number in creation order: `1.0`, `1.1`, ….
    static func versionTitle(_ index: Int) -> String { "1.\(index)" }

    // MARK: Paging (§4.6.11)

    /// §4.6.11: author lists take `limit` 1…50 (default 50); anything else is a 400.
    static let pageSizes = DeliveryRules.pageSizes
    static let defaultPageSize = DeliveryRules.defaultPageSize
}
