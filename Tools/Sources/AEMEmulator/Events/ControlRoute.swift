/// The stand-in's control route, for tests and demos, on only when asked for (`EmulatorOptions.allowsControl`,
/// `wknd serve --control`): `POST /emulator/control/<publish|unpublish|touch>?path=<fragment path>` publishes,
/// unpublishes or touches a fragment without editing files, and records its event. It answers 200 with the event's
/// type and position, 404 for a path that holds no fragment, 400 without `path`, 405 for another method.
struct ControlRoute: Sendable {
    /// The route's folder; the action follows it.
    static let prefix = "/emulator/control/"

    let action: EmulatorLiveContent.Action

    /// The route of a request path; nil for a path outside the control route.
    init?(path: String) {
        guard let name = path.dropPrefix(Self.prefix), let action = EmulatorLiveContent.Action(rawValue: name) else {
            return nil
        }
        self.action = action
    }

    /// The answer to a POST of this route with `rawTarget`'s parameters.
    func answer(rawTarget: String, live: EmulatorLiveContent) -> Reply {
        guard let path = QueryParameters(rawTarget: rawTarget)["path"], !path.isEmpty else {
            return ProblemDetails.reply(400, "Give the fragment's path as ?path=/content/dam/….")
        }
        guard let entry = live.apply(action, path: path) else {
            return ProblemDetails.reply(404, "There is no content fragment at \(path).")
        }
        let body = OrderedJSON.object([
            ("type", .string(entry.type)), ("path", .string(path)), ("position", .string(entry.position)),
            ("published", .bool(live.isPublished(path))),
        ])
        return .raw(status: 200, headers: [("Content-Type", "application/json")], body: body.serialized)
    }
}
