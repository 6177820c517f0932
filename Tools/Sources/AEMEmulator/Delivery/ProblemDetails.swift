import HTTPTypes

/// An RFC 9457 error answer as the delivery API gives it (aem-openapi.md §1.3): `{"title", "status", "detail"}`.
enum ProblemDetails {
    /// The answer for `status` (its reason phrase as the title) explaining `detail`.
    static func reply(_ status: Int, _ detail: String) -> Reply {
        let body = OrderedJSON.object([
            ("title", .string(HTTPResponse.Status.emulated(status).reasonPhrase)),
            ("status", .int(status)),
            ("detail", .string(detail)),
        ])
        return .raw(
            status: status, headers: [("Content-Type", DeliveryRules.problemContentType)], body: body.serialized)
    }
}
