import Testing

@testable import AEMEmulator

/// Conversion of URL text to each declared GraphQL type, with graphql-java's messages.
struct VariableCoercionTests {
    private func message(_ result: Result<VariableValue?, CoercionFailure>) -> String? {
        if case .failure(let failure) = result { return failure.message }
        return nil
    }

    @Test func intAcceptsIntegralNumbersOnly() throws {
        let limit = VariableDefinition("limit", .int)
        #expect(try limit.coerce("42").get()?.int == 42)
        #expect(try limit.coerce("-7").get()?.int == -7)
        #expect(try limit.coerce("1e2").get()?.int == 100)
        #expect(try limit.coerce(nil).get() == nil)
        for text in ["", "abc", "4.5", "2147483648", "nan", "0x10"] {
            #expect(message(limit.coerce(text)) == "Expected a value that can be converted to type 'Int' but it was a 'String'", "\(text)")
        }
    }

    @Test func floatAndBoolean() {
        let ratio = VariableDefinition("ratio", .float)
        if case .float(let value)?? = try? ratio.coerce("95.5").get() {
            #expect(value == 95.5)
        } else {
            Issue.record("95.5 did not convert to Float")
        }
        #expect(message(ratio.coerce("inf")) == "Expected a value that can be converted to type 'Float' but it was a 'String'")
        let flag = VariableDefinition("flag", .boolean, default: .boolean(false))
        if case .boolean(let value)?? = try? flag.coerce("TRUE").get() {
            #expect(value)
        } else {
            Issue.record("TRUE did not convert to Boolean")
        }
        #expect(message(flag.coerce("yes")) == "Expected a value that can be converted to type 'Boolean' but it was a 'String'")
        #expect(flag.declaration == "$flag: Boolean = false")
    }

    @Test func requiredWithoutDefaultFails() throws {
        let slug = VariableDefinition("slug", .string, nonNull: true)
        #expect(message(slug.coerce(nil)) == "Variable 'slug' has coerced Null value for NonNull type 'String!'")
        #expect(try slug.coerce("").get()?.string == "")
        #expect(slug.declaration == "$slug: String!")
    }
}
