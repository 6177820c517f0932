import Foundation
import Testing

@testable import AEMHeadless
@testable import AEMHeadlessDownload

/// The download's request and response rules, without a server.
@Suite("Resume plan")
struct ResumePlanTests {
    let kept = DownloadRecord(
        url: "/i.jpg", file: "a.jpg", etag: "\"v1\"", lastModified: "Wed, 01 May 2024 08:00:00 GMT", length: 10)
    let fullHead = DownloadResponseHead([
        "Content-Length": "1000", "ETag": "\"v1\"", "Accept-Ranges": "bytes",
        "Last-Modified": "Wed, 01 May 2024 08:00:00 GMT",
    ])

    @Test func aFirstRequestWithoutAKeptFileIsUnconditional() {
        let plan = ResumePlan.first(kept: nil)
        #expect(plan.requestHeaders.fields.isEmpty)
        #expect(plan.decide(status: 200, headers: [:]) == .writeFromStart)
        #expect(plan.decide(status: 304, headers: [:]) == .fail(status: 304))
        #expect(plan.decide(status: 206, headers: ["Content-Range": "bytes 0-9/10"]) == .fail(status: 206))
        #expect(plan.decide(status: 404, headers: [:]) == .fail(status: 404))
    }

    @Test func aKeptFileMakesTheRequestConditionalAnd304KeepsIt() {
        let plan = ResumePlan.first(kept: kept)
        #expect(plan.requestHeaders["If-None-Match"] == "\"v1\"")
        #expect(plan.requestHeaders["If-Modified-Since"] == "Wed, 01 May 2024 08:00:00 GMT")
        #expect(plan.decide(status: 304, headers: [:]) == .keepFile)
        #expect(plan.decide(status: 200, headers: [:]) == .writeFromStart)
    }

    @Test func aKeptFileWithoutValidatorsCannotBeAskedAbout() {
        let plan = ResumePlan.first(kept: DownloadRecord(url: "/i.jpg", file: "a.jpg", length: 10))
        #expect(plan.requestHeaders.fields.isEmpty)
        #expect(plan.decide(status: 304, headers: [:]) == .fail(status: 304))
    }

    @Test func resumingAsksForTheRestWithAStrongValidator() {
        let plan = ResumePlan.resume(after: fullHead, received: 400)
        #expect(plan.requestHeaders["Range"] == "bytes=400-")
        #expect(plan.requestHeaders["If-Range"] == "\"v1\"")
        #expect(plan.decide(status: 206, headers: ["Content-Range": "bytes 400-999/1000"]) == .append)
        #expect(plan.decide(status: 200, headers: [:]) == .writeFromStart)
    }

    @Test func aPartialAnswerForAnotherRangeOrLengthIsRejected() {
        let plan = ResumePlan.resume(after: fullHead, received: 400)
        #expect(plan.decide(status: 206, headers: ["Content-Range": "bytes 0-999/1000"]) == .wrongRange)
        #expect(plan.decide(status: 206, headers: ["Content-Range": "bytes 400-1999/2000"]) == .wrongRange)
        #expect(plan.decide(status: 206, headers: ["Content-Range": "bytes 400-999/*"]) == .wrongRange)
        #expect(plan.decide(status: 206, headers: [:]) == .wrongRange)
    }

    @Test func a416NamingTheLengthReceivedMeansTheFileIsComplete() {
        let plan = ResumePlan.resume(after: fullHead, received: 1000)
        #expect(plan.decide(status: 416, headers: ["Content-Range": "bytes */1000"]) == .complete)
        #expect(plan.decide(status: 416, headers: ["Content-Range": "bytes */2000"]) == .fail(status: 416))
        #expect(plan.decide(status: 416, headers: [:]) == .fail(status: 416))
    }

    @Test func weakValidatorsNoRangesOrNothingReceivedAskForTheWholeFile() {
        let weak = DownloadResponseHead(["Content-Length": "1000", "ETag": "W/\"v1\"", "Accept-Ranges": "bytes"])
        let noRanges = DownloadResponseHead(["Content-Length": "1000", "ETag": "\"v1\""])
        for plan in [
            ResumePlan.resume(after: weak, received: 400), .resume(after: noRanges, received: 400),
            .resume(after: fullHead, received: 0),
        ] {
            #expect(plan.requestHeaders["Range"] == nil)
            #expect(plan.decide(status: 200, headers: [:]) == .writeFromStart)
            #expect(plan.decide(status: 206, headers: ["Content-Range": "bytes 400-999/1000"]) == .fail(status: 206))
        }
    }

    @Test func lastModifiedServesAsTheRangeValidatorWhenTheETagIsWeak() {
        let head = DownloadResponseHead([
            "ETag": "W/\"v1\"", "Last-Modified": "Wed, 01 May 2024 08:00:00 GMT",
            "Accept-Ranges": "bytes",
        ])
        #expect(
            ResumePlan.resume(after: head, received: 5).requestHeaders["If-Range"] == "Wed, 01 May 2024 08:00:00 GMT")
    }
}
