import EmulatorTestSupport
import Foundation
import Testing

@testable import AEMEmulator
@testable import WKNDCore

/// `wknd download` with rendering options against the stand-in, which renders for real: the files are what was asked
/// for, named by the bytes received.
@Suite("wknd download --width/--format/…: images rendered as AEM renders them", .rendersImages)
struct DownloadRenderingTests {
    @Test("--all --width 200 --format webp writes 200-pixel-wide WebP files")
    func adventuresRendered() async throws {
        try await withEmulator { _, environment in
            try await withDownloadFolder { folder, _ in
                let run = try await WkndRun.run(
                    ["download", "--all", "--output", folder.path, "--width", "200", "--format", "webp"],
                    environment: environment)
                #expect(run.status == 0, "\(run.stderr)")
                let files = try names(in: folder).filter { !$0.hasPrefix(".") }
                #expect(files.count > 10)
                for file in files {
                    #expect(file.hasSuffix(".webp"), "\(file)")
                    let probe = ImageRenderer.probe(try Data(contentsOf: folder.appendingPathComponent(file)))
                    #expect(probe?.format == "webp" && probe?.width == 200, "\(file): \(String(describing: probe))")
                }
            }
        }
    }

    @Test("a query's images and the REST fragments' images take rotate, crop and height; --original the uploads")
    func queryFragmentsAndOriginals() async throws {
        try await withEmulator { _, environment in
            try await withDownloadFolder { folder, _ in
                let run = try await WkndRun.run(
                    [
                        "download", "--query", "wknd-shared/adventures-all", "--output", folder.path, "--rotate", "90",
                        "--crop", "0,0,400,300", "--format", "png",
                    ], environment: environment)
                #expect(run.status == 0, "\(run.stderr)")
                let file = try #require(try names(in: folder).first { $0.hasPrefix("algarve-first-waves.") })
                #expect(file == "algarve-first-waves.png")
                let probe = ImageRenderer.probe(try Data(contentsOf: folder.appendingPathComponent(file)))
                #expect(probe == ImageProbe(width: 400, height: 300, format: "png"))
            }
            try await withDownloadFolder { folder, _ in
                let run = try await WkndRun.run(
                    ["download", "algarve-first-waves", "--output", folder.path, "--original"], environment: environment
                )
                #expect(run.status == 0, "\(run.stderr)")
                let original = try EmulatorContent.sample().bytes(
                    ofAssetAt: "/content/dam/wknd-shared/en/adventures/algarve-first-waves/algarve-first-waves.jpg")
                #expect(try Data(contentsOf: folder.appendingPathComponent("algarve-first-waves.jpg")) == original)
            }
        }
    }
}
