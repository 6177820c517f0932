import AEMHeadless
import Foundation

/// Downloads files, such as adventure images, from AEM or wherever their URL points, straight to
/// disk and atomically.
///
/// For many files at once, with the manifest kept for you, use `BatchDownloader`.
///
/// ```swift
/// let downloader = FileDownloader(aem: aem)
/// let manifest = DownloadManifest(directory: folder, origin: aem.configuration.origin.description)
/// let name = SafeFileName(slug: "bali-surf-camp")!
/// let outcome = try await downloader.download(url, to: folder, name: name,
///                                             previous: await manifest.record(for: name))
/// await manifest.set(outcome.record, for: name)
/// try await manifest.save()
/// ```
///
/// - The body is written as it arrives to a temporary file in the destination folder, so memory
///   stays small whatever the file's size; the file is checked against `Content-Length`, flushed
///   to disk and renamed to `<name>.<extension>` (the extension from `Content-Type`, else the URL).
///   A failed or cancelled download leaves no temporary file and does not touch the destination.
/// - A connection lost in the middle of the body is resumed with `Range` and `If-Range` when the
///   server sent `Accept-Ranges: bytes` and a validator, and started over otherwise.
/// - The file is asked for as it is stored (`Accept-Encoding: identity`), so that its length and
///   byte ranges are those of the file. A server that compresses it all the same is still read
///   right by a transport that decodes it (`URLSessionTransport`), but such a download is started
///   over rather than resumed: a range of the compressed bytes is no range of the file.
/// - With the `previous` record of an existing file, the request is conditional and a 304 keeps
///   the file as it is.
/// - Requests go through the client's answer pipeline: credentials only to the configured origin, never to another
///   host or to a redirect that leaves the origin.
public struct FileDownloader: Sendable {
    /// The client that sends the requests.
    public let aem: Aem
    /// The most times one download is resumed or started over after a lost connection.
    public var maxResumes: Int
    /// Whether a file's bytes are left for `flushDeferredFiles(in:)`, which flushes many files in
    /// one step, instead of flushed before its rename. A file is then renamed into place before
    /// it is on disk: record it nowhere until that flush.
    public var defersFlush: Bool
    /// The paths of the temporary files of downloads under way.
    private let temporaryFiles = LockedValue<Set<String>>([])

    /// A downloader through `aem` that resumes one transfer at most `maxResumes` times (at least 0)
    /// and, with `defersFlush`, leaves flushing files to `flushDeferredFiles(in:)`.
    public init(aem: Aem, maxResumes: Int = 3, defersFlush: Bool = false) {
        self.aem = aem
        self.maxResumes = max(0, maxResumes)
        self.defersFlush = defersFlush
    }

    /// Downloads `url` to `directory/<name>.<extension>`.
    ///
    /// - Parameters:
    ///   - url: the file, on the AEM origin or elsewhere (credentials go only to the origin).
    ///   - directory: the folder the file goes to.
    ///   - name: the file's name without extension; the extension follows the content type.
    ///   - previous: what was kept from the last download of this file; a conditional request is
    ///     sent when it is for the same URL and the file is still there with its length.
    ///   - progress: called as bytes arrive, from the downloading task.
    /// - Throws: `AemError` for an HTTP or network failure or a body of the wrong length,
    ///   `DownloadFileError` for a local one, or `CancellationError`.
    public func download(
        _ url: URL, to directory: URL, name: SafeFileName, previous: DownloadRecord? = nil,
        progress: @Sendable (DownloadProgress) -> Void = { _ in }
    ) async throws -> DownloadOutcome {
        let source = source(of: url)
        let keptFile = previous?.keptFile(source: source, directory: directory, name: name)
        let plan = ResumePlan.first(kept: keptFile == nil ? nil : previous)
        let response = try await aem.get(url, headers: requestHeaders(plan))
        switch plan.decide(status: response.status, headers: response.headers) {
        case .keepFile:
            await response.body.discard()
            if let keptFile, let previous {
                return DownloadOutcome(file: keptFile, record: previous, kind: .unchanged, bytesTransferred: 0)
            }
            throw statusError(response.status, url: url)
        case .writeFromStart:
            break
        case .append, .complete, .wrongRange, .fail:
            await response.body.discard()
            throw statusError(response.status, url: url)
        }

        // The folder's path, made once: a file URL's path is decoded again each time it is asked.
        let directoryPath = directory.path
        let partial = try PartialFile(inDirectoryAtPath: directoryPath, for: name.rawValue)
        temporaryFiles.withLock { _ = $0.insert(partial.path) }
        defer { temporaryFiles.withLock { _ = $0.remove(partial.path) } }
        do {
            var transfer = Transfer(url: url, head: DownloadResponseHead(response.headers))
            try await receive(response, into: partial, transfer: &transfer, progress: progress)
            let fileName =
                name.rawValue + "."
                + FileExtension.forFile(
                    leadingBytes: partial.leadingBytes, contentType: transfer.head.contentType, url: url)
            try await partial.commit(
                toPath: PartialFile.path(of: fileName, in: directoryPath), flushing: flushesEachFile)
            let destination = directory.appendingPathComponent(fileName, isDirectory: false)
            let record = DownloadRecord(
                url: source, file: fileName, etag: transfer.head.etag,
                lastModified: transfer.head.lastModified, length: partial.length)
            return DownloadOutcome(
                file: destination, record: record, kind: .downloaded,
                bytesTransferred: transfer.bytesTransferred)
        } catch {
            partial.remove()
            throw error
        }
    }

