import AEMHeadless
import AEMHeadlessAuthoring
import Foundation
import WKNDCore

/// Waits until the service a publish or an unpublish went to serves what it asked for. To publish: the job done on
/// author (the fragment `PUBLISHED`, or `UNPUBLISHED`), then publish's delivery API answering the fragment with
/// author's values, or no longer answering it. To preview, whose jobs leave the status alone: preview's delivery API
/// answering the fragment with author's values, or no longer answering it. A publish is a job, and replication takes
/// its time on a real service.
struct PublicationWait {
    /// The author service, where the fragment is read as it is now.
    let author: Aem
    /// The service the job went to, read through its delivery API.
    let served: Aem
    let destination: PublishDestination
    /// How long to wait in all.
    let limit: Duration
    /// How long between two looks.
    var interval: Duration = .milliseconds(250)

    /// Returns once the service serves the fragment with `id` as published (or, with `unpublished`, no longer serves
    /// it).
    /// - Throws: `Failure` when it does not within `limit`.
    func wait(forFragment id: String, path: String, unpublished: Bool) async throws {
        let deadline = ContinuousClock.now + limit
        while true {
            if try await isDone(id: id, unpublished: unpublished) { return }
            guard ContinuousClock.now < deadline else {
                let service = destination == .preview ? "Preview" : "Publish"
                throw Failure(
                    .unavailable,
                    "\(service) did not serve \(path) as \(unpublished ? "unpublished" : "published") within \(limit); the job may still be running: check with `wknd fragments get \(path)`."
                )
            }
            try await Task.sleep(for: interval)
        }
    }

    private func isDone(id: String, unpublished: Bool) async throws -> Bool {
        let authored = try await author.send(.fragment(id: id))
        if destination == .publish {
            guard authored.status == (unpublished ? .unpublished : .published) else { return false }
        }
        let delivered: DeliveredFragment
        do {
            delivered = try await served.execute(.fragment(id: id)).value
        } catch let error as AemError where error.kind == .notFound {
            return unpublished
        }
        return !unpublished && Self.agrees(delivered, with: authored)
    }

    /// Whether the delivered fragment holds author's values, field by field, where both spell them alike (text,
    /// numbers, true or false).
    static func agrees(_ delivered: DeliveredFragment, with authored: AuthoredFragment) -> Bool {
        guard delivered.title == authored.title || authored.title.isEmpty else { return false }
        for field in authored.fields {
            guard let value = delivered.fields[field.name] else { continue }
            let simple = field.values.allSatisfy {
                $0.stringValue != nil || $0.boolValue != nil || $0.doubleValue != nil
            }
            guard simple, ["text", "number", "float-number", "boolean", "enumeration", nil].contains(field.type) else {
                continue
            }
            let expected: UntypedJSON = field.multiple ? .array(field.values) : (field.values.first ?? .null)
            if !Self.same(value, expected) { return false }
        }
        return true
    }

    private static func same(_ a: UntypedJSON, _ b: UntypedJSON) -> Bool {
        if let x = a.doubleValue, let y = b.doubleValue { return x == y }
        if case .array(let xs) = a, case .array(let ys) = b {
            return xs.count == ys.count && zip(xs, ys).allSatisfy { same($0, $1) }
        }
        if a.isNull, case .array(let ys) = b { return ys.isEmpty }
        return a == b
    }
}
