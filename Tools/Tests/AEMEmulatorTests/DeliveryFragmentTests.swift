import AEMEmulator
import Foundation
import Testing

/// `GET /adobe/contentFragments/{id}` and `/byPath`: the fragment object, every field kind's encoding, ids that need
/// percent-encoding, and 404s.
struct DeliveryFragmentTests {
    /// The base64url (no padding) of `text`.
    static func base64URL(_ text: String) -> String {
        Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// Alpha's whole answer without references: the core members in order, and every field kind in model order.
    static let alphaBody =
        #"{"id":"f-alpha","path":"/content/dam/mag/en/articles/alpha","name":"","title":"Alpha","#
        + #""description":"The first article","model":{"id":""#
        + base64URL(DeliveryFixtures.articleModelPath) + #""},"fields":{"#
        + #""title":"Alpha","#
        + #""body":{"value":"<p>Hello <b>world</b></p>","mimeType":"text/html"},"#
        + #""notes":{"mimeType":"text/html"},"#
        + #""summary":{"value":"**bold** text","mimeType":"text/x-markdown"},"#
        + #""views":42,"rating":4.5,"featured":true,"published":"2024-05-01T10:00:00.000+02:00","#
        + #""category":"guide","labels":["mag:topics/travel","plain"],"author":"f-ann","related":["f-beta"],"#
        + #""image":"a-cover","gallery":["a-cover","a-diagram"],"#
        + #""settings":{"layout":"wide","columns":[1,2],"dark":null},"aliases":["first","one"],"keywords":[],"#
        + #""sections":[{"value":"<p>One</p>","mimeType":"text/html"},{"value":"<p>Two</p>","mimeType":"text/html"}]"#
        + "}}"

    @Test func everyFieldKindIsEncodedByItsDataTypeInModelOrder() async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            let response = try await emulator.get("/adobe/contentFragments/f-alpha")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            #expect(response.text == Self.alphaBody)
            let none = try await emulator.get("/adobe/contentFragments/f-alpha?references=none")
            #expect(none.text == Self.alphaBody)
        }
    }

    @Test func byPathAnswersTheSameObject() async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            let response = try await emulator.get(
                "/adobe/contentFragments/byPath?path=\(DeliveryFixtures.alphaPath)")
            #expect(response.status == 200)
            #expect(response.text == Self.alphaBody)
            let referenced = try await emulator.get(
                "/adobe/contentFragments/byPath?path=\(DeliveryFixtures.alphaPath)&references=direct")
            #expect(try referenced.json()["references"]["f-ann"]["type"].string == "content-fragment")
        }
    }

    @Test func unsetValuesAreLeftOutOrEmptyAndAnEmptyDescriptionIsAnEmptyString() async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            let json = try await emulator.get("/adobe/contentFragments/f-beta").json()
            #expect(json["description"].string == "")
            let fields = json["fields"]
            #expect(fields["views"].exists == false)
            #expect(fields["image"].exists == false)
            #expect(fields["body"]["mimeType"].string == "text/html")
            #expect(fields["body"]["value"].exists == false)
            #expect(fields["labels"].array.isEmpty && fields["labels"].exists)
            #expect(fields["gallery"].array.isEmpty && fields["gallery"].exists)
            #expect(fields["related"].array.compactMap(\.string) == ["f-alpha"])
        }
    }

    @Test func aPercentEncodedIdIsDecodedAsOneSegment() async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            let odd = try await emulator.get("/adobe/contentFragments/odd%20id%2Fwith%3Freserved%26chars")
            #expect(odd.status == 200)
            #expect(try odd.json()["id"].string == DeliveryFixtures.oddID)
            let escaped = try await emulator.get("/adobe/contentFragments/f%2Dalph%61")
            #expect(try escaped.json()["id"].string == "f-alpha")
        }
    }

    @Test(arguments: [
        "/adobe/contentFragments/no-such-id", "/adobe/contentFragments/", "/adobe/contentFragments/f-alpha/more",
        "/adobe/contentFragments/byPath?path=/content/dam/mag/en/articles/gone",
        "/adobe/contentFragments/byPath?path=/content/dam/mag/en",
    ])
    func anUnknownIdOrPathIsNotFound(target: String) async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            try expectProblem(try await emulator.get(target), status: 404, title: "Not Found")
        }
    }

    @Test(arguments: [
        "/adobe/contentFragments/byPath", "/adobe/contentFragments/byPath?path=/content/dam/mag/",
        "/adobe/contentFragments/byPath?path=/etc/x", "/adobe/contentFragments/f-alpha?references=everything",
        "/adobe/contentFragments/f-alpha?references=", "/adobe/contentFragments/f-alpha?references=ALL",
        "/adobe/contentFragments/byPath?path=/content/dam/mag/en/articles/alpha&references=deep",
    ])
    func aMissingOrInvalidPathOrReferencesValueIsABadRequest(target: String) async throws {
        try await DeliveryFixtures.withDeliveryEmulator { emulator in
            try expectProblem(try await emulator.get(target), status: 400, title: "Bad Request")
        }
    }

    @Test func theSamplePackageServesItsAdventuresByPath() async throws {
        try await withEmulator { emulator in
            let sample = try EmulatorContent.sample()
            let adventure = try #require(sample.adventures.first)
            let json = try await emulator.get("/adobe/contentFragments/byPath?path=\(adventure.path)").json()
            #expect(json["id"].string == adventure.uuid)
            #expect(json["title"].string == (adventure.title ?? ""))
            #expect(json["fields"]["slug"].string == adventure.master["slug"]?.text)
            #expect(json["fields"]["description"]["mimeType"].string != nil)
            let byID = try await emulator.get("/adobe/contentFragments/\(adventure.uuid)").json()
            #expect(byID["path"].string == adventure.path)
        }
    }
}
