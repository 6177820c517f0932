import Foundation
import Testing

/// The five `references` modes: which identifiers `references` holds and with what values, and the shape of
/// `referencesTree`, through cycles, a reference to a fragment that does not exist, and a chain deeper than the cap.
struct DeliveryReferencesTests {
    /// `referencesTree` as `field:identifier(children)` items joined by spaces, e.g. `author:f-ann(mentor:f-bob())`.
    static func outline(_ tree: JSONNode) -> String {
        tree.array.map { node in
            "\(node["fieldName"].string ?? "?"):\(node["identifier"].string ?? "?")(\(outline(node["referencesTree"])))"
        }.joined(separator: " ")
    }

    static let tags = ["mag:topics/travel", "plain"]
    static let alphaFirstLevel =
        "labels:mag:topics/travel() labels:plain() author:f-ann() related:f-beta() image:a-cover() gallery:a-cover() gallery:a-diagram()"

    @Test func directListsTheFirstLevelWithFragmentsAsIdAndPath() async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            let json = try await emulator.get("/adobe/contentFragments/f-alpha?references=direct").json()
            #expect(Self.outline(json["referencesTree"]) == Self.alphaFirstLevel)
            let references = json["references"]
            #expect(Set(references.keys) == Set(Self.tags + ["f-ann", "f-beta", "a-cover", "a-diagram"]))
            #expect(references["f-ann"]["type"].string == "content-fragment")
            #expect(Set(references["f-ann"]["value"].keys) == ["id", "path"])
            #expect(references["f-ann"]["value"]["path"].string == DeliveryFixtures.annPath)
            #expect(references["a-cover"]["type"].string == "asset")
            #expect(references["a-cover"]["value"]["id"].string == "a-cover")
            #expect(references["a-cover"]["value"]["path"].string == DeliveryFixtures.coverPath)
            #expect(references["a-cover"]["value"]["name"].string == "cover.jpg")
            #expect(references["a-cover"]["value"]["mimeType"].string == "image/jpeg")
            #expect(references["mag:topics/travel"]["type"].string == "tag")
            #expect(references["mag:topics/travel"]["value"]["path"].string == "/content/cq:tags/mag/topics/travel")
            #expect(references["mag:topics/travel"]["value"]["name"].string == "travel")
            #expect(
                Set(references["mag:topics/travel"]["value"].keys) == [
                    "path", "name", "title", "id", "i18n", "titlePath", "description",
                ])
            #expect(references["mag:topics/travel"]["value"]["titlePath"].string == "mag : topics / travel")
            #expect(references["plain"]["value"]["path"].string == "/content/cq:tags/default/plain")
        }
    }

    @Test func directHydratedGivesFirstLevelFragmentsInFull() async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            let json = try await emulator.get("/adobe/contentFragments/f-alpha?references=direct-hydrated").json()
            #expect(Self.outline(json["referencesTree"]) == Self.alphaFirstLevel)
            let ann = json["references"]["f-ann"]["value"]
            #expect(Set(ann.keys) == ["id", "path", "name", "title", "description", "model", "fields"])
            #expect(ann["title"].string == "Ann")
            #expect(ann["fields"]["picture"].string == "a-ann")
            #expect(ann["fields"]["mentor"].string == "f-bob")
            #expect(json["references"]["f-bob"].exists == false)
            #expect(json["references"]["a-ann"].exists == false)
        }
    }

    @Test func allFollowsReferencesOfReferencesAndStopsAtRepeatedIds() async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            let json = try await emulator.get("/adobe/contentFragments/f-alpha?references=all").json()
            #expect(
                Self.outline(json["referencesTree"])
                    == "labels:mag:topics/travel() labels:plain() "
                    + "author:f-ann(picture:a-ann() mentor:f-bob(mentor:f-ann())) "
                    + "related:f-beta(author:f-ann() related:f-alpha()) "
                    + "image:a-cover() gallery:a-cover() gallery:a-diagram()")
            let references = json["references"]
            #expect(
                Set(references.keys)
                    == Set(Self.tags + ["f-ann", "a-ann", "f-bob", "f-beta", "f-alpha", "a-cover", "a-diagram"]))
            #expect(Set(references["f-bob"]["value"].keys) == ["id", "path"])
        }
    }

    @Test func allHydratedGivesEveryReferencedFragmentInFull() async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            let json = try await emulator.get("/adobe/contentFragments/f-beta?references=all-hydrated").json()
            #expect(
                Self.outline(json["referencesTree"])
                    == "author:f-ann(picture:a-ann() mentor:f-bob(mentor:f-ann())) "
                    + "related:f-alpha(labels:mag:topics/travel() labels:plain() author:f-ann() related:f-beta() "
                    + "image:a-cover() gallery:a-cover() gallery:a-diagram())")
            let references = json["references"]
            #expect(references["f-bob"]["value"]["fields"]["mentor"].string == "f-ann")
            #expect(references["f-alpha"]["value"]["fields"]["related"].array.compactMap(\.string) == ["f-beta"])
            #expect(references["f-beta"]["value"]["title"].string == "Beta")
        }
    }

    @Test func allStopsAtTheDepthCapOfTenLevels() async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            let json = try await emulator.get("/adobe/contentFragments/c00?references=all").json()
            #expect(Set(json["references"].keys) == Set((1...10).map(DeliveryFixtures.chainID)))
            var level = json["referencesTree"]
            for number in 1...10 {
                #expect(level.array.count == 1)
                #expect(level[0]["identifier"].string == DeliveryFixtures.chainID(number))
                level = level[0]["referencesTree"]
            }
            #expect(level.array.isEmpty)
            let direct = try await emulator.get("/adobe/contentFragments/c00?references=direct").json()
            #expect(direct["references"].keys == ["c01"])
        }
    }

    @Test(arguments: ["direct", "direct-hydrated", "all", "all-hydrated"])
    func aReferenceToAMissingFragmentOrAssetIsLeftOut(mode: String) async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            let response = try await emulator.get("/adobe/contentFragments/f-alpha?references=\(mode)")
            #expect(response.status == 200)
            let json = try response.json()
            #expect(json["fields"]["related"].array.compactMap(\.string) == ["f-beta"])
            #expect(json["fields"]["gallery"].array.compactMap(\.string) == ["a-cover", "a-diagram"])
            #expect(!response.text.contains("/gone") && !response.text.contains("missing.jpg"))
        }
    }

    @Test func noneAndAFragmentWithoutReferencesCarryNoOrEmptyReferences() async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            let none = try await emulator.get("/adobe/contentFragments/f-alpha?references=none").json()
            #expect(none["references"].exists == false && none["referencesTree"].exists == false)
            let leaf = try await emulator.get("/adobe/contentFragments/c12?references=all").json()
            #expect(leaf["references"].keys.isEmpty && leaf["references"].exists)
            #expect(leaf["referencesTree"].array.isEmpty && leaf["referencesTree"].exists)
        }
    }
}
