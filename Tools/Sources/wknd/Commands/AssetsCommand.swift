import AEMHeadless
import ArgumentParser
import Foundation
import WKNDCore

/// `wknd assets`: images as AEM's delivery tier serves them (Dynamic Media with OpenAPI).
struct AssetsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assets",
        abstract:
            "The delivery URL of an image with its modifiers, and an asset's metadata (Dynamic Media with OpenAPI).",
        discussion: """
            AEM delivers images in two URL families. A query's _dynamicUrl
            (/adobe/dynamicmedia/deliver/dm-aid--<uuid>/<name>.<ext>?width=…) is
            served by the host that answered the query. Dynamic Media with
            OpenAPI (/adobe/assets/urn:aaid:aem:<uuid>/as/<name>.<format>?…) is
            served by the delivery tier (delivery-p<P>-e<E>.adobeaemcloud.com or
            your own domain) for approved assets. Both take the same modifiers:
            width, height, quality, crop, rotate, flip; the uuid is the same.
            The built-in stand-in (`wknd serve`) serves both and renders them.

            EXAMPLES
              wknd assets url urn:aaid:aem:a388…3fcd --width 800 --format webp
              wknd assets url '/adobe/dynamicmedia/deliver/dm-aid--a388…/x.jpg?width=1200' --width 400
              wknd assets url dm-aid--a388…3fcd --delivery-host delivery-p1-e2.adobeaemcloud.com --crop 10p,10p,80p,80p
              wknd assets info urn:aaid:aem:a388…3fcd --json
            """,
        subcommands: [AssetsURLCommand.self, AssetsInfoCommand.self]
    )
}

/// The asset an argument names: an id in any of its forms, or a `_dynamicUrl` (with the name it ends with).
struct AssetArgument {
    var id: AssetID
    /// The `_dynamicUrl` given, if that is what was given.
    var dynamicURL: String?
    /// The file name in the URL given, for the SEO name.
    var fileName: String?

    init(_ text: String) throws {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("/content/dam/") {
            throw ValidationError(
                "A DAM path is not an id Dynamic Media knows: give the asset's urn (urn:aaid:aem:<uuid>; `wknd fragments get <fragment> --references direct --json` lists the ids of the assets a fragment references) or an image's _dynamicUrl."
            )
        }
        if let id = AssetID(deliveryURL: text) {
            self.id = id
            dynamicURL = text.contains("/adobe/dynamicmedia/deliver/") ? text : nil
            fileName = text.prefix { $0 != "?" && $0 != "#" }.split(separator: "/").last.map {
                String($0).removingPercentEncoding ?? String($0)
            }
        } else if let id = AssetID(text) {
            self.id = id
        } else {
            throw ValidationError(
                "\"\(text)\" is not an asset id (urn:aaid:aem:<uuid>, dm-aid--<uuid> or the uuid) or a _dynamicUrl.")
        }
    }
}

