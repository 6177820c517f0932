import Foundation

/// Starts `process`, one launch at a time across every test of the test binary: Foundation's `Process.run()` on
/// Linux has crashed (a bad pointer in a copy inside it) when two tests launched programs at the same moment.
public func launch(_ process: Process) throws {
    launchLock.lock()
    defer { launchLock.unlock() }
    try process.run()
}

private let launchLock = NSLock()
