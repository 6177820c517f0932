import AEMHeadless
import Testing

/// `ContentLocale` and `LocaleChain` on their own: spellings, language-copy paths, choosing and merging.
struct LocaleChainTests {
    @Test func theUsualSpellingsOfOneLocaleAreEqual() throws {
        let forms = try ["de-CH", "de_CH", "de_ch", "DE-ch"].map(ContentLocale.init)
        #expect(Set(forms).count == 1)
        #expect(forms[0].identifier == "de-CH")
        #expect(forms[0].aemCode == "de_ch")
        #expect(try ContentLocale("es-419").region == "419")
        #expect(try ContentLocale(" de ").identifier == "de")
    }

    @Test func whatIsNoLocaleIsRefusedWithTheReason() {
        for text in ["", "xx", "german", "de-", "de-CHE", "de_CH_x", "12"] {
            #expect(throws: AemError.self, "\(text)") { try ContentLocale(text) }
            let error = try? #require(throws: AemError.self) { try ContentLocale(text) }
            #expect(error?.kind == .invalidRequest)
        }
        #expect(throws: AemError.self) { try LocaleChain(parsing: "de,,en") }
        #expect(throws: AemError.self) { try LocaleChain([String]()) }
    }

    @Test func aChainKeepsItsOrderAndEachLocaleOnce() throws {
        let chain = try LocaleChain(parsing: "de-CH, de ,en,de")
        #expect(chain.locales.map(\.identifier) == ["de-CH", "de", "en"])
        #expect(chain.description == "de-CH,de,en")
        #expect(chain.rank(of: try ContentLocale("en")) == 2)
        #expect(chain.rank(of: try ContentLocale("fr")) == nil)
    }

    @Test func theLocaleOfAPathIsItsNearestLanguageFolder() throws {
        #expect(ContentLocale(ofPath: "/content/dam/wknd-shared/en/adventures/x/x")?.identifier == "en")
        #expect(ContentLocale(ofPath: "/content/dam/site/en_us/a/de/b")?.identifier == "de")
        #expect(ContentLocale(ofPath: "/content/dam/wknd-shared/fr_CA")?.identifier == "fr-CA")
        #expect(ContentLocale(ofPath: "/content/dam/editorial/articles/summer") == nil)
    }

    @Test func aLanguageCopyPathFollowsTheStyleOfTheFolderItReplaces() throws {
        let swiss = try ContentLocale("de-CH")
        #expect(swiss.languageCopy(of: "/content/dam/s/en_us/a/b") == "/content/dam/s/de_ch/a/b")
        #expect(swiss.languageCopy(of: "/content/dam/s/en-US/a/b") == "/content/dam/s/de-CH/a/b")
        #expect(swiss.languageCopy(of: "/content/dam/s/en/a/b") == "/content/dam/s/de_ch/a/b")
        #expect(try ContentLocale("de").languageCopy(of: "/content/dam/s/en_us/a") == "/content/dam/s/de/a")
        #expect(swiss.languageCopy(of: "/content/dam/s/a/b") == nil)
        #expect(try ContentLocale("de").languageCopyFolder(of: "/content/dam/s") == "/content/dam/s/de")
        #expect(try ContentLocale("de").languageCopyFolder(of: "/content/dam/s/en/a") == "/content/dam/s/de/a")
    }

    @Test func preferredTakesTheMostWantedLocaleThatIsThere() throws {
        let paths = ["/content/dam/s/en/x", "/content/dam/s/de/x", "/content/dam/s/fr/x", "/content/dam/s/x"]
        let chain = try LocaleChain(parsing: "de-CH,de,en")
        let found = try #require(chain.preferred(paths) { $0 })
        #expect(found.value == "/content/dam/s/de/x")
        #expect(found.locale == (try ContentLocale("de")))
        #expect(try LocaleChain(parsing: "it,en").preferred(paths) { $0 }?.value == "/content/dam/s/en/x")
        #expect(try LocaleChain(parsing: "it").preferred(paths) { $0 } == nil)
    }

    @Test func mergingKeepsEachItemOnceInTheMostWantedLocaleInTheLastLocalesOrder() throws {
        let german = ["/c/s/de/b/b", "/c/s/de/only/only"]
        let english = ["/c/s/en/a/a", "/c/s/en/b/b", "/c/s/en/c/c"]
        let merged = try LocaleChain(parsing: "de,en").merged([german, english]) { $0 }
        #expect(merged.map(\.value) == ["/c/s/en/a/a", "/c/s/de/b/b", "/c/s/en/c/c", "/c/s/de/only/only"])
        #expect(merged.map(\.locale.identifier) == ["en", "de", "en", "de"])
    }
}
