import AEMHeadless
import AEMHeadlessDownload

/// A failure as the user sees it: one line that names the cause and what to do, an exit code,
/// and (for `--verbose`) details. None of it holds a secret.
package struct Failure: Error, Sendable {
    package var status: ExitStatus
    package var message: String
    package var details: [String] = []

    package init(_ status: ExitStatus, _ message: String, details: [String] = []) {
        self.status = status
        self.message = message
        self.details = details
    }

    /// The failure for any error a command ends with.
    package init(_ error: any Error) {
        switch error {
        case let failure as Failure:
            self = failure
        case let error as AemError:
            let hint = error.kind == .timedOut ? " Set the time to wait with --timeout SECONDS or AEM_TIMEOUT." : ""
            self.init(Self.status(for: error.kind), error.message + hint, details: Self.details(of: error))
        case let error as AemConfigurationError:
            self.init(.configuration, error.message)
        case let error as SignInError:
            self.init(
                Self.status(for: error.step), "Signing in failed (\(error.step.words)): \(error.message)",
                details: ["step: \(error.step.rawValue)"] + (error.status.map { ["IMS status: \($0)"] } ?? []))
        case let error as DownloadFileError:
            self.init(.cannotCreate, error.message)
        case is CancellationError:
            self.init(.interrupted, "Interrupted.")
        default:
            self.init(
                .internalError,
                "Unexpected failure (\(type(of: error))); run again with --verbose, and report it if it persists.",
                details: [String(describing: error)])
        }
    }

    /// A query the user named that AEM does not have (`AemError.queryNotFound`), with where to
    /// see the queries that exist.
    package static func unknownQuery(_ error: AemError) -> Failure {
        Failure(
            .unavailable, error.message + " `wknd queries list` shows the queries that exist.",
            details: Self.details(of: error))
    }

    /// What `--verbose` adds to an AEM failure: the lines after the message of its `debugDescription`.
    package static func details(of error: AemError) -> [String] {
        Array(
            error.debugDescription.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map(String.init)
        )
    }

    /// The exit code for each kind of AEM failure.
    package static func status(for kind: AemError.Kind) -> ExitStatus {
        switch kind {
        case .unauthorized:
            .authentication
        case .notFound:
            .notFound
        case .htmlResponse, .emptyResponse, .invalidResponse, .decodingFailed, .bodyTooLarge, .queryRejected:
            .badResponse
        case .queryNotFound, .graphQLErrors, .httpStatus, .network, .timedOut, .rateLimited, .preconditionRequired:
            .unavailable
        case .preconditionFailed, .conflict:
            .busy
        case .queryAlreadyExists:
            .cannotCreate
        case .persistingNotAllowed:
            .authentication
        case .invalidRequest:
            .usage
        default:
            .internalError
        }
    }

    /// The exit code for each step of signing in.
    package static func status(for step: SignInError.Step) -> ExitStatus {
        switch step {
        case .readingCredentials, .signing: .configuration
        case .contactingIMS: .unavailable
        case .imsRejected, .tokenExpired: .authentication
        }
    }

    /// The message on one line, without control characters.
    package var line: String { TextLayout.singleLine(message) }
}

extension SignInError.Step {
    /// The step in a few words, for the error line.
    package var words: String {
        switch self {
        case .readingCredentials: "reading the credentials"
        case .signing: "signing the JWT"
        case .contactingIMS: "reaching IMS"
        case .imsRejected: "IMS answer"
        case .tokenExpired: "token expiry"
        }
    }
}
