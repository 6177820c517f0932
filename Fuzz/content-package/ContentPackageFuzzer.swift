import Foundation

/// Property: any docview XML, wherever it lies in a package, loads into a repository or fails
/// with a `ContentPackageError`, without crashing or hanging.
///
/// The first byte picks where the document goes: a model, a persisted query, a content
/// fragment or asset, or a folder; the rest is the `.content.xml`. The package also holds a
/// fixed model, so fragments can name it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContentPackage(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count >= 1 else { return 0 }
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let folder = package.places[Int(bytes[0]) % package.places.count]
    do {
        try Data(bytes[1...]).write(to: folder.appendingPathComponent(".content.xml"))
        defer { try? FileManager.default.removeItem(at: folder.appendingPathComponent(".content.xml")) }
        do {
            let repository = try ContentPackageLoader.load(jcrRoot: package.jcrRoot)
            _ =
                repository.fragments.count + repository.assets.count + repository.models.count
                + repository.queries.count
        } catch {
            _ = error.description
        }
    } catch {
        fatalError("cannot write the document: \(error)")
    }
    return 0
}

/// A package in a temporary folder with one folder for each place a document can be.
private let package = FuzzPackage()

private struct FuzzPackage {
    let jcrRoot: URL
    let places: [URL]

    init() {
        let jcrRoot = FileManager.default.temporaryDirectory
            .appendingPathComponent("content-package-fuzz-\(ProcessInfo.processInfo.processIdentifier)/jcr_root")
        self.jcrRoot = jcrRoot
        let relative = [
            "conf/site/settings/dam/cfm/models/fuzzed",
            "conf/site/settings/graphql/persistentQueries/fuzzed",
            "content/dam/site/fuzzed",
            "content/dam/site",
            "conf/site",
        ]
        places = relative.map { jcrRoot.appendingPathComponent($0) }
        do {
            for place in places {
                try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
            }
            let model = jcrRoot.appendingPathComponent("conf/site/settings/dam/cfm/models/article")
            try FileManager.default.createDirectory(at: model, withIntermediateDirectories: true)
            try fixedModel.write(to: model.appendingPathComponent(".content.xml"), atomically: true, encoding: .utf8)
        } catch {
            fatalError("cannot create the package: \(error)")
        }
    }
}

private let fixedModel = """
    <?xml version="1.0" encoding="UTF-8"?>
    <jcr:root xmlns:jcr="http://www.jcp.org/jcr/1.0" xmlns:cq="http://www.day.com/jcr/cq/1.0"
        jcr:primaryType="cq:Template">
        <jcr:content cq:scaffolding="/conf/site/settings/dam/cfm/models/article/jcr:content/model" jcr:primaryType="cq:PageContent" jcr:title="Article">
            <model jcr:primaryType="cq:PageContent" dataTypeName="article">
                <cq:dialog jcr:primaryType="nt:unstructured">
                    <content jcr:primaryType="nt:unstructured">
                        <items jcr:primaryType="nt:unstructured">
                            <title jcr:primaryType="nt:unstructured" metaType="text-single" name="title" valueType="string"/>
                            <body jcr:primaryType="nt:unstructured" metaType="text-multi" name="body" valueType="string"/>
                        </items>
                    </content>
                </cq:dialog>
            </model>
        </jcr:content>
    </jcr:root>
    """
