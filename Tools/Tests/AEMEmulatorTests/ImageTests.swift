import AEMEmulator
import EmulatorTestSupport
import Foundation
import Testing

/// Images at `_path` and `_dynamicUrl`: headers, conditional requests, ranges, the null-`_dynamicUrl` mode, a second
/// origin, and synthetic large images.
struct ImageTests {
    /// The `primaryImage` of lofoten-winter-surf, whose DAM path holds a space.
    private func lofotenImageRef(_ emulator: RunningEmulator, headers: [(String, String)] = []) async throws -> JSONNode
    {
        try await emulator.get(Paths.adventureBySlug + ";slug=lofoten-winter-surf;", headers: headers)
            .json()["data"]["adventureList"]["items"][0]["primaryImage"]
    }

    @Test(.rendersImages) func servedAtPathAsIsAndAtDynamicURLRendered() async throws {
        try await withEmulator { emulator in
            let ref = try await lofotenImageRef(emulator)
            #expect(ref["_path"].string == Paths.lofotenImage)
            let dynamicURL = try #require(ref["_dynamicUrl"].string)
            let byPath = try await emulator.get(Paths.lofotenImageEncoded)
            let byDynamicURL = try await emulator.get(dynamicURL)
            #expect(byPath.status == 200)
            #expect(byDynamicURL.status == 200)
            // The original as stored; the `_dynamicUrl` rendered as it asks (JPEG, quality 80, at most 1200 wide).
            #expect(byPath.body != byDynamicURL.body)
            #expect(Array(byDynamicURL.body.prefix(3)) == [0xFF, 0xD8, 0xFF])
            #expect(byDynamicURL.header("Content-Type") == "image/jpeg")
            #expect(Array(byPath.body.prefix(3)) == [0xFF, 0xD8, 0xFF])
            #expect((50_000...1_000_000).contains(byPath.body.count))
            #expect(byPath.header("Content-Type") == "image/jpeg")
            #expect(byPath.header("Content-Length") == String(byPath.body.count))
            #expect(byPath.header("ETag")?.hasPrefix("\"") == true)
            #expect(byPath.header("Last-Modified") == "Wed, 01 May 2024 09:30:00 GMT")
            #expect(byPath.header("Accept-Ranges") == "bytes")
        }
    }

    @Test func conditionalRequestsAreAnswered304() async throws {
        try await withEmulator { emulator in
            let full = try await emulator.get(Paths.lofotenImageEncoded)
            let etag = try #require(full.header("ETag"))
            let lastModified = try #require(full.header("Last-Modified"))
            let byTag = try await emulator.get(Paths.lofotenImageEncoded, headers: [("If-None-Match", etag)])
            #expect(byTag.status == 304)
            #expect(byTag.body.isEmpty)
            let byDate = try await emulator.get(
                Paths.lofotenImageEncoded, headers: [("If-Modified-Since", lastModified)])
            #expect(byDate.status == 304)
            let older = try await emulator.get(
                Paths.lofotenImageEncoded, headers: [("If-Modified-Since", "Mon, 01 Jan 2024 00:00:00 GMT")])
            #expect(older.status == 200)
            let otherTag = try await emulator.get(
                Paths.lofotenImageEncoded, headers: [("If-None-Match", "\"x\""), ("If-Modified-Since", lastModified)])
            #expect(otherTag.status == 200)
        }
    }

    @Test func rangesAreAnswered206() async throws {
        try await withEmulator { emulator in
            let full = try await emulator.get(Paths.lofotenImageEncoded)
            let count = full.body.count
            let head = try await emulator.get(Paths.lofotenImageEncoded, headers: [("Range", "bytes=0-99")])
            #expect(head.status == 206)
            #expect(head.body == Array(full.body[0..<100]))
            #expect(head.header("Content-Range") == "bytes 0-99/\(count)")
            #expect(head.header("Content-Length") == "100")
            let rest = try await emulator.get(Paths.lofotenImageEncoded, headers: [("Range", "bytes=1000-")])
            #expect(rest.body == Array(full.body[1000...]))
            let suffix = try await emulator.get(Paths.lofotenImageEncoded, headers: [("Range", "bytes=-10")])
            #expect(suffix.body == Array(full.body.suffix(10)))
            #expect(suffix.header("Content-Range") == "bytes \(count - 10)-\(count - 1)/\(count)")
            let beyond = try await emulator.get(Paths.lofotenImageEncoded, headers: [("Range", "bytes=\(count)-")])
            #expect(beyond.status == 416)
            #expect(beyond.header("Content-Range") == "bytes */\(count)")
        }
    }

