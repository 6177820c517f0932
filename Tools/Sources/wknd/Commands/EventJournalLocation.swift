import AEMHeadless
import CompanionLaunch
import Foundation
import WKNDCore

/// Where a command that follows AEM's content events reads them: `--events-url`, else the configured journal
/// (`AEM_EVENTS_URL`, a profile's `eventsUrl`), else the journal a `wknd serve` emulator keeps on the service's origin.
enum EventJournalLocation {
    static func url(given: String?, configured: String?, aem: Aem) throws -> URL {
        if let given = given ?? configured {
            guard let url = URL(string: given), url.scheme == "https" || url.scheme == "http", url.host != nil else {
                throw Failure(.usage, "--events-url must be the journal's http(s) URL, not \(given).")
            }
            return url
        }
        guard let url = aem.configuration.origin.url(forPath: EmulatorLaunch.journalPath) else {
            throw Failure(.usage, "Give the event journal's URL with --events-url.")
        }
        return url
    }
}
