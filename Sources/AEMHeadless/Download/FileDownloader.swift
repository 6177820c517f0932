import Foundation

/// Downloads files, such as adventure images, from AEM or wherever their URL points, straight to
/// disk and atomically.
///
/// ```swift
/// let downloader = FileDownloader(aem: aem)
/// let manifest = try DownloadManifest(directory: folder)
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
/// - With the `previous` record of an existing file, the request is conditional and a 304 keeps
///   the file as it is.
/// - Requests go through `Aem.get`: credentials only to the configured origin, never to another
///   host or to a redirect that leaves the origin.
public struct FileDownloader: Sendable {
    public let aem: Aem
    /// The most times one download is resumed or started over after a lost connection.
    public var maxResumes: Int
    private let temporaryFiles = LockedValue<Set<URL>>([])

    public init(aem: Aem, maxResumes: Int = 3) {
        self.aem = aem
        self.maxResumes = max(0, maxResumes)
    }

    /// Downloads `url` to `directory/<name>.<extension>`.
    ///
    /// - Parameters:
    ///   - previous: what was kept from the last download of this file; a conditional request is
    ///     sent when it is for the same URL and the file is still there with its length.
    ///   - progress: called as bytes arrive, from the downloading task.
    /// - Throws: `AemError` for an HTTP or network failure or a body of the wrong length,
    ///   `DownloadFileError` for a local one, or `CancellationError`.
    public func download(_ url: URL, to directory: URL, name: SafeFileName, previous: DownloadRecord? = nil,
                         progress: @Sendable (DownloadProgress) -> Void = { _ in }) async throws -> DownloadOutcome
    {
        var headers: HTTPHeaders = ["Accept": Self.accept]
        let kept = previous.flatMap { keptFile($0, url: url, directory: directory, name: name) }
        if let kept, let conditional = kept.record.conditionalHeaders {
            for field in conditional { headers.set(name: field.name, value: field.value) }
        }
        let response = try await aem.get(url, headers: headers)
        if response.status == 304, let kept {
            await response.body.discard()
            return DownloadOutcome(file: kept.file, record: kept.record, isUnchanged: true, bytesTransferred: 0)
        }
        try await requireSuccess(response, url: url)

        let partial = try PartialFile(in: directory, for: name.rawValue)
        temporaryFiles.withLock { _ = $0.insert(partial.url) }
        defer { temporaryFiles.withLock { _ = $0.remove(partial.url) } }
        do {
            var transfer = Transfer(url: url, head: DownloadResponseHead(response.headers))
            try await receive(response, into: partial, transfer: &transfer, progress: progress)
            let fileName = name.rawValue + "." + FileExtension.forResponse(contentType: transfer.head.contentType, url: url)
            let destination = directory.appendingPathComponent(fileName, isDirectory: false)
            try await partial.commit(as: destination)
            let record = DownloadRecord(url: url.absoluteString, file: fileName, etag: transfer.head.etag,
                                        lastModified: transfer.head.lastModified, length: partial.length)
            return DownloadOutcome(file: destination, record: record, isUnchanged: false,
                                   bytesTransferred: transfer.bytesTransferred)
        } catch {
            partial.remove()
            throw error
        }
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
        temporaryFiles.withLock { _ = $0.insert(partial.url) }
        defer { temporaryFiles.withLock { _ = $0.remove(partial.url) } }
        do {
            let source: FileHandle
            do {
                source = try FileHandle(forReadingFrom: outcome.file)
            } catch {
                throw DownloadFileError(path: outcome.file.path, message: "Cannot read \(outcome.file.path): \(error.localizedDescription)")
            }
            defer { try? source.close() }
            while let chunk = try source.read(upToCount: PartialFile.bufferSize), !chunk.isEmpty {
                try partial.append(chunk)
            }
            try await partial.commit(as: destination)
        } catch {
            partial.remove()
            throw error
        }
        var record = outcome.record
        record.file = fileName
        return DownloadOutcome(file: destination, record: record, isUnchanged: outcome.isUnchanged, bytesTransferred: 0)
    }

    /// Deletes the temporary files of downloads still running, at once: for a process about to
    /// exit on a signal. The downloads themselves then fail.
    public func removeTemporaryFiles() {
        let files = temporaryFiles.exchange([])
        for file in files { try? FileManager.default.removeItem(at: file) }
    }