    @Test func ifRangeResumesOnlyTheSameRepresentation() async throws {
        try await withEmulator { emulator in
            let full = try await emulator.get(Paths.lofotenImageEncoded)
            let etag = try #require(full.header("ETag"))
            let same = try await emulator.get(
                Paths.lofotenImageEncoded, headers: [("Range", "bytes=10-"), ("If-Range", etag)])
            #expect(same.status == 206)
            let changed = try await emulator.get(
                Paths.lofotenImageEncoded, headers: [("Range", "bytes=10-"), ("If-Range", "\"old\"")])
            #expect(changed.status == 200)
            #expect(changed.body == full.body)
        }
    }

    @Test func everySampleImageIsServedAtItsPath() async throws {
        try await withEmulator { emulator in
            let items = try await emulator.get(Paths.adventuresAll).json()["data"]["adventureList"]["items"].array
            for item in items {
                guard let path = item["primaryImage"]["_path"].string else { continue }
                let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
                let response = try await HTTPTestClient.get(emulator.url(encoded), method: .HEAD)
                #expect(response.status == 200, "\(path)")
                #expect(response.header("Content-Type")?.hasPrefix("image/") == true)
            }
        }
    }

    @Test func dynamicURLsCanBeTurnedOff() async throws {
        try await withEmulator(EmulatorOptions(dynamicURLs: false)) { emulator in
            let ref = try await lofotenImageRef(emulator)
            #expect(ref["_dynamicUrl"].isNull)
            #expect(ref["_path"].string == Paths.lofotenImage)
            let slug = try await emulator.get(Paths.adventureBySlug + ";slug=torres-del-paine-circuit;").json()["data"][
                "adventureList"]
            #expect(slug["items"][0]["primaryImage"]["_dynamicUrl"].isNull)
            let images = slug["_references"].array.filter { $0["__typename"].string == "ImageRef" }
            #expect(!images.isEmpty)
            #expect(images.allSatisfy { $0["_dynamicUrl"].isNull })
            let status1 = try await emulator.get(Paths.lofotenImageEncoded).status
            #expect(status1 == 200)
        }
    }

    @Test func dynamicURLsCanPointAtASecondOrigin() async throws {
        try await withEmulator { images in
            let options = EmulatorOptions(
                dynamicURLBase: images.baseURL.absoluteString, authentication: .bearer(token: "secret"))
            try await withEmulator(options) { queries in
                let ref = try await lofotenImageRef(queries, headers: [("Authorization", "Bearer secret")])
                let dynamicURL = try #require(ref["_dynamicUrl"].string)
                #expect(dynamicURL.hasPrefix(images.baseURL.absoluteString + "/adobe/dynamicmedia/deliver/dm-aid--"))
                #expect(ref["_path"].string == Paths.lofotenImage)
                let image = try await HTTPTestClient.get(dynamicURL)
                #expect(image.status == 200)
                #expect(images.requests.count == 1)
                #expect(images.requests.first?.authorization == nil)
                #expect(queries.requests.allSatisfy { $0.path == Paths.adventureBySlug })
            }
        }
    }

    @Test func syntheticImagesStreamWithRangesAndValidators() async throws {
        let byteCount = 300 * 1024 * 1024
        var content = try EmulatorContent.sample()
        content.setSyntheticImage(forSlug: "algarve-first-waves", byteCount: byteCount)
        try await withEmulator(EmulatorOptions(content: content)) { emulator in
            let ref = try await emulator.get(Paths.adventureBySlug + ";slug=algarve-first-waves;").json()["data"][
                "adventureList"]["items"][0]["primaryImage"]
            let path = try #require(ref["_path"].string)
            let head = try await HTTPTestClient.get(emulator.url(path), method: .HEAD)
            #expect(head.header("Content-Length") == String(byteCount))
            #expect(head.header("ETag") == "\"synthetic-\(byteCount)\"")
            let start = try await emulator.get(path, headers: [("Range", "bytes=0-3")])
            #expect(start.body == [0xFF, 0xD8, 0xFF, 0xE0])
            let end = try await emulator.get(path, headers: [("Range", "bytes=-2")])
            #expect(end.body == [0xFF, 0xD9])
            #expect(end.header("Content-Range") == "bytes \(byteCount - 2)-\(byteCount - 1)/\(byteCount)")
            let middle = try await emulator.get(path, headers: [("Range", "bytes=100000-165535")])
            let again = try await emulator.get(path, headers: [("Range", "bytes=100000-165535")])
            #expect(middle.body.count == 65_536)
            #expect(middle.body == again.body)
        }
    }

    @Test func syntheticBodyArrivesWhole() async throws {
        let byteCount = 24 * 1024 * 1024 + 17
        var content = try EmulatorContent.sample()
        content.setSyntheticImage(forSlug: "snowboard-first-turns", byteCount: byteCount)
        try await withEmulator(EmulatorOptions(content: content)) { emulator in
            let path = "/content/dam/wknd-shared/en/adventures/snowboard-first-turns/snowboard-first-turns-large.jpg"
            let result = try await HTTPTestClient.getCountingBytes(emulator.url(path))
            #expect(result.error == nil)
            #expect(result.received == byteCount)
        }
    }
}
