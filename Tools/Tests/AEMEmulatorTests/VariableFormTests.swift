import AEMEmulator
import EmulatorTestSupport
import Testing

/// Every spelling of the variable suffix that AEM accepts gives the same answer over HTTP.
struct VariableFormTests {
    @Test(arguments: [
        ";slug=algarve-first-waves;imageWidth=640;",
        ";slug=algarve-first-waves;imageWidth=640",
        "%3Bslug%3Dalgarve-first-waves%3BimageWidth%3D640;",
        "%3bslug%3dalgarve-first-waves%3bimageWidth%3d640",
        "%3Bslug=algarve-first-waves;imageWidth%3D640;",
        ";slug=%61lgarve-first-waves;imageWidth=%36%34%30;",
        ";imageWidth=640;slug=algarve-first-waves;",
    ])
    func bySlugForm(suffix: String) async throws {
        try await withEmulator { emulator in
            let response = try await emulator.get(Paths.adventureBySlug + suffix)
            #expect(emulator.requests.last?.target == Paths.adventureBySlug + suffix)
            #expect(response.status == 200)
            let item = try response.json()["data"]["adventureList"]["items"][0]
            #expect(item["slug"].string == "algarve-first-waves")
            #expect(item["primaryImage"]["_dynamicUrl"].string?.hasSuffix("width=640") == true)
        }
    }

    @Test func encodedSeparatorsWithSortValueHoldingASpace() async throws {
        try await withEmulator { emulator in
            let literal = try await emulator.get(Paths.adventuresAll + ";limit=3;sort=title%20DESC;")
            let encoded = try await emulator.get(Paths.adventuresAll + "%3Blimit%3D3%3Bsort%3Dtitle%20DESC;")
            #expect(literal.status == 200)
            #expect(literal.body == encoded.body)
            #expect(try literal.json()["data"]["adventureList"]["items"].array.count == 3)
        }
    }

    @Test func nonASCIISlugsAndSlashesDecode() async throws {
        var content = try EmulatorContent.sample()
        content[slug: "a/b;é"] = content.makeAdventure(slug: "a/b;é", title: "Hostile")
        try await withEmulator(EmulatorOptions(content: content)) { emulator in
            let response = try await emulator.get(Paths.adventureBySlug + ";slug=a%2Fb%3B%C3%A9;")
            #expect(try response.json()["data"]["adventureList"]["items"][0]["title"].string == "Hostile")
        }
    }
}
