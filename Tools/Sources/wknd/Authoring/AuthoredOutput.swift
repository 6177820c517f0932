import AEMHeadless
import AEMHeadlessAuthoring
import WKNDCore

/// How the commands that write content print what they did: one line a fragment on stdout (what happened, its path,
/// its status and the fields changed), or, with `--json`, the fragment as AEM sent it with its entity tag as `etag`.
struct AuthoredOutput {
    var terminal = Terminal.standardOutput
    var json: Bool

    /// `fragment` after `action` (`modified`, `created`, …), naming `fields` when given.
    func write(_ fragment: AuthoredFragment, _ action: String, fields: [String] = []) {
        if json {
            terminal.write(Self.document(fragment).jsonText(layout) + "\n")
            return
        }
        var line = "\(action) \(fragment.path)"
        if let status = fragment.status { line += " (\(status))" }
        if !fields.isEmpty { line += ": " + fields.joined(separator: ", ") }
        terminal.write(line + "\n")
    }

    /// Any JSON value, as `--json` prints it.
    func write(_ value: UntypedJSON) {
        terminal.write(value.jsonText(layout) + "\n")
    }

    private var layout: UntypedJSON.Layout { terminal.isTerminal ? .pretty : .compact }

    /// The fragment's object with its entity tag as `etag` (as list items carry it), so that a script can write it.
    static func document(_ fragment: AuthoredFragment) -> UntypedJSON {
        guard case .object(var members) = fragment.json else { return fragment.json }
        if let etag = fragment.etag, !members.contains(where: { $0.key == "etag" }) {
            members.append(UntypedJSON.Member("etag", .string(etag.rawValue)))
        }
        return .object(members)
    }
}