/// `wknd assets url`: the URL an app should embed for an image with its modifiers.
struct AssetsURLCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "url",
        abstract: "Print the URL of an image rendered with the given modifiers.",
        discussion: """
            Give the asset's id (urn:aaid:aem:<uuid>, dm-aid--<uuid> or the
            uuid) or an image's _dynamicUrl. A _dynamicUrl stays in its family,
            on the AEM service, with the modifiers set on it; an id, or any
            input with --delivery-host, gives a Dynamic Media with OpenAPI URL.
            Nothing is sent: the values are checked here (a bad one exits 64).
            --negotiated leaves the format to the browser (JPEG or WebP by
            Accept); --original gives the upload as it is.
            """
    )

    @Argument(help: ArgumentHelp("The asset's id or an image's _dynamicUrl.", valueName: "asset"))
    var asset: String

    @OptionGroup(title: "Image rendering") var image: ImageTransformOptions

    @Option(
        help: ArgumentHelp(
            "The file name the URL ends with (made safe); default: the _dynamicUrl's.", valueName: "name"))
    var name: String?

    @Option(
        help: ArgumentHelp(
            "The Dynamic Media delivery host, such as delivery-p1-e2.adobeaemcloud.com (default: the AEM service).",
            valueName: "host"))
    var deliveryHost: String?

    @Flag(help: "Leave the format to the server: JPEG or WebP by the browser's Accept header.")
    var negotiated = false

    @Flag(help: "The original as uploaded, with no rendering.")
    var original = false

    @OptionGroup var options: ServiceOptions

    func validate() throws {
        _ = try AssetArgument(asset)
        if let deliveryHost, AemOrigin(deliveryHost: deliveryHost) == nil {
            throw ValidationError(
                "--delivery-host must be a host or URL such as https://delivery-p1-e2.adobeaemcloud.com.")
        }
        if original, negotiated || image.isSet {
            throw ValidationError(
                "--original is the upload as it is: leave out --negotiated and the rendering options.")
        }
        if negotiated, image.format != nil {
            throw ValidationError("--negotiated leaves the format out: drop --format.")
        }
    }

    func run() async throws {
        let argument = try AssetArgument(asset)
        let transform = try image.transform()
        let fileName = name ?? argument.fileName ?? "image"
        try await CommandContext.run(options) { context in
            let url: URL
            if let dynamicURL = argument.dynamicURL, deliveryHost == nil, !negotiated, !original {
                let origin = try serviceOrigin(context)
                var reference = ImageReference(dynamicUrl: dynamicURL)
                if let name { reference.dynamicUrl = Self.renamed(dynamicURL, to: name) }
                guard let transformed = reference.url(on: origin, transform: transform) else {
                    throw Failure(.usage, "The _dynamicUrl \(dynamicURL) is not a URL this tool can read.")
                }
                url = transformed
            } else {
                let origin = try deliveryHost.flatMap(AemOrigin.init(deliveryHost:)) ?? serviceOrigin(context)
                let delivery = AssetDeliveryURLs(origin: origin)
                url =
                    original
                    ? delivery.original(argument.id, name: fileName)
                    : negotiated
                        ? delivery.negotiatedImage(argument.id, name: fileName, transform: transform)
                        : delivery.image(argument.id, name: fileName, transform: transform)
            }
            Screen.shared.write(url.absoluteString + "\n", to: .output)
        }
    }

    /// The configured service's origin; the built-in stand-in when none is configured has no fixed port, so a URL
    /// for it needs --delivery-host.
    private func serviceOrigin(_ context: CommandContext) throws -> AemOrigin {
        switch try context.configuration.resolved.service() {
        case .configured(let configuration): return configuration.origin
        case .builtInSample:
            throw Failure(
                .usage,
                "No AEM service is configured, and the built-in stand-in has no fixed address: set AEM_HOST (a running `wknd serve` prints it) or give --delivery-host."
            )
        }
    }

    /// A `_dynamicUrl` whose file name (before the extension) is `name`; the rendering sets the name when a transform
    /// has an SEO name, so this is for --name alone.
    private static func renamed(_ dynamicURL: String, to name: String) -> String {
        let query = dynamicURL.firstIndex(of: "?").map { String(dynamicURL[$0...]) } ?? ""
        let path = dynamicURL.prefix { $0 != "?" }
        guard let slash = path.lastIndex(of: "/") else { return dynamicURL }
        let last = path[path.index(after: slash)...]
        let fileExtension = last.lastIndex(of: ".").map { String(last[$0...]) } ?? ""
        return path[...slash] + SEOName(fileName: name).rawValue + fileExtension + query
    }
}

/// `wknd assets info`: an asset's metadata from Dynamic Media with OpenAPI.
struct AssetsInfoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show an asset's metadata (GET /adobe/assets/<urn>/metadata).",
        discussion: """
            Asks the AEM service (or the stand-in) for the asset's metadata: its
            file name, type, size, dimensions, status and smart crops. --json
            prints the document as AEM sent it. An unknown or unapproved asset:
            one line on stderr, exit 66.
            """
    )

    @Argument(help: ArgumentHelp("The asset's id or an image's _dynamicUrl.", valueName: "asset"))
    var asset: String

    @Flag(help: "Print the metadata document as AEM sent it.")
    var json = false

    @OptionGroup var options: ServiceOptions

    func validate() throws {
        _ = try AssetArgument(asset)
    }

    func run() async throws {
        let id = try AssetArgument(asset).id
        try await CommandContext.run(options) { context in
            let metadata = try await context.withAem { aem in try await aem.assetMetadata(id: id) }
            if json {
                let document: UntypedJSON = [
                    "assetId": .string(metadata.assetID?.urn ?? id.urn),
                    "repositoryMetadata": .object(
                        metadata.repositoryMetadata.map { UntypedJSON.Member($0.key, $0.value) }),
                    "assetMetadata": .object(metadata.assetMetadata.map { UntypedJSON.Member($0.key, $0.value) }),
                ]
                Screen.shared.write(try JSONOutput.text(document), to: .output)
                return
            }
            var rows: [(String, String)] = [("id", metadata.assetID?.urn ?? id.urn)]
            if let name = metadata.name { rows.append(("name", name)) }
            if let type = metadata.mimeType { rows.append(("type", type)) }
            if let size = metadata.size { rows.append(("size", ByteCountText.of(Int64(size)))) }
            if let width = metadata.width, let height = metadata.height {
                rows.append(("pixels", "\(width) × \(height)"))
            }
            if let status = metadata.status { rows.append(("status", status)) }
            if let title = metadata.title { rows.append(("title", TextLayout.singleLine(title))) }
            if let description = metadata.description {
                rows.append(("description", TextLayout.singleLine(description)))
            }
            for (name, crop) in metadata.smartCrops.sorted(by: { $0.key < $1.key }) {
                let size = crop.width.flatMap { width in crop.height.map { "\(width) × \($0)" } } ?? "?"
                rows.append(("smart crop", "\(name) \(size)"))
            }
            let width = rows.map { $0.0.count }.max() ?? 0
            let text = rows.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }
            Screen.shared.write(text.joined(separator: "\n") + "\n", to: .output)
        }
    }
}
