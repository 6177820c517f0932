import AEMEmulator
import AEMHeadless
import AEMHeadlessAsyncHTTPClient
import AEMHeadlessSync
import EmulatorTestSupport
import Foundation
import Testing
import WKNDSample

/// A fresh folder for a synced store, inside a fresh parent so that writes outside it show;
/// both removed after `body`.
func withSyncFolder<T>(_ body: (_ folder: URL, _ parent: URL) async throws -> T) async throws -> T {
    try await withTemporaryFolder("sync-test") { parent in
        try await body(parent.appendingPathComponent("mirror", isDirectory: true), parent)
    }
}

/// Runs `body` with an emulator serving `content` and a client for it that does not retry, so
/// that a scripted fault fails at once; `requestLog` is told of each answer.
func withService<T>(
    _ content: EmulatorContent, requestLog: (@Sendable (EmulatorRequestRecord) -> Void)? = nil,
    _ body: (RunningEmulator, Aem) async throws -> T
) async throws -> T {
    try await withRunning(EmulatorOptions(content: content, requestLog: requestLog)) { emulator in
        try await AsyncHTTPClientTransport.withTransport { transport in
            let configuration = try AemConfiguration(
                scheme: .http, host: "127.0.0.1:\(emulator.port)", timeout: .seconds(60),
                retry: RetryPolicy(maxAttempts: 1))
            return try await body(emulator, Aem(configuration, transport: transport))
        }
    }
}

/// Syncs `content`, served by a new emulator, into `folder`.
@discardableResult
func sync(
    _ content: EmulatorContent, into folder: URL, pageSize: Int = 100, revalidateAll: Bool = false,
    faults: (RunningEmulator) -> Void = { _ in }
) async throws -> SyncReport {
    try await withService(content) { emulator, aem in
        faults(emulator)
        return try await SyncEngine(aem: aem, directory: folder, concurrency: 4, revalidateAll: revalidateAll)
            .sync(AdventureSyncSource(aem: aem, pageSize: pageSize))
    }
}

/// Everything a store holds, for comparing two stores: per slug the stored JSON and the bytes of
/// each image file; and the files in the images folder.
struct StoreSnapshot: Equatable, CustomStringConvertible {
    var fragments: [String: Data] = [:]
    var images: [String: Data] = [:]
    var imageFiles: Set<String> = []

    init(_ folder: URL) throws {
        let store = try ContentStore(directory: folder)
        for fragment in try store.fragments() {
            fragments[fragment.slug ?? fragment.path] = fragment.json
        }
        for adventure in try store.adventures() {
            guard let image = adventure.primaryImage, let location = image.location else { continue }
            if let file = store.imageFile(for: image) { images[location] = try Data(contentsOf: file) }
        }
        imageFiles = Set(
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("images").path))
    }

    var description: String {
        "\(fragments.count) fragments (\(fragments.keys.sorted().prefix(3).joined(separator: ", "))…), \(images.count) images, "
            + "\(imageFiles.count) files"
    }

    /// What differs from `other`, for a failure message.
    func difference(from other: StoreSnapshot) -> String {
        let slugs = Set(fragments.keys).union(other.fragments.keys).filter { fragments[$0] != other.fragments[$0] }
        let locations = Set(images.keys).union(other.images.keys).filter { images[$0] != other.images[$0] }
        return
            "fragments: \(slugs.sorted()); images: \(locations.sorted()); files: \(imageFiles.symmetricDifference(other.imageFiles).sorted())"
    }
}

extension EmulatorContent {
    /// The sample with `count` more adventures, copies of the sample ones sharing their images.
    static func sampleWithCopies(_ count: Int) throws -> EmulatorContent {
        var content = try EmulatorContent.sample()
        let originals = content.adventures
        for index in 0..<count {
            var copy = originals[index % originals.count]
            copy.master["slug"] = .string("\(copy.slug)-copy\(index)")
            copy.uuid = UUID().uuidString.lowercased()
            content[fragment: copy.path + "-copy\(index)"] = copy
        }
        return content
    }
}

/// `base` with one adventure of each kind of change: `changed` has a new title, `removed` is gone
/// with every copy sharing its image, `moved` is at a new path with its slug, and
/// `brand-new-adventure` is added, showing an image already in `base`.
struct DeltaContent {
    var next: EmulatorContent
    let changed: String
    let removed: String
    let moved: String
    let movedFragment: ContentFragment
    /// Adventures gone: `removed` and its copies.
    let removedCount: Int

    init(_ base: EmulatorContent) throws {
        next = base
        let adventures = base.adventures.filter { $0.primaryImagePath != nil && !$0.slug.contains("-copy") }
        (changed, removed, moved) = (adventures[0].slug, adventures[1].slug, adventures[2].slug)
        next[slug: changed]?.master["title"] = .string("A new title")
        let removedImage = try #require(next[slug: removed]?.primaryImagePath)
        next[slug: removed] = nil
        for copy in next.adventures where copy.primaryImagePath == removedImage { next[slug: copy.slug] = nil }
        var movedFragment = try #require(next[slug: moved])
        movedFragment.path = "/content/dam/wknd-shared/en/adventures/elsewhere/\(moved)"
        next[slug: moved] = movedFragment
        self.movedFragment = movedFragment
        next[fragment: "/content/dam/wknd-shared/en/adventures/new-one/new-one"] =
            next.makeAdventure(
                slug: "brand-new-adventure", title: "Brand new", primaryImage: adventures[3].primaryImagePath)
        removedCount = base.adventures.count - next.adventures.count + 1
    }
}
