import AEMHeadless
import AEMHeadlessDownload
import Foundation
import Testing

@Suite("Safe file names, extensions and the download manifest")
struct DownloadNamingTests {
    @Test(arguments: ["bali-surf-camp", "abcde", "a_b-c-0123456789", String(repeating: "x", count: 40)])
    func aValidSlugIsUsedAsItIs(slug: String) throws {
        let name = try #require(SafeFileName(slug: slug))
        #expect(name.rawValue == slug)
        #expect(name.isSlugUnchanged)
    }

    @Test(arguments: [
        "../../etc/passwd", "/etc/passwd", "../x", ".hidden-file", "a/b", "a\\b", "Bali Surf Camp",
        "abc", String(repeating: "y", count: 41), "..%2F..%2Fx", "café-crème", "x\u{0}y-z", "--../--a",
    ])
    func anyOtherSlugIsMadeSafe(slug: String) throws {
        let name = try #require(SafeFileName(slug: slug))
        #expect(!name.isSlugUnchanged)
        #expect(!name.rawValue.contains("/") && !name.rawValue.contains("\\") && !name.rawValue.contains(".."))
        #expect(!name.rawValue.hasPrefix(".") && !name.rawValue.hasPrefix("-"))
        #expect(
            name.rawValue.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
            })
        #expect(name.rawValue.count <= 40)
        #expect(name.rawValue != slug)
    }

    @Test func differentUnsafeSlugsGetDifferentNames() throws {
        let names = ["a/b-c", "a-b-c", "A-B-C", "a b c"].compactMap(SafeFileName.init(slug:)).map(\.rawValue)
        #expect(Set(names).count == 4)
        #expect(SafeFileName(slug: "../etc")?.rawValue == SafeFileName(slug: "../etc")?.rawValue)
    }

    @Test(arguments: ["", "..", "/", "../..", "   ", "---"])
    func aSlugWithNothingToNameIsRejected(slug: String) {
        #expect(SafeFileName(slug: slug) == nil)
    }

    @Test func theBytesReceivedNameTheExtensionBeforeAnyLabel() throws {
        let url = try #require(URL(string: "https://h/adobe/assets/urn:aaid:aem:1/as/photo.jpg?width=200"))
        let webp = Array("RIFF".utf8) + [0x10, 0, 0, 0] + Array("WEBPVP8 ".utf8)
        let samples: [([UInt8], String)] = [
            ([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10], "jpg"),
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D], "png"),
            (Array("GIF89a".utf8) + [1, 0], "gif"),
            (webp, "webp"),
            ([0, 0, 0, 0x1C] + Array("ftypavif".utf8), "avif"),
            (Array("%PDF-1.7\n".utf8), "pdf"),
        ]
        for (bytes, expected) in samples {
            #expect(FileExtension.forFile(leadingBytes: bytes, contentType: "image/jpeg", url: url) == expected)
        }
        // Unknown bytes fall back to the label, then the URL.
        #expect(FileExtension.forFile(leadingBytes: [1, 2, 3], contentType: "image/png", url: url) == "png")
        #expect(FileExtension.forFile(leadingBytes: [], contentType: nil, url: url) == "jpg")
    }

    @Test func theExtensionComesFromTheContentTypeThenTheURL() throws {
        let url = try #require(URL(string: "https://h/content/dam/x/photo.JPEG?width=1200"))
        #expect(FileExtension.forResponse(contentType: "image/jpeg", url: url) == "jpg")
        #expect(FileExtension.forResponse(contentType: "image/png; charset=binary", url: url) == "png")
        #expect(FileExtension.forResponse(contentType: "IMAGE/WEBP", url: url) == "webp")
        #expect(FileExtension.forResponse(contentType: "image/gif", url: url) == "gif")
        #expect(FileExtension.forResponse(contentType: "image/avif", url: url) == "avif")
        #expect(FileExtension.forResponse(contentType: "application/octet-stream", url: url) == "jpg")
        #expect(
            FileExtension.forResponse(contentType: nil, url: try #require(URL(string: "https://h/a/b.PNG"))) == "png")
        #expect(
            FileExtension.forResponse(contentType: nil, url: try #require(URL(string: "https://h/a/b.tar%2F..%2Fx")))
                == "bin")
        #expect(FileExtension.forResponse(contentType: nil, url: try #require(URL(string: "https://h/a/b"))) == "bin")
        #expect(
            FileExtension.forResponse(contentType: nil, url: try #require(URL(string: "https://h/a/b.toolongext")))
                == "bin")
    }

    @Test func theManifestKeepsRecordsAcrossRuns() async throws {
        try await withTemporaryFolder { directory in
            let name = try #require(SafeFileName(slug: "bali-surf-camp"))
            let record = DownloadRecord(url: "http://h/i.jpg", file: "bali-surf-camp.jpg", etag: "\"1\"", length: 3)
            let relative = DownloadRecord(url: "/i.jpg", file: "bali-surf-camp.jpg", etag: "\"1\"", length: 3)
            let other = try #require(SafeFileName(slug: "other-name"))
            let manifest = DownloadManifest(directory: directory, origin: "http://h")
            await manifest.set(record, for: name)
            await manifest.set(relative, for: other)
            try await manifest.save()
            #expect(await DownloadManifest(directory: directory, origin: "http://h").record(for: name) == record)
            #expect(await DownloadManifest(directory: directory, origin: "http://h").record(for: other) == relative)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: directory.path) == [
                    DownloadManifest.defaultFileName
                ])
        }
    }

    @Test("paths recorded for one service mean nothing for another; absolute URLs still do")
    func theManifestDropsPathsOfAnotherService() async throws {
        try await withTemporaryFolder { directory in
            let name = try #require(SafeFileName(slug: "bali-surf-camp"))
            let other = try #require(SafeFileName(slug: "other-name"))
            let absolute = DownloadRecord(url: "https://cdn.example/i.jpg", file: "other-name.jpg", length: 3)
            let manifest = DownloadManifest(directory: directory, origin: "http://one")
            await manifest.set(
                DownloadRecord(url: "/i.jpg", file: "bali-surf-camp.jpg", etag: "\"1\"", length: 3), for: name)
            await manifest.set(absolute, for: other)
            try await manifest.save()
            let elsewhere = DownloadManifest(directory: directory, origin: "http://two")
            #expect(await elsewhere.record(for: name) == nil)
            #expect(await elsewhere.record(for: other) == absolute)
        }
    }

    @Test func anUnreadableManifestStartsEmpty() async throws {
        try await withTemporaryFolder { directory in
            try Data("not json".utf8).write(to: directory.appendingPathComponent(DownloadManifest.defaultFileName))
            let name = try #require(SafeFileName(slug: "bali-surf-camp"))
            #expect(await DownloadManifest(directory: directory, origin: "http://h").record(for: name) == nil)
        }
    }
}
