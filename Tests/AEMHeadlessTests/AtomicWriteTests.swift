import Foundation
import Testing

@testable import AEMHeadless
@testable import AEMHeadlessDownload

@Suite("PartialFile.write: atomic, durable replacement of a small file")
struct AtomicWriteTests {
    @Test("writes, replaces, keeps the mode asked for, and leaves no temporary file")
    func writesAndReplaces() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("token.json")
            try PartialFile.write(Data("first".utf8), to: file, permissions: 0o600)
            try PartialFile.write(Data("second".utf8), to: file, permissions: 0o600)
            let written = try Data(contentsOf: file)
            #expect(written == Data("second".utf8))
            let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
            #expect(mode?.intValue == 0o600)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(names == ["token.json"])
        }
    }

    @Test("a folder that is not there is a DownloadFileError, and nothing is left behind")
    func missingFolder() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("missing/x.swift")
            #expect(throws: DownloadFileError.self) { try PartialFile.write(Data("x".utf8), to: file) }
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(left.isEmpty)
        }
    }
}
