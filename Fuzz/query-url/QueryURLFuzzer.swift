import AEMHeadless
import Foundation

/// Property: the variables that the emulator's request-target parser reads back from a persisted
/// query's URL are the ones the URL was built from, and so is the query path.
///
/// The input is split at NUL bytes: the query path (with any `;` made `-`), then (name, value) pairs. Names are mapped
/// onto GraphQL's name characters (`[_A-Za-z][_0-9A-Za-z]*`): AEM ends a name at its first `=`,
/// so only such names can be sent. The first byte of a value picks its kind; the rest is its
/// text, or the bits of a number.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQueryURL(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let fields = Array(UnsafeBufferPointer(start: start, count: count)).split(
        separator: 0, omittingEmptySubsequences: false)
    guard let pathField = fields.first else { return 0 }
    // AEM takes the first `;` or `%3B` for the start of the variables, so no query name holds one.
    let path = String(decoding: pathField.map { $0 == UInt8(ascii: ";") ? UInt8(ascii: "-") : $0 }, as: UTF8.self)
    var variables: [String: QueryVariable?] = [:]
    var rest = fields.dropFirst()
    while let nameField = rest.popFirst() {
        let valueField = rest.popFirst() ?? []
        guard let name = graphQLName(from: nameField) else { continue }
        variables[name] = variable(from: Array(valueField))
    }
    let query = PersistedQuery<JSONValue>(path, variables: variables)
    let url = query.url(on: origin)
    let text = url.absoluteString
    guard text.hasPrefix(origin.description) else { fatalError("URL \(text) is not on \(origin)") }
    let target = RequestTarget(raw: String(text.dropFirst(origin.description.count)))

    let expectedPath =
        "/graphql/execute.json/"
        + path.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/")
    guard target.path == expectedPath else {
        fatalError("path \(target.path.debugDescription) != \(expectedPath.debugDescription)")
    }
    let expected = variables.compactMapValues { $0?.text }
    guard target.variableValues == expected, target.variables.count == expected.count else {
        fatalError("variables \(target.variables) != \(expected) in \(text)")
    }
    guard query.requestPath == String(text.dropFirst(origin.description.count)) else {
        fatalError("requestPath \(query.requestPath) is not the URL's \(text)")
    }
    return 0
}

private let origin: AemOrigin = {
    guard let origin = try? AemOrigin(scheme: .https, host: "publish-p1-e2.adobeaemcloud.com") else {
        fatalError("the fixed origin is valid")
    }
    return origin
}()

private let nameCharacters = Array("_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

/// A GraphQL name made of `bytes`, or nil for no bytes.
private func graphQLName(from bytes: ArraySlice<UInt8>) -> String? {
    guard let first = bytes.first else { return nil }
    return String(nameCharacters[Int(first) % 53])
        + String(bytes.dropFirst().map { nameCharacters[Int($0) % nameCharacters.count] })
}

/// A variable of the kind the first byte picks, or nil (left out of the request).
private func variable(from bytes: [UInt8]) -> QueryVariable? {
    guard let kind = bytes.first else { return .string("") }
    let body = bytes.dropFirst()
    var bits: UInt64 = 0
    for byte in body.prefix(8) { bits = bits << 8 | UInt64(byte) }
    switch kind % 6 {
    case 0: return .string(String(decoding: body, as: UTF8.self))
    case 1: return .int(Int(truncatingIfNeeded: bits))
    case 2: return .double(Double(bitPattern: bits))
    case 3: return .bool(bits & 1 == 1)
    case 4: return .enumValue(String(decoding: body, as: UTF8.self))
    default: return nil
    }
}