    /// How a record names `url`: its path and query when it is on the AEM origin, else the
    /// absolute URL. See `DownloadRecord.url`.
    package func source(of url: URL) -> String {
        guard aem.configuration.origin.contains(url) else { return url.absoluteString }
        let path = url.path(percentEncoded: true)
        return (path.isEmpty ? "/" : path) + (url.query(percentEncoded: true).map { "?" + $0 } ?? "")
    }

    /// Places a copy of a downloaded file under another name in the same folder, atomically, for
    /// a second item that shares the same URL.
    public func copy(_ outcome: DownloadOutcome, as name: SafeFileName) async throws -> DownloadOutcome {
        let directory = outcome.file.deletingLastPathComponent()
        let fileExtension = outcome.file.pathExtension
        let fileName = name.rawValue + (fileExtension.isEmpty ? "" : "." + fileExtension)
        let destination = directory.appendingPathComponent(fileName, isDirectory: false)
        guard destination.standardizedFileURL != outcome.file.standardizedFileURL else { return outcome }
        let partial = try PartialFile(in: directory, for: name.rawValue)
        temporaryFiles.withLock { _ = $0.insert(partial.path) }
        defer { temporaryFiles.withLock { _ = $0.remove(partial.path) } }
        do {
            let source: FileHandle
            do {
                source = try FileHandle(forReadingFrom: outcome.file)
            } catch {
                throw DownloadFileError(
                    path: outcome.file.path, message: "Cannot read \(outcome.file.path): \(error.localizedDescription)")
            }
            defer { try? source.close() }
            while let chunk = try source.read(upToCount: PartialFile.bufferSize), !chunk.isEmpty {
                try partial.append(chunk)
            }
            try await partial.commit(as: destination, flushing: flushesEachFile)
        } catch {
            partial.remove()
            throw error
        }
        var record = outcome.record
        record.file = fileName
        return DownloadOutcome(file: destination, record: record, kind: .copied, bytesTransferred: 0)
    }

    /// Deletes the temporary files of downloads still running, at once: for a process about to
    /// exit on a signal. The downloads themselves then fail.
    public func removeTemporaryFiles() {
        let files = temporaryFiles.exchange([])
        for file in files { try? FileManager.default.removeItem(atPath: file) }
    }

    /// Whether a file name is a temporary name of this type, left behind only if the process was
    /// killed without a chance to clean up.
    public static func isTemporaryFile(_ fileName: String) -> Bool {
        PartialFile.isTemporary(fileName)
    }

    /// Flushes what downloads that defer their flush (`defersFlush`) wrote into `directory`: the
    /// files' bytes and the folder's entries. On Linux this is one flush of the file system that
    /// holds the folder (`syncfs`), however many files were written, instead of one per file;
    /// elsewhere each download flushes its own file and this flushes the folder. Call it before
    /// recording the files anywhere.
    ///
    /// - Throws: `DownloadFileError` when the folder cannot be opened or flushed.
    public static func flushDeferredFiles(in directory: URL) throws {
        try DiskFlush.fileSystem(of: directory)
    }

    /// Whether each file is flushed before its rename: unless the flush is deferred to a system
    /// that can flush a whole file system at once.
    private var flushesEachFile: Bool {
        !(defersFlush && DiskFlush.flushesFileSystem)
    }

