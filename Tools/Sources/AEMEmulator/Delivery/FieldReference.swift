/// One reference a fragment's field makes, in field then value order: the field, the identifier the field's value
/// holds, and what it names.
struct FieldReference: Sendable {
    let fieldName: String
    let identifier: String
    let target: Target

    /// What a reference names.
    enum Target: Sendable {
        /// A fragment (a fragment-reference field).
        case fragment(ContentFragment)
        /// An asset (a content-reference field).
        case asset(DamAsset)
        /// A tag id (a tags field).
        case tag
    }
}
