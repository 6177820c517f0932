import Foundation
import NIOConcurrencyHelpers
import ServiceLifecycle

/// An emulator started with ``Emulator/start(options:host:port:authorPort:previewPort:)``.
public final class RunningEmulator: Sendable {
    /// The publish origin, `http://<host>:<port>`, without a trailing slash: content as it was last published.
    public let baseURL: URL
    /// The author origin: content as it is now, and the Sites API that writes it (signed in).
    public let authorURL: URL
    /// The preview origin: content as it was last published to preview.
    public let previewURL: URL
    /// The port the publish origin listens on.
    public var port: Int { baseURL.port ?? 0 }
    /// The faults of this instance; change them at any time.
    public let faults: EmulatorFaults
    /// The served content, to replace while it runs, and its event journal.
    public let live: EmulatorLiveContent

    private let recorder: RequestRecorder
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    /// How long ``stop()`` lets the requests in progress finish before it cuts them off.
    static let gracePeriod: Duration = .seconds(2)

    init(
        origins: EmulatorOrigins, faults: EmulatorFaults, live: EmulatorLiveContent, recorder: RequestRecorder,
        group: ServiceGroup, task: Task<Void, any Error>
    ) {
        self.baseURL = origins.publish
        self.authorURL = origins.author
        self.previewURL = origins.preview
        self.faults = faults
        self.live = live
        self.recorder = recorder
        self.group = group
        self.task = task
    }

    /// Every request answered so far, oldest first.
    public var requests: [EmulatorRequestRecord] { recorder.records }

    /// Forgets the requests recorded so far.
    public func clearRequests() {
        recorder.clear()
    }

    /// Stops accepting connections, closes the open ones and returns when the server has stopped: idle
    /// connections close at once, requests in progress may finish for ``gracePeriod`` (one held at an
    /// `EmulatorGate` that is never opened, for instance), then the server is cancelled.
    public func stop() async {
        await group.triggerGracefulShutdown()
        let task = task
        let deadline = Task {
            try await Task.sleep(for: Self.gracePeriod)
            task.cancel()
        }
        _ = await task.result
        deadline.cancel()
    }
}

/// The requests an emulator answered.
final class RequestRecorder: Sendable {
    private let box = NIOLockedValueBox<[EmulatorRequestRecord]>([])

    var records: [EmulatorRequestRecord] { box.withLockedValue { $0 } }

    func append(_ record: EmulatorRequestRecord) {
        box.withLockedValue { $0.append(record) }
    }

    func clear() {
        box.withLockedValue { $0.removeAll() }
    }
}