    static let accept = "image/avif,image/webp,image/*;q=0.9,*/*;q=0.5"

    // MARK: - Receiving

    /// The state of one file's transfer across resumes.
    private struct Transfer {
        let url: URL
        /// The headers of the full (200) response the file is being built from.
        var head: DownloadResponseHead
        var resumes = 0
        var bytesTransferred: Int64 = 0
        /// The file's full length, when known.
        var expectedLength: Int64? { head.contentLength }
    }

    /// Writes the body of `response` to `partial`, resuming or starting over after lost connections,
    /// until the file is complete; then checks its length.
    private func receive(
        _ response: AemHTTPResponse, into partial: PartialFile, transfer: inout Transfer,
        progress: @Sendable (DownloadProgress) -> Void
    ) async throws {
        var body = response.body
        while true {
            do {
                for try await chunk in body {
                    try partial.append(chunk)
                    transfer.bytesTransferred += Int64(chunk.count)
                    if let expected = transfer.expectedLength, partial.length > expected {
                        throw AemError(
                            .invalidResponse,
                            "\(describe(transfer.url)) sent more than the \(expected) bytes it announced.",
                            url: transfer.url, status: 200)
                    }
                    progress(DownloadProgress(bytesReceived: partial.length, expectedBytes: transfer.expectedLength))
                }
                break
            } catch let error as AemHTTPTransportError {
                guard transfer.resumes < maxResumes else {
                    throw AemError(
                        .network,
                        "The download of \(describe(transfer.url)) broke off after \(partial.length) bytes "
                            + "(\(error.detail)) and could not be completed in \(maxResumes + 1) tries.",
                        url: transfer.url)
                }
                transfer.resumes += 1
                guard let rest = try await resume(into: partial, transfer: &transfer) else { break }
                body = rest
                progress(DownloadProgress(bytesReceived: partial.length, expectedBytes: transfer.expectedLength))
            }
        }
        if let expected = transfer.expectedLength, partial.length != expected {
            throw AemError(
                .network,
                "The download of \(describe(transfer.url)) ended after \(partial.length) of the "
                    + "\(expected) bytes announced.", url: transfer.url, status: 200)
        }
    }

    /// Asks again for what is missing after a lost connection: the rest of the file when the server
    /// can send it (206 with the matching range), else the whole file; returns the body to read,
    /// or nil when the part received is already the whole file.
    private func resume(into partial: PartialFile, transfer: inout Transfer) async throws -> AemHTTPBody? {
        let plan = ResumePlan.resume(after: transfer.head, received: partial.length)
        let response = try await aem.get(transfer.url, headers: requestHeaders(plan))
        switch plan.decide(status: response.status, headers: response.headers) {
        case .append:
            return response.body
        case .complete:
            await response.body.discard()
            return nil
        case .writeFromStart:
            try partial.truncate()
            transfer.head = DownloadResponseHead(response.headers)
            return response.body
        case .wrongRange:
            await response.body.discard()
            throw AemError(
                .invalidResponse,
                "\(describe(transfer.url)) answered a request for the rest of the file from byte "
                    + "\(partial.length) with another range (\(response.headers["Content-Range"] ?? "none")).",
                url: transfer.url, status: response.status)
        case .keepFile, .fail:
            await response.body.discard()
            throw statusError(response.status, url: transfer.url)
        }
    }

    // MARK: - Checks

    /// The request headers of a plan: `Accept`, `Accept-Encoding: identity` and the plan's own.
    private func requestHeaders(_ plan: ResumePlan) -> AemHTTPHeaders {
        var headers: AemHTTPHeaders = ["Accept": Self.accept, "Accept-Encoding": "identity"]
        for field in plan.requestHeaders { headers.set(name: field.name, value: field.value) }
        return headers
    }

    /// The error for a status that is not the answer expected, by the one status mapping.
    private func statusError(_ status: Int, url: URL) -> AemError {
        StatusFailure(
            subject: .file(description: describe(url)), origin: aem.configuration.origin, url: url,
            sentCredentials: aem.configuration.origin.contains(url)
        )
        .error(status: status)
    }

    /// The URL's path as a person reads it, with its host when it is not the AEM origin.
    private func describe(_ url: URL) -> String {
        let path = url.path.removingPercentEncoding ?? url.path
        return aem.configuration.origin.contains(url) ? path : (AemOrigin(of: url)?.description ?? "") + path
    }
}
