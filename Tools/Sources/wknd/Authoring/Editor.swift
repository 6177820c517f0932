import Foundation
import WKNDCore

/// The user's editor, as `git` and `kubectl` find it: `$VISUAL`, else `$EDITOR`, else `vi`; run through the shell so
/// that a command with arguments (`code --wait`) works, on the terminal `wknd` runs on.
enum Editor {
    /// Opens `file` in the editor and returns when it exits.
    /// - Throws: `Failure` when the editor cannot be started or exits with a failure.
    static func edit(_ file: URL, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let command =
            [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The file is the shell's $1, never part of the command text.
        process.arguments = ["-c", command + " \"$1\"", "sh", file.path]
        process.standardInput = FileHandle.standardInput
        process.standardOutput = FileHandle.standardOutput
        process.standardError = FileHandle.standardError
        do {
            try process.run()
        } catch {
            throw Failure(
                .configuration, "Cannot start the editor \(command) (\(error.localizedDescription)); set EDITOR.")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                .usage, "The editor \(command) exited with status \(process.terminationStatus); nothing was sent.")
        }
    }
}
