import AEMHeadless

/// How far one download has come, reported as bytes arrive.
public struct DownloadProgress: Sendable, Hashable {
    /// Bytes of the file received so far, counting from the start of the file; it goes back to
    /// zero when a download has to start over.
    public var bytesReceived: Int64
    /// The file's full length, when the server said.
    public var expectedBytes: Int64?

    /// A progress report.
    public init(bytesReceived: Int64, expectedBytes: Int64?) {
        self.bytesReceived = bytesReceived
        self.expectedBytes = expectedBytes
    }
}
