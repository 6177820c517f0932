import Foundation
import Testing

@testable import WKNDCore
@testable import wknd

@Suite("CacheLocation: where the response cache lives")
struct CacheLocationTests {
    @Test("WKND_CACHE_DIR, then XDG_CACHE_HOME, then the home folder")
    func precedence() throws {
        #expect(
            try CacheLocation(environment: ["WKND_CACHE_DIR": "/c", "XDG_CACHE_HOME": "/x", "HOME": "/h"]).fileURL.path
                == "/c/responses.sqlite")
        #expect(
            try CacheLocation(environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"]).fileURL.path
                == "/x/wknd/responses.sqlite")
        #if os(macOS)
        let home = "/h/Library/Caches/wknd/responses.sqlite"
        #else
        let home = "/h/.cache/wknd/responses.sqlite"
        #endif
        #expect(try CacheLocation(environment: ["HOME": "/h"]).fileURL.path == home)
        // XDG asks to ignore a relative path.
        #expect(try CacheLocation(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/h"]).fileURL.path == home)
        #expect(throws: Failure.self) { try CacheLocation(environment: [:]) }
    }

    @Test("WKND_CACHE_MAX_MIB sets the size limit; nonsense is a configuration error")
    func sizeLimit() throws {
        #expect(try CacheLocation(environment: ["HOME": "/h"]).maxBytes == 256 << 20)
        #expect(try CacheLocation(environment: ["HOME": "/h", "WKND_CACHE_MAX_MIB": "16"]).maxBytes == 16 << 20)
        for bad in ["0", "-1", "lots", "", "99999999"] {
            #expect(throws: Failure.self) { try CacheLocation(environment: ["HOME": "/h", "WKND_CACHE_MAX_MIB": bad]) }
        }
    }

    @Test("an age in words")
    func ageText() {
        #expect(CommandCache.ageText(42) == "42 s")
        #expect(CommandCache.ageText(600) == "10 min")
        #expect(CommandCache.ageText(3 * 3600) == "3 h")
        #expect(CommandCache.ageText(3 * 86400) == "3 days")
        #expect(CommandCache.ageText(-5) == "0 s")
    }
}
