/// Signing in failed: which step, and a sentence that says what to do. Never holds a secret.
public struct SignInError: Error, Sendable, CustomStringConvertible {
    /// The step of signing in that failed.
    public enum Step: String, Sendable, Hashable {
        /// The credential file or value could not be read or is not in the expected form.
        case readingCredentials
        /// The JWT could not be signed (a private key that is not a usable RSA key).
        case signing
        /// IMS could not be reached, or its answer could not be read.
        case contactingIMS
        /// IMS refused the credentials (`invalid_client`, `invalid_token`, `invalid_scope`…).
        case imsRejected
        /// The token has expired and cannot be renewed from what was given (a development token).
        case tokenExpired
    }

    /// The step of signing in that failed.
    public var step: Step
    /// What happened and what to do, without any secret.
    public var message: String
    /// IMS's `error` code when IMS refused, such as `invalid_client`.
    public var imsError: String?
    /// The HTTP status of IMS's answer, when there was one.
    public var status: Int?

    /// A failure at `step`, with IMS's error code and status when IMS answered.
    package init(_ step: Step, _ message: String, imsError: String? = nil, status: Int? = nil) {
        self.step = step
        self.message = message
        self.imsError = imsError
        self.status = status
    }

    /// The message.
    public var description: String { message }
}
