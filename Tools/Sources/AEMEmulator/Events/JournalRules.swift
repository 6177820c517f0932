import Foundation

/// The stand-in's readings of the journaling API where Adobe documents nothing or only by example ([INF] in
/// aem-openapi.md §5.4 and §6), kept in one place so that a recording of the real service can correct them.
public enum JournalRules {
    /// The journal's path: the organization, credential and registration are the stand-in's own.
    public static let path =
        "/events/organizations/emulator-org@AdobeOrg/integrations/emulator-credential/emulator-registration"
    /// Every journal path is this one journal: `/events/organizations/<org>/integrations/<credential>/<registration>`.
    static func isJournal(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 7 && parts[1] == "events" && parts[2] == "organizations" && parts[4] == "integrations"
            && !parts[3].isEmpty && !parts[5].isEmpty && !parts[6].isEmpty
    }

    /// The `source` of the stand-in's events, in AEM's form.
    public static let source = "acct:aem-p0-e0@adobe.com"
    /// `retry-after` on a 204, in seconds: short, so that an edit reaches a follower quickly (AEM's journal says 10).
    public static let defaultRetryAfter = 1
    /// Events in a batch when `limit` is not given.
    static let defaultLimit = 100

    /// A position: `p:<sequence>:<a fixed-width hash>`, opaque to readers.
    static func position(_ sequence: Int) -> String {
        "p:\(sequence):" + String(format: "%08x", UInt32(truncatingIfNeeded: sequence &* 2_654_435_761))
    }

    /// The sequence of a position this journal gave; nil for anything else.
    static func sequence(of position: String) -> Int? {
        let parts = position.split(separator: ":")
        guard parts.count == 3, parts[0] == "p", let number = Int(parts[1]), number >= 0,
            Self.position(number) == position
        else { return nil }
        return number
    }

    /// `Link: <…?since=…[&limit=…]>; rel="next"`, relative, as the journal's documentation shows it.
    static func nextLink(path: String, since: String, limit: Int?) -> String {
        var query = "since=" + (since.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? since)
        if let limit { query += "&limit=\(limit)" }
        return "<\(path)?\(query)>; rel=\"next\""
    }

    /// The CloudEvent of a change (aem-openapi.md §5.3). A fragment's `data` holds its id, path and model, and for
    /// (un)publication its `tier` (``AuthorRules/eventTier(_:)``: `publish`, as a captured payload shows, or
    /// `preview`); an asset's holds its id (`urn:aaid:aem:<uuid>`) and path [INF].
    static func event(_ change: ContentChange, source: String, time: Date) -> OrderedJSON {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let type: String
        var data: [(String, OrderedJSON)]
        switch change {
        case .fragment(let change):
            type = "aem.sites.contentFragment.\(change.kind.rawValue)"
            data = [
                ("id", .string(change.id)),
                ("path", .string(change.path)),
                (
                    "model",
                    .object([
                        ("id", .string(Base64URL.encode(Data(change.modelPath.utf8)))),
                        ("path", .string(change.modelPath)),
                    ])
                ),
            ]
            if change.kind == .published || change.kind == .unpublished {
                data.append(("tier", .string(AuthorRules.eventTier(change.tier))))
            }
            if change.kind == .unpublished {
                data.append(("user", .object([("principalId", .string(AuthorRules.unpublishActor))])))
            }
            if change.kind == .modified, !change.changedFields.isEmpty {
                data.append(
                    (
                        "properties",
                        .array(
                            change.changedFields.map {
                                .object([("name", .string($0)), ("changeType", .string("modified"))])
                            })
                    ))
            }
        case .asset(let change):
            type = change.kind == .processed ? assetProcessedType : "aem.assets.asset.deleted"
            data = [("id", .string("urn:aaid:aem:" + change.uuid)), ("path", .string(change.path))]
        }
        return .object([
            ("specversion", .string("1.0")),
            ("type", .string(type)),
            ("source", .string(source)),
            ("id", .string(UUID().uuidString.lowercased())),
            ("time", .string(formatter.string(from: time))),
            ("datacontenttype", .string("application/json")),
            ("data", .object(data)),
        ])
    }

    /// The event of an asset added or changed: AEM emits it once the asset's renditions are made [INF: no event is
    /// documented for a new binary as such].
    static let assetProcessedType = "aem.assets.asset.processing_completed"

    /// A 400 in the journal's JSON error form [INF].
    static func problem(_ status: Int, _ message: String) -> Reply {
        let body = OrderedJSON.object([("error", .string(message))])
        return .raw(status: status, headers: [("Content-Type", "application/json")], body: body.serialized)
    }
}
