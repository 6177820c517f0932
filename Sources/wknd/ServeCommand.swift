import ArgumentParser

/// STUB
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Run the built-in sample service.")
}
