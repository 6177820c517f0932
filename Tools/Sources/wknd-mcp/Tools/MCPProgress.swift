/// How far a long tool call has got, for the protocol's progress notification.
struct MCPProgress: Sendable {
    /// The units done so far (items, schemas).
    var done: Int
    /// All the units there are, when known.
    var total: Int?
    /// What is being done, in words.
    var message: String?
}
