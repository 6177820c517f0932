// urlsession-bench: one large body through `URLSessionTransport` to a reader slower than the network, and the
// process's peak RSS: the transport must hold the server back (suspend the task) instead of buffering the body.
//
//   urlsession-bench --url URL [--reader-mbps 50]
//
// The reader takes the body from the transport and waits after each MiB so as to take at most `--reader-mbps`
// megabytes a second. Prints one JSON object on stdout: the bytes read, the seconds, and the peak RSS in MiB.
import AEMHeadless
import AEMHeadlessURLSession
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("urlsession-bench: \(message)\n".utf8))
    exit(64)
}

var url: URL?
var readerMBps = 50
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    let value = arguments.popFirst()
    switch argument {
    case "--url":
        guard let value, let parsed = URL(string: value), parsed.host != nil else { fail("--url takes a URL") }
        url = parsed
    case "--reader-mbps":
        guard let number = value.flatMap(Int.init), number > 0 else { fail("--reader-mbps takes a number") }
        readerMBps = number
    default: fail("unknown argument \(argument); usage: urlsession-bench --url URL [--reader-mbps N]")
    }
}
guard let url, let host = url.host else { fail("usage: urlsession-bench --url URL [--reader-mbps N]") }

/// The peak resident set of this process, in MiB (`ru_maxrss` is in KiB on Linux, in bytes on Apple systems).
func peakRSSMiB() -> Double {
    var usage = rusage()
    #if canImport(Darwin)
    getrusage(RUSAGE_SELF, &usage)
    return Double(usage.ru_maxrss) / 1_048_576
    #else
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
    #endif
}

let transport = URLSessionTransport()
let clock = ContinuousClock()
let start = clock.now
let response = try await transport.send(AemHTTPRequest(url: url, timeout: .seconds(600)))
guard response.status == 200 else { fail("\(url) answered \(response.status)") }
let mebibyte = 1 << 20
let pause = Duration.seconds(1) / readerMBps
var received = 0
var sinceLastPause = 0
for try await chunk in response.body {
    received += chunk.count
    sinceLastPause += chunk.count
    while sinceLastPause >= mebibyte {
        sinceLastPause -= mebibyte
        try await Task.sleep(for: pause)
    }
}
let seconds = (clock.now - start) / .seconds(1)
print(
    #"{"bytes": \#(received), "seconds": \#((seconds * 100).rounded() / 100), "readerMBps": \#(readerMBps), "#
        + #""peakRSSMiB": \#((peakRSSMiB() * 10).rounded() / 10)}"#)
