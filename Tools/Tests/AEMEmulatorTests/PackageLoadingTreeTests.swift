import EmulatorTestSupport
import Foundation
import Testing

@testable import AEMEmulator

/// How the loader reads a package's folders and files: errors, stubs, binaries, skipped nodes and links.
struct PackageLoadingTreeTests {
    @Test func missingRootIsAClearError() throws {
        try withTemporaryFolder("package-loading") { folder in
            let missing = folder.appendingPathComponent("no-such-folder")
            #expect(throws: ContentPackageError.missingRoot(path: missing.path)) {
                try ContentPackageLoader.load(jcrRoot: missing)
            }
        }
        #expect(ContentPackageError.missingRoot(path: "/x").description.contains("jcr_root"))
    }

    @Test func aFileIsNotARoot() throws {
        let package = try PackageLoadingTestPackage()
        let file = try package.write("file.txt", "text")
        #expect(throws: ContentPackageError.missingRoot(path: file.path)) {
            try ContentPackageLoader.load(jcrRoot: file)
        }
    }

    @Test func malformedXMLNamesTheFileAndLine() throws {
        let package = try PackageLoadingTestPackage()
        try package.write(
            "content/dam/.content.xml", PackageLoadingTestPackage.docView(#"jcr:primaryType="sling:Folder"/>"#))
        let broken = try package.write(
            "content/dam/site/.content.xml",
            "<?xml version=\"1.0\"?>\n<jcr:root xmlns:jcr=\"http://www.jcp.org/jcr/1.0\"\n    jcr:primaryType=\"sling:Folder\">\n    <child a=\"1\">\n</jcr:root>\n"
        )
        do {
            _ = try ContentPackageLoader.load(jcrRoot: package.root)
            Issue.record("a malformed file loaded")
        } catch {
            guard case .malformed(let file, let line, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(file == broken.path)
            #expect(line == 5)
            #expect(error.description.hasPrefix("\(broken.path):5:"))
            #expect(
                error.description.contains("an end tag does not match the element it closes"), "\(error.description)")
        }
    }

    /// Found by fuzzing: `XMLParser` traps on an element name that is not UTF-8.
    @Test func bytesThatAreNotUTF8AreMalformedNotACrash() throws {
        let package = try PackageLoadingTestPackage()
        var bytes = Data("<?xml version=\"1.0\"?>\n<jcr:root xmlns:jcr=\"http://www.jcp.org/jcr/1.0\">\n    <".utf8)
        bytes += [0xDD] + Data("child/>\n</jcr:root>\n".utf8)
        let broken = try package.write("content/.content.xml", bytes)
        #expect(throws: ContentPackageError.malformed(file: broken.path, line: 3, reason: "not UTF-8 text")) {
            try ContentPackageLoader.load(jcrRoot: package.root)
        }
    }

    /// Found by fuzzing: `XMLParser` crashes on a processing instruction without data.
    @Test(arguments: ["<?xml?>\n<jcr:root/>\n", "<?xml version=\"1.0\"?>\n<jcr:root>\n<?target  ?></jcr:root>\n"])
    func processingInstructionWithoutDataIsMalformedNotACrash(_ text: String) throws {
        let package = try PackageLoadingTestPackage()
        let broken = try package.write("content/.content.xml", text)
        #expect {
            try ContentPackageLoader.load(jcrRoot: package.root)
        } throws: { error in
            guard case .malformed(let file, _, let reason) = error as? ContentPackageError else { return false }
            return file == broken.path && reason.contains("processing instruction")
        }
    }

    @Test func emptyXMLIsMalformed() throws {
        let package = try PackageLoadingTestPackage()
        let empty = try package.write("content/.content.xml", "")
        #expect {
            try ContentPackageLoader.load(jcrRoot: package.root)
        } throws: { error in
            guard case .malformed(let file, _, _) = error as? ContentPackageError else { return false }
            return file == empty.path
        }
    }

    @Test func folderXMLReplacesTheStubAndFilesJoinTheParentElement() throws {
        let package = try PackageLoadingTestPackage()
        try package.write(
            "conf/.content.xml",
            PackageLoadingTestPackage.docView(
                #"""
                    jcr:primaryType="sling:Folder">
                    <stub jcr:primaryType="nt:unstructured" fromParent="yes"/>
                    <inline jcr:primaryType="nt:unstructured" kept="{Long}1">
                        <jcr:content jcr:primaryType="nt:unstructured" jcr:data="{Binary}"/>
                    </inline>
                </jcr:root>
                """#))
        try package.write("conf/stub/.content.xml", PackageLoadingTestPackage.docView(#"own="yes"/>"#))
        try package.write("conf/inline/_jcr_content/_jcr_data.binary", "bytes")
        let root = try PackageTree.load(jcrRoot: package.root)
        let stub = try #require(root.descendant("conf/stub"))
        #expect(stub.properties["own"] == "yes")
        #expect(stub.properties["fromParent"] == nil)
        let inline = try #require(root.descendant("conf/inline"))
        #expect(inline.value("kept") == .long(1))
        let content = try #require(inline.child("jcr:content"))
        #expect(content.value("jcr:data") == nil)
        #expect(content.binaries["jcr:data"]?.lastPathComponent == "_jcr_data.binary")
    }

    @Test func unknownNodesAreSkipped() throws {
        let package = try PackageLoadingTestPackage()
        try package.write(
            "content/dam/site/.content.xml",
            PackageLoadingTestPackage.docView(
                #"""
                    jcr:primaryType="sling:Folder">
                    <notes jcr:primaryType="nt:unstructured" text="hello"/>
                    <half-asset jcr:primaryType="dam:Asset"/>
                    <fragment-without-model jcr:primaryType="dam:Asset">
                        <jcr:content jcr:primaryType="dam:AssetContent" contentFragment="{Boolean}true"/>
                    </fragment-without-model>
                    <fragment-without-model.png jcr:primaryType="dam:Asset">
                        <jcr:content jcr:primaryType="dam:AssetContent" contentFragment="{Boolean}true"/>
                    </fragment-without-model.png>
                </jcr:root>
                """#))
        try package.write("content/dam/site/readme.txt", "not a node of interest")
        try package.write(
            "conf/site/settings/dam/cfm/models/empty/.content.xml",
            PackageLoadingTestPackage.docView(#"jcr:primaryType="cq:Template"/>"#))
        try package.write(
            "conf/site/settings/graphql/persistentQueries/no-text/.content.xml",
            PackageLoadingTestPackage.docView(#"jcr:primaryType="nt:unstructured"/>"#))
        let repository = try ContentPackageLoader.load(jcrRoot: package.root)
        #expect(repository.models.isEmpty)
        #expect(repository.fragments.isEmpty)
        #expect(repository.assets.isEmpty)
        #expect(repository.queries.isEmpty)
    }

    @Test func symbolicLinksAreNotFollowed() throws {
        let outside = try PackageLoadingTestPackage()
        try outside.write(
            "asset.png/.content.xml",
            PackageLoadingTestPackage.docView(
                #"jcr:primaryType="dam:Asset"><jcr:content jcr:primaryType="dam:AssetContent"/></jcr:root>"#))
        try outside.write("asset.png/_jcr_content/renditions/original", Data([0x89, 0x50]))
        let package = try PackageLoadingTestPackage()
        try package.write(
            "content/dam/.content.xml", PackageLoadingTestPackage.docView(#"jcr:primaryType="sling:Folder"/>"#))
        try FileManager.default.createSymbolicLink(
            at: package.root.appendingPathComponent("content/dam/linked.png"),
            withDestinationURL: outside.root.appendingPathComponent("asset.png"))
        try FileManager.default.createSymbolicLink(
            at: package.root.appendingPathComponent("content/dam/loop"), withDestinationURL: package.root)
        let repository = try ContentPackageLoader.load(jcrRoot: package.root)
        #expect(repository.assets.isEmpty)
    }

    @Test func assetsFallBackToTheirNameAndPath() throws {
        let package = try PackageLoadingTestPackage()
        try package.write(
            "content/dam/site/photo.webp/.content.xml",
            PackageLoadingTestPackage.docView(
                #"""
                    jcr:primaryType="dam:Asset">
                    <jcr:content jcr:primaryType="dam:AssetContent">
                        <metadata jcr:primaryType="nt:unstructured" tiff:ImageWidth="{Long}0" tiff:ImageLength="wide"/>
                    </jcr:content>
                </jcr:root>
                """#))
        let original = try package.write(
            "content/dam/site/photo.webp/_jcr_content/renditions/original", Data([1, 2, 3]))
        let repository = try ContentPackageLoader.load(jcrRoot: package.root)
        let asset = try #require(repository.assets["/content/dam/site/photo.webp"])
        #expect(asset.mimeType == "image/webp")
        #expect(asset.width == nil)
        #expect(asset.height == nil)
        #expect(asset.lastModified == nil)
        #expect(asset.uuid == StableUUID.forPath("/content/dam/site/photo.webp"))
        guard case .file(let url) = asset.bytes else {
            Issue.record("bytes not read from the file")
            return
        }
        #expect(url.standardizedFileURL.path == original.standardizedFileURL.path)
    }

    @Test func queryTextMayBeInlineWithCacheSettings() throws {
        let package = try PackageLoadingTestPackage()
        try package.write(
            "conf/site/settings/graphql/persistentQueries/.content.xml",
            PackageLoadingTestPackage.docView(
                #"""
                    jcr:primaryType="cq:Page">
                    <inline jcr:primaryType="nt:unstructured">
                        <jcr:content jcr:primaryType="nt:unstructured" jcr:data="{ ping }" cache-control="{&quot;max-age&quot;: 120}" surrogateControlMaxAge="{Long}600" surrogateControlStaleIfError="30"/>
                    </inline>
                </jcr:root>
                """#))
        let repository = try ContentPackageLoader.load(jcrRoot: package.root)
        let query = try #require(repository.queries["/site/inline"])
        #expect(query.text == "{ ping }")
        #expect(query.cacheControl == ["max-age": 120])
        #expect(query.surrogateControl == ["max-age": 600, "stale-if-error": 30])
    }
}
