import AEMHeadless

extension UntypedJSON {
    /// An object with the members of `dictionary` sorted by key, as a `Decoder` reads one: for comparing shapes
    /// regardless of member order.
    public init(dictionary: [String: UntypedJSON]) {
        self = .object(dictionary.sorted { $0.key < $1.key }.map { Member($0.key, $0.value) })
    }
}
