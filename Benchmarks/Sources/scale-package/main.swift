// scale-package: writes a large AEM content package, the same bytes for the same options.
//
//   scale-package --out DIR [--fragments 100000] [--images 1000] [--seed 1]
//
// DIR (which must not exist) receives a FileVault package: META-INF/vault and jcr_root, with the configuration
// /conf/scale (three Content Fragment Models, Adventure, Article and Author, and five persisted queries, among them
// the sorted, paginated scale/adventures-paginated) and /content/dam/scale/en: the fragments in folders of 100
// (one in twenty an author, a quarter articles, the rest adventures; adventures reference a guide and two
// contributors, articles an author and three adventures) and the images (small PNGs). Serve it with
// `wknd serve --content DIR/jcr_root`. Prints a one-line summary on stderr.
import Foundation
import ScalePackage

func fail(_ message: String, status: Int32 = 64) -> Never {
    FileHandle.standardError.write(Data("scale-package: \(message)\n".utf8))
    exit(status)
}

let usage = "usage: scale-package --out DIR [--fragments N] [--images N] [--seed N]"
var fragments = 100_000
var images = 1_000
var seed: UInt64 = 1
var out: URL?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--fragments":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value >= ScaleLayout.minimumFragments else {
            fail("--fragments needs a number of at least \(ScaleLayout.minimumFragments)")
        }
        fragments = value
    case "--images":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 else {
            fail("--images needs a positive number")
        }
        images = value
    case "--seed":
        guard let value = arguments.popFirst().flatMap({ UInt64($0) }) else { fail("--seed needs a number") }
        seed = value
    case "--out":
        guard let value = arguments.popFirst() else { fail("--out needs a folder") }
        out = URL(fileURLWithPath: value)
    case "--help", "-h":
        print(usage)
        exit(0)
    default:
        fail("unknown argument \(argument); \(usage)")
    }
}
guard let out else { fail("--out is required; \(usage)") }

let layout = ScaleLayout(fragments: fragments, images: images, seed: seed)
let start = Date()
do {
    try ScalePackageWriter.write(layout, to: out)
} catch {
    fail(error.description, status: 73)
}
FileHandle.standardError.write(
    Data(
        ("scale-package: wrote \(layout.adventures) adventures, \(layout.articles) articles, \(layout.authors) "
            + "authors and \(images) images to \(out.path) in \(String(format: "%.1f", Date().timeIntervalSince(start))) s\n")
            .utf8))
