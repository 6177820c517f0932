import Foundation

/// Answers asset delivery requests (aem-openapi.md §3): images rendered with their modifiers, originals, and
/// metadata, for Dynamic Media with OpenAPI URLs and every `_dynamicUrl`.
struct AssetDeliveryEndpoints: Sendable {
    let assets: ServedAssets
    let renditions: RenditionCache

    /// The header sent with an image served as stored where a rendition was asked for, because libvips is missing.
    static let unrenderedHeader = "X-Emulator-Rendition"

    /// The answer to a `GET` or `HEAD` of `route`, with the request's query parameters and `Accept` header.
    func answer(_ route: AssetRoute, parameters: QueryParameters, accept: String?) async -> Reply {
        guard let served = assets.asset(uuid: route.uuid) else {
            if let reason = assets.unservableReason(uuid: route.uuid) { return ProblemDetails.reply(503, reason) }
            return ProblemDetails.reply(404, "No asset has the id urn:aaid:aem:\(route.uuid).")
        }
        switch route.operation {
        case .original:
            return .asset(served.delivered(cacheControl: RenditionRules.cacheControl))
        case .rendition(let name):
            return ProblemDetails.reply(404, "The asset has no rendition named \(name); it has only original.")
        case .metadata:
            return .document(status: 200, AssetMetadataDocument(served).json, cacheControl: nil)
        case .unknown:
            return ProblemDetails.reply(
                404, "No such resource below \(AssetRoute.openAPIRoot)urn:aaid:aem:\(route.uuid).")
        case .image(let formatName):
            guard let format = RenditionFormat(fileExtension: formatName) else {
                return ProblemDetails.reply(400, "The format \(formatName) is not one AEM delivers images in.")
            }
            return await render(
                served, format: format, parameters: parameters, defaults: RenditionRules.imageDefaults, vary: false)
        case .negotiated:
            let format: RenditionFormat = AcceptHeader.asksForWebP(accept) ? .webp : .jpg
            return await render(
                served, format: format, parameters: parameters, defaults: RenditionRules.negotiatedDefaults, vary: true)
        }
    }

    private func render(
        _ served: ServedAsset, format: RenditionFormat, parameters: QueryParameters, defaults: RenditionDefaults,
        vary: Bool
    ) async -> Reply {
        let modifiers: ImageModifiers
        do {
            modifiers = try ImageModifiers(parameters: parameters.pairs)
        } catch {
            return ProblemDetails.reply(400, error.description)
        }
        if let profile = modifiers.smartCrop, !RenditionRules.smartCropProfiles.contains(profile) {
            return ProblemDetails.reply(400, "The asset has no smart-crop profile named \(profile).")
        }
        // Synthetic bytes exist to test large bodies; they are sent as they are.
        guard let original = served.original else {
            return .asset(served.delivered(cacheControl: RenditionRules.cacheControl))
        }
        // Without libvips, what was stored is sent, with a header that says so.
        if let reason = ImageRenderer.unavailableReason {
            var unrendered = served.delivered(cacheControl: RenditionRules.cacheControl)
            unrendered.headers.append((Self.unrenderedHeader, "original; not rendered: \(reason)"))
            return .asset(unrendered)
        }
        let key = [served.etag, format.fileExtension, defaults.key, modifiers.cacheKey].joined(separator: "|")
        do {
            let rendition = try await renditions.rendition(for: key, mimeType: format.mimeType) {
                () async throws(ImageRenderingFailure) in
                try await ImageRenderer.slots.run { () throws(ImageRenderingFailure) in
                    try ImageRenderer.render(original, modifiers: modifiers, format: format, defaults: defaults)
                }
            }
            return .asset(served.rendition(rendition, cacheControl: RenditionRules.cacheControl, varyAccept: vary))
        } catch {
            return ProblemDetails.reply(415, "The asset cannot be rendered as an image: \(error.description)")
        }
    }
}
