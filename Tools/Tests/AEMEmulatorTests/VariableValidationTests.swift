import Testing

/// Declared defaults, conversion to declared types, graphql-java's errors, and undeclared variables.
struct VariableValidationTests {
    @Test func defaultsApplyToMissingImageVariables() async throws {
        try await withEmulator { emulator in
            let item = try await emulator.get(Paths.adventureBySlug + ";slug=lofoten-winter-surf;").json()["data"][
                "adventureList"]["items"][0]
            let url = try #require(item["primaryImage"]["_dynamicUrl"].string)
            #expect(url.hasPrefix("/adobe/dynamicmedia/deliver/dm-aid--"))
            #expect(url.hasSuffix("/Lofoten%20surf.jpg?quality=80&preferwebp=true&width=1200"))
        }
    }

    @Test func givenImageVariablesShapeTheDynamicURL() async throws {
        try await withEmulator { emulator in
            let target =
                Paths.adventureBySlug
                + ";slug=algarve-first-waves;imageFormat=PNG;imageWidth=300;imageQuality=55;imageSeoName=first%20waves;"
            let url = try await emulator.get(target).json()["data"]["adventureList"]["items"][0]["primaryImage"][
                "_dynamicUrl"
            ].string
            #expect(url?.hasSuffix("/first%20waves.png?quality=55&preferwebp=true&width=300") == true)
        }
    }

    @Test func intThatDoesNotConvertIsAValidationError() async throws {
        try await withEmulator { emulator in
            let response = try await emulator.get(Paths.adventuresAll + ";limit=abc;")
            #expect(response.status == 200)
            let json = try response.json()
            #expect(!json["data"].exists)
            let error = json["errors"][0]
            #expect(
                error["message"].string
                    == "Variable 'limit' has an invalid value: Expected a value that can be converted to type 'Int' but it was a 'String'"
            )
            #expect(error["locations"][0]["line"].int == 1)
            #expect(error["locations"][0]["column"].int == 22)
            #expect(error["extensions"]["classification"].string == "ValidationError")
        }
    }

    @Test func integralDecimalTextConvertsToInt() async throws {
        try await withEmulator { emulator in
            let items = try await emulator.get(Paths.adventuresAll + ";limit=2.0;").json()["data"]["adventureList"][
                "items"]
            #expect(items.array.count == 2)
        }
    }

    @Test(arguments: [
        (
            ";limit=1.5;",
            "Variable 'limit' has an invalid value: Expected a value that can be converted to type 'Int' but it was a 'String'"
        ),
        (
            ";offset=99999999999;",
            "Variable 'offset' has an invalid value: Expected a value that can be converted to type 'Int' but it was a 'String'"
        ),
        (
            ";imageFormat=jpg;",
            "Variable 'imageFormat' has an invalid value: Invalid input for enum 'AssetTransformFormat'. No value found for name 'jpg'"
        ),
    ])
    func otherConversionErrors(suffix: String, message: String) async throws {
        try await withEmulator { emulator in
            let json = try await emulator.get(Paths.adventuresAll + suffix).json()
            #expect(json["errors"][0]["message"].string == message)
        }
    }

    @Test func missingRequiredSlugAnswers200WithErrors() async throws {
        try await withEmulator { emulator in
            for target in [Paths.adventureBySlug, Paths.adventureBySlug + ";imageWidth=100;"] {
                let response = try await emulator.get(target)
                #expect(response.status == 200)
                let json = try response.json()
                #expect(!json["data"].exists)
                #expect(
                    json["errors"][0]["message"].string
                        == "Variable 'slug' has an invalid value: Variable 'slug' has coerced Null value for NonNull type 'String!'"
                )
                #expect(json["errors"][0]["locations"][0]["column"].int == 8)
            }
        }
    }

    @Test func undeclaredVariablesAreIgnored() async throws {
        try await withEmulator { emulator in
            let plain = try await emulator.get(Paths.adventuresAll + ";limit=4;")
            let extra = try await emulator.get(Paths.adventuresAll + ";limit=4;unknown=x;slug=nope;")
            #expect(plain.status == 200)
            #expect(plain.body == extra.body)
        }
    }
}
