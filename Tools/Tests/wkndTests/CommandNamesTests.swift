import ArgumentParser
import Testing

@testable import WKNDCore
@testable import wknd

/// Every command states its name. Without one, ArgumentParser derives it from the type's name with
/// `String(describing:)` on each run, which costs dynamic casts at start-up (see Benchmarks/README.md).
@Suite struct CommandNamesTests {
    @Test func everyCommandStatesItsName() {
        var unnamed: [String] = []
        var pending: [any ParsableCommand.Type] = [WKND.self]
        while let command = pending.popLast() {
            if command.configuration.commandName == nil { unnamed.append("\(command)") }
            pending.append(contentsOf: command.configuration.subcommands)
        }
        #expect(unnamed.isEmpty, "commands without commandName: \(unnamed)")
    }
}
