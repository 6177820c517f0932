import Testing

@testable import AEMHeadless
@testable import AEMHeadlessURLSession

/// What the URLSession transport passes up of a decoded body, and when it holds a transfer back for its reader.
struct URLSessionTransportUnitTests {
    @Test func aDecodedBodyLosesTheLengthAndRangesOfTheEncodedOne() {
        let headers: AemHTTPHeaders = [
            "Content-Encoding": "gzip", "Content-Length": "250", "Accept-Ranges": "bytes", "ETag": "\"v1\"",
        ]
        let passedUp = URLSessionTransport.Exchange.describingDecodedBody(headers)
        #expect(passedUp["Content-Length"] == nil)
        #expect(passedUp["Accept-Ranges"] == nil)
        #expect(passedUp["Content-Encoding"] == nil)
        #expect(passedUp["ETag"] == "\"v1\"")
        let identity: AemHTTPHeaders = ["Content-Encoding": "identity", "Content-Length": "250"]
        #expect(URLSessionTransport.Exchange.describingDecodedBody(identity) == identity)
    }

    @Test func theTransferPausesAboveTheHighWaterMarkAndGoesOnAtTheLowOne() {
        let high = TransferBacklog.highWaterMark
        let low = TransferBacklog.lowWaterMark
        var backlog = TransferBacklog()
        var pauses = [backlog.received(high), backlog.received(1), backlog.received(1 << 20)]
        #expect(pauses == [false, true, false], "pauses once, past the high-water mark")
        let goesOn = [backlog.read(high - low), backlog.read(1 + (1 << 20)), backlog.read(low)]
        #expect(goesOn == [false, true, false], "goes on once, at the low-water mark")
        #expect(backlog.bytes == 0 && !backlog.isPaused)
        pauses = [backlog.received(high + 1)]
        #expect(pauses == [true], "pauses again")
    }
}
