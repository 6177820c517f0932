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
        try load(jcrRoot: jcrRoot, readingLeaves: { _, _ in Never?.none }).root
    }

    /// The root node of the package at `jcrRoot`, less the nodes `read` takes.
    ///
    /// `read` is given, as soon as it is parsed, each node whose folder holds nothing but its `.content.xml` (a
    /// content fragment, as FileVault writes one), with its path; a node it reads is left out of the tree, so that
    /// the tree of a large package is never held whole.
    static func load<Read: Sendable>(
        jcrRoot: URL, readingLeaves read: @Sendable (DocViewNode, _ path: String) -> Read?
    ) throws(ContentPackageError) -> (root: DocViewNode, leaves: [Read]) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: jcrRoot.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw .missingRoot(path: jcrRoot.path) }

        var documents: [Document] = []
        let root = try scan(jcrRoot, name: "", path: "", documents: &documents)
        let parsed = try parseAll(documents, readingLeaves: read)
        let leaves = parsed.compactMap { if case .read(let leaf) = $0 { leaf } else { nil } }
        return (assemble(root, stub: nil, parsed: parsed) ?? DocViewNode(name: ""), leaves)
    }

    /// A `.content.xml` to parse, and the name of the node it describes.
    private struct Document: Sendable {
        let url: URL
        let name: String
        let path: String
        /// Whether the folder holds nothing else.
        let isLeaf: Bool
    }

    /// A parsed document, or what `read` made of it.
    private enum Parsed<Read: Sendable>: Sendable {
        case node(DocViewNode)
        case read(Read)
    }

    /// A folder of the package, before its XML is read.
    private struct Folder {
        let name: String
        var document: Int?
        var subfolders: [(fileName: String, folder: Folder)] = []
        var files: [(fileName: String, url: URL)] = []
    }

    private static func scan(_ url: URL, name: String, path: String, documents: inout [Document])
        throws(ContentPackageError) -> Folder
    {
        let entries: [DirectoryEntry]
        do throws(DirectoryEntry.ListingError) {
            entries = try DirectoryEntry.list(url.path).sorted { $0.name < $1.name }
        } catch {
            throw .unreadable(file: url.path, reason: error.description)
        }
        var folder = Folder(name: name)
        // Names starting with a dot, `.content.xml` among them, are not nodes of their own.
        let isLeaf = entries.allSatisfy { $0.name.hasPrefix(".") }
        for entry in entries {
            let entryURL = url.appendingPathComponent(entry.name, isDirectory: entry.kind == .directory)
            switch entry.kind {
            case .file where entry.name == ".content.xml":
                folder.document = documents.count
                documents.append(Document(url: entryURL, name: name, path: path, isLeaf: isLeaf))
            case _ where entry.name.hasPrefix("."):
                continue
            case .directory:
                let childName = PlatformName.repositoryName(fileName: entry.name)
                folder.subfolders.append(
                    (
                        entry.name,
                        try scan(entryURL, name: childName, path: path + "/" + childName, documents: &documents)
                    ))
            case .file:
                folder.files.append((entry.name, entryURL))
            case .other:
                continue
            }
        }
        return folder
    }

    private static func parseAll<Read: Sendable>(
        _ documents: [Document], readingLeaves read: @Sendable (DocViewNode, String) -> Read?
    ) throws(ContentPackageError) -> [Parsed<Read>] {
        let results = documents.concurrentMap { document in
            Result { () throws(ContentPackageError) -> Parsed<Read> in
                let node = try DocViewParser.parse(document.url, name: document.name)
                if document.isLeaf, let leaf = read(node, document.path) { return .read(leaf) }
                return .node(node)
            }
        }
        return try results.map { result throws(ContentPackageError) in try result.get() }
    }

    /// The node of `folder`, or nil when `read` took it.
    private static func assemble<Read: Sendable>(_ folder: Folder, stub: DocViewNode?, parsed: [Parsed<Read>])
        -> DocViewNode?
    {
        var node: DocViewNode
        switch folder.document.map({ parsed[$0] }) {
        case .read?: return nil
        case .node(let parsedNode)?: node = parsedNode
        case nil: node = stub ?? DocViewNode(name: folder.name)
        }
        node.name = folder.name
        var sidecars: Set<String> = []
        for (fileName, url) in folder.files {
            if fileName.hasSuffix(".binary") {
                node.binaries[PlatformName.repositoryName(fileName: String(fileName.dropLast(7)))] = url
                continue
            }
            let name = PlatformName.repositoryName(fileName: fileName)
            var fileNode = node.child(name) ?? DocViewNode(name: name)
            if let sidecar = folder.subfolders.first(where: { $0.fileName == fileName + ".dir" }),
                let sidecarNode = assemble(sidecar.folder, stub: nil, parsed: parsed)
            {
                fileNode = sidecarNode
                fileNode.name = name
                sidecars.insert(sidecar.fileName)
            }
            fileNode.file = url
            node.setChild(fileNode)
        }
        for (fileName, subfolder) in folder.subfolders where !sidecars.contains(fileName) {
            if let child = assemble(subfolder, stub: node.child(subfolder.name), parsed: parsed) {
                node.setChild(child)
            } else {
                node.children.removeAll { $0.name == subfolder.name }
            }
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