    /// Whether a file name is a temporary name of this type, left behind only if the process was
    /// killed without a chance to clean up.
    public static func isTemporaryFile(_ fileName: String) -> Bool {
        PartialFile.isTemporary(fileName)
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
    private func receive(_ response: HTTPResponse, into partial: PartialFile, transfer: inout Transfer,
                         progress: @Sendable (DownloadProgress) -> Void) async throws
    {
        var body = response.body
        while true {
            do {
                for try await chunk in body {
                    try partial.append(chunk)
                    transfer.bytesTransferred += Int64(chunk.count)
                    if let expected = transfer.expectedLength, partial.length > expected {
                        throw AemError(.invalidResponse, "\(describe(transfer.url)) sent more than the \(expected) bytes it announced.",
                                       url: transfer.url, status: 200)
                    }
                    progress(DownloadProgress(bytesReceived: partial.length, expectedBytes: transfer.expectedLength))
                }
                break
            } catch let error as HTTPTransportError {
                guard transfer.resumes < maxResumes else {
                    throw AemError(.network, "The download of \(describe(transfer.url)) broke off after \(partial.length) bytes "
                                   + "(\(error.detail)) and could not be completed in \(maxResumes + 1) tries.", url: transfer.url)
                }
                transfer.resumes += 1
                body = try await resume(into: partial, transfer: &transfer)
                progress(DownloadProgress(bytesReceived: partial.length, expectedBytes: transfer.expectedLength))
            }
        }
        if let expected = transfer.expectedLength, partial.length != expected {
            throw AemError(.network, "The download of \(describe(transfer.url)) ended after \(partial.length) of the "
                           + "\(expected) bytes announced.", url: transfer.url, status: 200)
        }
    }

    /// Asks again for what is missing after a lost connection: the rest of the file when the server
    /// can send it (206 with the matching range), else the whole file; returns the body to read.
    private func resume(into partial: PartialFile, transfer: inout Transfer) async throws -> HTTPBody {
        var headers: HTTPHeaders = ["Accept": Self.accept]
        let offset = partial.length
        let validator = transfer.head.rangeValidator
        let canResume = transfer.head.acceptsRanges && validator != nil && offset > 0
        if canResume, let validator {
            headers.set(name: "Range", value: "bytes=\(offset)-")
            headers.set(name: "If-Range", value: validator)
        }
        let response = try await aem.get(transfer.url, headers: headers)
        if canResume, response.status == 206 {
            if let range = response.headers["Content-Range"].flatMap(DownloadResponseHead.parseContentRange),
               range.first == offset, transfer.expectedLength.map({ $0 == range.complete }) ?? true
            {
                return response.body
            }
            await response.body.discard()
            throw AemError(.invalidResponse, "\(describe(transfer.url)) answered a request for the rest of the file from byte "
                           + "\(offset) with another range (\(response.headers["Content-Range"] ?? "none")).",
                           url: transfer.url, status: 206)
        }
        try await requireSuccess(response, url: transfer.url)
        try partial.truncate()
        transfer.head = DownloadResponseHead(response.headers)
        return response.body
    }

    // MARK: - Checks

    /// The kept file a conditional request may refer to: the record is for this URL and names the
    /// file `<name>.<extension>`, which exists with the recorded length.
    private func keptFile(_ record: DownloadRecord, url: URL, directory: URL, name: SafeFileName)
        -> (file: URL, record: DownloadRecord)?
    {
        guard record.url == url.absoluteString, record.file.hasPrefix(name.rawValue + "."),
              !record.file.contains("/"), !record.file.contains("\\")
        else { return nil }
        let file = directory.appendingPathComponent(record.file, isDirectory: false)
        guard let values = try? file.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey]),
              values.isRegularFile == true, let size = values.fileSize, Int64(size) == record.length
        else { return nil }
        return (file, record)
    }

    /// Throws the matching `AemError` unless the status is 200.
    private func requireSuccess(_ response: HTTPResponse, url: URL) async throws {
        guard response.status != 200 else { return }
        await response.body.discard()
        let status = response.status
        let what = describe(url)
        switch status {
        case 401, 403:
            let hint = aem.sendsCredentials(to: url)
                ? "check the credentials and that they may read this asset"
                : "the image is on another host, which never receives the AEM credentials"
            throw AemError(.unauthorized, "\(what) answered \(status): not allowed (\(hint)).", url: url, status: status)
        case 404, 410:
            throw AemError(.notFound, "\(what) answered \(status): there is no such image.", url: url, status: status)
        default:
            throw AemError(.httpStatus, "\(what) answered \(status) instead of the image.", url: url, status: status)
        }
    }

    /// The URL's path as a person reads it, with its host when it is not the AEM origin.
    private func describe(_ url: URL) -> String {
        let path = url.path.removingPercentEncoding ?? url.path
        return aem.sendsCredentials(to: url) ? path : (AemOrigin(of: url)?.description ?? "") + path
    }
}
