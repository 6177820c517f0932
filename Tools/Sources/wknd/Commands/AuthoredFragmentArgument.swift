import ArgumentParser

/// The fragment an author command works on: its id, or its path under /content/dam/, checked before anything is
/// sent.
struct AuthoredFragmentArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("The fragment's id, or its path under /content/dam/.", valueName: "id-or-path"))
    var fragment: String

    func validate() throws {
        if fragment.hasPrefix("/"), let error = ValidationError.damPath(fragment) { throw error }
    }
}
