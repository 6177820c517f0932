import Foundation

/// The whole node tree of a package's `jcr_root/`: folders are walked first (never through symbolic links), every
/// `.content.xml` is then parsed concurrently, and the results are put together.
///
/// A folder with a `.content.xml` is described by that file alone (its element in the parent's file is a stub). A
/// folder without one adds its files and sub-folders to the element of the parent's file (or to an empty node).
/// A plain file is an `nt:file` node (with `<name>.dir/.content.xml` for its properties) and `<name>.binary` is
/// the binary property `<name>` of the folder's node.
enum PackageTree {
    /// The root node (`/`) of the package at `jcrRoot`.
    static func load(jcrRoot: URL) throws(ContentPackageError) -> DocViewNode {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: jcrRoot.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw .missingRoot(path: jcrRoot.path) }

        var documents: [Document] = []
        let root = try scan(jcrRoot, name: "", documents: &documents)
        let parsed = try parseAll(documents)
        return assemble(root, stub: nil, parsed: parsed)
    }

    /// A `.content.xml` to parse, and the name of the node it describes.
    private struct Document: Sendable {
        let url: URL
        let name: String
    }

    /// A folder of the package, before its XML is read.
    private struct Folder {
        let name: String
        var document: Int?
        var subfolders: [(fileName: String, folder: Folder)] = []
        var files: [(fileName: String, url: URL)] = []
    }

    private static func scan(_ url: URL, name: String, documents: inout [Document]) throws(ContentPackageError)
        -> Folder
    {
        let entries: [DirectoryEntry]
        do throws(DirectoryEntry.ListingError) {
            entries = try DirectoryEntry.list(url.path).sorted { $0.name < $1.name }
        } catch {
            throw .unreadable(file: url.path, reason: error.description)
        }
        var folder = Folder(name: name)
        for entry in entries {
            let entryURL = url.appendingPathComponent(entry.name, isDirectory: entry.kind == .directory)
            switch entry.kind {
            case .file where entry.name == ".content.xml":
                folder.document = documents.count
                documents.append(Document(url: entryURL, name: name))
            case _ where entry.name.hasPrefix("."):
                continue
            case .directory:
                let childName = PlatformName.repositoryName(fileName: entry.name)
                folder.subfolders.append((entry.name, try scan(entryURL, name: childName, documents: &documents)))
            case .file:
                folder.files.append((entry.name, entryURL))
            case .other:
                continue
            }
        }
        return folder
    }

    private static func parseAll(_ documents: [Document]) throws(ContentPackageError) -> [DocViewNode] {
        let results = documents.concurrentMap { document in
            Result { () throws(ContentPackageError) in try DocViewParser.parse(document.url, name: document.name) }
        }
        return try results.map { result throws(ContentPackageError) in try result.get() }
    }

    private static func assemble(_ folder: Folder, stub: DocViewNode?, parsed: [DocViewNode]) -> DocViewNode {
        var node = folder.document.map { parsed[$0] } ?? stub ?? DocViewNode(name: folder.name)
        node.name = folder.name
        var sidecars: Set<String> = []
        for (fileName, url) in folder.files {
            if fileName.hasSuffix(".binary") {
                node.binaries[PlatformName.repositoryName(fileName: String(fileName.dropLast(7)))] = url
                continue
            }
            let name = PlatformName.repositoryName(fileName: fileName)
            var fileNode = node.child(name) ?? DocViewNode(name: name)
            if let sidecar = folder.subfolders.first(where: { $0.fileName == fileName + ".dir" }) {
                fileNode = assemble(sidecar.folder, stub: nil, parsed: parsed)
                fileNode.name = name
                sidecars.insert(sidecar.fileName)
            }
            fileNode.file = url
            node.setChild(fileNode)
        }
        for (fileName, subfolder) in folder.subfolders where !sidecars.contains(fileName) {
            node.setChild(assemble(subfolder, stub: node.child(subfolder.name), parsed: parsed))
        }
        return node
    }
}

extension DocViewNode {
    /// Replaces the child of the same name, or appends `child`.
    fileprivate mutating func setChild(_ child: DocViewNode) {
        if let index = children.firstIndex(where: { $0.name == child.name }) {
            children[index] = child
        } else {
            children.append(child)
        }
    }
}
