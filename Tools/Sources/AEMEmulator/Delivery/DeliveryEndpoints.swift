/// Content Fragment Delivery with OpenAPI (aem-openapi.md §2) over one repository: `GET /adobe/contentFragments`
/// (a page of fragments), `/adobe/contentFragments/{id}` and `/adobe/contentFragments/byPath` (one fragment, with
/// its references as `references=` asks). Every 200 carries its tier's ``CacheRules/deliveryDirectives(_:)`` and an entity tag; every
/// error is ``ProblemDetails``.
struct DeliveryEndpoints: Sendable {
    /// The tier whose cache headers the answers carry (``CacheRules/deliveryDirectives(_:)``).
    let tier: EmulatorView
    let index: DeliveryIndex

    /// The answer to a `GET` or `HEAD` of `route`, whose raw request target is `rawTarget`.
    func answer(_ route: DeliveryRoute, rawTarget: String, accept: String?) -> Reply {
        guard AcceptHeader.allowsJSON(accept) else {
            return ProblemDetails.reply(406, "This API answers application/json only; the Accept header excludes it.")
        }
        let parameters = QueryParameters(rawTarget: rawTarget)
        switch route {
        case .list:
            return list(parameters)
        case .byPath:
            guard let path = parameters["path"] else {
                return ProblemDetails.reply(400, "Give the fragment's path as the path parameter.")
            }
            guard DeliveryRules.isValidPath(path) else { return Self.invalidPath(path) }
            guard let fragment = index.fragment(path: path) else {
                return ProblemDetails.reply(404, "No content fragment exists at \(path).")
            }
            let references = DeliveryRules.byPathHonoursReferences ? parameters["references"] : nil
            return single(fragment, references: references)
        case .fragment(let id):
            guard let fragment = index.fragment(id: id) else {
                return ProblemDetails.reply(404, "No content fragment has the id \(id).")
            }
            return single(fragment, references: parameters["references"])
        case .unknown:
            return ProblemDetails.reply(404, "No such resource below \(DeliveryRoute.root).")
        }
    }

    /// `GET /adobe/contentFragments?path=&limit=&cursor=`: `{"items": [...], "cursor"}`, the cursor left out on the
    /// last page.
    private func list(_ parameters: QueryParameters) -> Reply {
        let path = parameters["path"]
        if let path, !DeliveryRules.isValidPath(path) { return Self.invalidPath(path) }
        var pageSize = DeliveryRules.defaultPageSize
        if let limit = parameters["limit"] {
            guard let value = Int(limit), DeliveryRules.pageSizes.contains(value) else {
                return ProblemDetails.reply(
                    400,
                    "The limit must be an integer from \(DeliveryRules.pageSizes.lowerBound) to "
                        + "\(DeliveryRules.pageSizes.upperBound); it is \(limit).")
            }
            pageSize = value
        }
        let positions = index.positions(listing: path)
        var offset = 0
        if let cursor = parameters["cursor"] {
            guard let value = DeliveryRules.offset(inCursor: cursor, path: path, count: positions.count) else {
                return ProblemDetails.reply(
                    400, "The cursor is not one this API gave for this path; start again without a cursor.")
            }
            offset = value
        }
        let start = positions.lowerBound + offset
        let end = min(positions.upperBound, start + pageSize)
        var members: [(String, OrderedJSON)] = [
            ("items", .array(index.fragments[start..<end].map { DeliveryFragment($0, index: index).core }))
        ]
        if end < positions.upperBound {
            members.append(("cursor", .string(DeliveryRules.cursor(offset: end - positions.lowerBound, path: path))))
        }
        return .document(status: 200, .object(members), cacheControl: CacheHeaders(CacheRules.deliveryDirectives(tier)))
    }

    /// One fragment with the references `references` asks for.
    private func single(_ fragment: ContentFragment, references: String?) -> Reply {
        guard let mode = DeliveryRules.referencesMode(references) else {
            return ProblemDetails.reply(
                400,
                "The references parameter must be none, direct, direct-hydrated, all or all-hydrated; it is "
                    + "\(references ?? "").")
        }
        let delivered = DeliveryFragment(fragment, index: index)
        var members = delivered.members
        if mode != .none {
            members += ReferenceExpansion.members(
                of: fragment, rootReferences: delivered.references, index: index, mode: mode)
        }
        return .document(status: 200, .object(members), cacheControl: CacheHeaders(CacheRules.deliveryDirectives(tier)))
    }

    private static func invalidPath(_ path: String) -> Reply {
        ProblemDetails.reply(400, "The path must start with /content/dam/ and must not end with /; it is \(path).")
    }
}
