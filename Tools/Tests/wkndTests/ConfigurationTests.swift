import AEMEmulator
import Foundation
import Testing

@testable import WKNDCore

@Suite("configuration precedence and secrets, through the binary")
struct ConfigurationTests {
    static let password = "pa55-Wörd-secret-1"
    static let token = "tok-3f9a7c2e-secret"

    @Test("option over environment over file, each shown with its source")
    func precedence() async throws {
        let file = """
            AEM_SCHEME = http
            AEM_HOST = file.example:4503
            AEM_AUTH_TYPE = basic
            AEM_USERNAME = file-user
            """
        let run = try await WkndRun.run(
            ["config", "--host", "option.example"],
            environment: ["AEM_HOST": "env.example", "AEM_USERNAME": "env-user", "AEM_PASSWORD": Self.password],
            files: ["Config.xcconfig": file])
        #expect(run.status == 0)
        let rows = Dictionary(
            run.stdout.split(separator: "\n").compactMap { line -> (String, String)? in
                let fields = line.split(separator: " ", maxSplits: 1)
                return fields.count == 2 ? (String(fields[0]), fields[1].trimmingCharacters(in: .whitespaces)) : nil
            }, uniquingKeysWith: { first, _ in first })
        #expect(rows["AEM_HOST"]?.hasPrefix("option.example") == true)
        #expect(rows["AEM_HOST"]?.hasSuffix("option --host") == true)
        #expect(rows["AEM_USERNAME"]?.hasSuffix("environment AEM_USERNAME") == true)
        #expect(rows["AEM_SCHEME"]?.hasSuffix("file Config.xcconfig") == true)
        #expect(rows["AEM_AUTH_TYPE"]?.hasSuffix("file Config.xcconfig") == true)
        #expect(rows["AEM_PASSWORD"]?.contains("••••••••") == true)
        #expect(!run.stdout.contains(Self.password) && !run.stderr.contains(Self.password))
    }

    @Test("a program and environment make the publish, author and preview hosts, each shown as derived")
    func derivedHosts() async throws {
        let run = try await WkndRun.run(["config"], environment: ["AEM_PROGRAM": "7", "AEM_ENVIRONMENT": "8"])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = run.stdout.split(separator: "\n")
        for (key, host) in [
            ("AEM_HOST", "publish"), ("AEM_AUTHOR_HOST", "author"), ("AEM_PREVIEW_HOST", "preview"),
        ] {
            let row = rows.first { $0.hasPrefix(key + " ") }
            #expect(row?.contains("\(host)-p7-e8.adobeaemcloud.com") == true, "\(run.stdout)")
            #expect(row?.contains("derived from AEM_PROGRAM") == true, "\(run.stdout)")
        }
    }

    @Test("the environment overrides the file, and an option the environment, on real requests")
    func precedenceOnRequests() async throws {
        try await withEmulator { emulator, _ in
            let good = "127.0.0.1:\(emulator.port)"
            let file = "AEM_SCHEME = http\nAEM_HOST = 127.0.0.1:1\n"
            let fromEnvironment = try await WkndRun.run(
                ["list", "--limit", "1"], environment: ["AEM_HOST": good],
                files: ["Config.xcconfig": file])
            #expect(fromEnvironment.status == 0)
            let fromOption = try await WkndRun.run(
                ["list", "--limit", "1", "--host", good],
                environment: ["AEM_HOST": "127.0.0.1:1"], files: ["Config.xcconfig": file])
            #expect(fromOption.status == 0)
            let fromNamedFile = try await WkndRun.run(
                ["list", "--limit", "1", "--config", "mine.xcconfig"],
                files: ["mine.xcconfig": "AEM_SCHEME = http\nAEM_HOST = \(good) // local\n"])
            #expect(fromNamedFile.status == 0)
            #expect(fromNamedFile.stderr.isEmpty)
        }
    }

    @Test("the sample app's file syntax: comments, $(), spaces, quotes")
    func xcconfigFile() async throws {
        let file = """
            // WKND sample app configuration
            AEM_SCHEME=http // local
              AEM_HOST   =   "localhost:4502"
            AEM_AUTH_TYPE = token
            AEM_TOKEN = \(Self.token)
            AEM_USERNAME = a$()b
            """
        let run = try await WkndRun.run(["config"], files: ["Config.xcconfig": file])
        #expect(run.status == 0)
        #expect(run.stdout.contains("service: http://localhost:4502, authentication token"))
        #expect(run.stdout.range(of: "AEM_USERNAME +ab ", options: .regularExpression) != nil)
        #expect(!run.stdout.contains(Self.token) && !run.stderr.contains(Self.token))
    }

    @Test("missing credentials: configuration error, exit 78")
    func missingCredentials() async throws {
        let run = try await WkndRun.run(
            ["list"], environment: ["AEM_HOST": "localhost:4502", "AEM_AUTH_TYPE": "basic"])
        #expect(run.status == 78)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("AEM_USERNAME"))
    }

    @Test("secrets never appear in stdout or stderr, with --verbose, on success and on failure")
    func secretsNeverPrinted() async throws {
        let basic = EmulatorOptions(authentication: .basic(username: "admin", password: Self.password))
        try await withEmulator(basic) { emulator, environment in
            let secrets = [Self.password, Data("admin:\(Self.password)".utf8).base64EncodedString()]
            var runs: [WkndRun] = []
            runs.append(
                try await WkndRun.run(
                    ["list", "-v", "--auth", "basic", "--username", "admin", "--password-stdin"],
                    environment: environment, stdin: Self.password + "\n"))
            #expect(runs.last?.status == 0)
            runs.append(
                try await WkndRun.run(
                    ["show", "lofoten-winter-surf", "-v", "--json"],
                    environment: environment.merging([
                        "AEM_AUTH_TYPE": "basic", "AEM_USERNAME": "admin",
                        "AEM_PASSWORD": Self.password,
                    ]) { $1 }))
            #expect(runs.last?.status == 0)
            runs.append(
                try await WkndRun.run(
                    ["config", "-v"],
                    environment: environment.merging(
                        ["AEM_AUTH_TYPE": "basic", "AEM_USERNAME": "admin", "AEM_PASSWORD": Self.password]) { $1 }))
            emulator.faults.script(QueryPath.list, .persistedQueryValidationError(details: "echo \(Self.password)"))
            runs.append(
                try await WkndRun.run(
                    ["list", "-v"],
                    environment: environment.merging(
                        ["AEM_AUTH_TYPE": "basic", "AEM_USERNAME": "admin", "AEM_PASSWORD": Self.password]) { $1 }))
            #expect(runs.last?.status == 69)
            let wrong = try await WkndRun.run(
                ["list", "-v", "--auth", "token", "--token-file", "token.txt"],
                environment: environment, files: ["token.txt": Self.token + "\n"])
            #expect(wrong.status == 77)
            runs.append(wrong)
            for run in runs {
                for secret in secrets + [Self.token] {
                    #expect(!run.stdout.contains(secret))
                    #expect(!run.stderr.contains(secret))
                }
            }
        }
    }
}
