import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import Waypoint
import WaypointTools
@testable import WaypointServer

@Suite("Revisions and publishing")
struct RevisionRouteTests {
    @Test func aValidDocumentBecomesRevisionOneThenTwo() async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            let document = try TestServer.example("waypoint.json")
            let first = try await client.upload("fitness", document)
            #expect(first.status == .created)
            let object = try first.object()
            #expect(object["revision"] as? Int == 1)
            #expect(object["sha256"] as? String == SecretHash.sha256Hex([UInt8](document)))
            #expect((object["diagnostics"] as? [Any])?.isEmpty == true)
            let second = try await client.upload("fitness", try TestServer.example("every-feature.json"))
            #expect(try second.object()["revision"] as? Int == 2)

            let list = try await client.send("/v1/apps/fitness/revisions", headers: TestServer.admin)
            #expect(list.status == .ok)
            let revisions = try #require(try list.object()["revisions"] as? [[String: Any]])
            #expect(revisions.map { $0["revision"] as? Int } == [1, 2])
            #expect(revisions.allSatisfy { ($0["publishedTo"] as? [String]) == [] })
            #expect((revisions[0]["createdAt"] as? String)?.hasSuffix("Z") == true)
        }
    }

    /// The 422 carries exactly the diagnostics `waypoint lint --format json` prints for the file
    /// (the CLI's snapshot, whose extra `file` key names the file on the command line).
    @Test func aDocumentWithGraphErrorsGetsTheCLIsDiagnostics() async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            let response = try await client.upload("fitness", try TestServer.cliFixture("Fixtures/bad-graph.json"))
            #expect(response.status == .unprocessableContent)
            let object = try response.object()
            #expect((object["error"] as? [String: Any])?["code"] as? String == "invalid-document")
            let diagnostics = try #require(object["diagnostics"] as? [[String: AnyHashable]])
            let cli = try #require(try JSONSerialization.jsonObject(with: TestServer.cliFixture("Snapshots/lint-bad-graph.json")) as? [[String: AnyHashable]])
            #expect(diagnostics == cli.map { $0.filter { $0.key != "file" } })
            #expect(diagnostics.first?["code"] as? String == "unknown-target")
            #expect(diagnostics.first?["line"] as? Int == 7)
            #expect(diagnostics.first?["column"] as? Int == 59)
        }
    }

    /// The documents `waypoint validate` is tested on (Tests/WaypointCLITests/Fixtures/checks), each
    /// named by what the upload does with it: `refused-…` is a 422 and `accepted-…` a revision, so
    /// validate fails exactly on the documents the server refuses.
    static let checkedDocuments: [String] = {
        let folder = TestServer.repositoryRoot.appendingPathComponent("Tests/WaypointCLITests/Fixtures/checks").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }()

    @Test func theCheckedDocumentsAreThere() {
        #expect(Self.checkedDocuments.contains("refused-skip-to-unknown-step.json"))
        #expect(Self.checkedDocuments.contains("refused-weights-add-up-to-1.1.json"))
        #expect(Self.checkedDocuments.filter { $0.hasPrefix("accepted-") }.count >= 3)
    }

    @Test(arguments: checkedDocuments)
    func theUploadRefusesExactlyWhatValidateFails(name: String) async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            let document = try TestServer.cliFixture("Fixtures/checks/" + name)
            let response = try await client.upload("fitness", document)
            if name.hasPrefix("refused-") {
                #expect(response.status == .unprocessableContent, "\(name)")
                let diagnostics = try #require(try response.object()["diagnostics"] as? [[String: Any]])
                let errors = diagnostics.filter { $0["severity"] as? String == "error" }.compactMap { $0["code"] as? String }
                #expect(errors == DocumentCheck.diagnostics(of: document).filter(\.isError).map(\.code.rawValue))
                #expect(!errors.isEmpty)
            } else {
                #expect(response.status == .created, "\(name): \(response.text)")
            }
        }
    }

    @Test func aDocumentWithFormatErrorsGetsTheCLIsDiagnostics() async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            let response = try await client.upload("fitness", try TestServer.cliFixture("Fixtures/bad-format.json"))
            #expect(response.status == .unprocessableContent)
            let diagnostics = try #require(try response.object()["diagnostics"] as? [[String: AnyHashable]])
            let cli = try #require(try JSONSerialization.jsonObject(with: TestServer.cliFixture("Snapshots/validate-bad-format.json")) as? [[String: AnyHashable]])
            // validate lists format problems; the upload also lints, which adds nothing for a document that cannot be read.
            #expect(diagnostics == cli.map { $0.filter { $0.key != "file" } })
        }
    }

    @Test(arguments: ["not json at all", "{\"schemaVersion\": 1, \"flows\": [", "\u{FEFF}", ""])
    func textThatIsNotADocumentIsRefusedWithItsLocation(text: String) async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            let response = try await client.upload("fitness", Data(text.utf8))
            #expect(response.status == .unprocessableContent)
            let diagnostics = try #require(try response.object()["diagnostics"] as? [[String: Any]])
            let expected = WaypointDocument.validate(Data(text.utf8)).allDiagnostics
            #expect(diagnostics.count == expected.count && !expected.isEmpty)
            #expect(diagnostics.first?["line"] as? Int == expected.first?.line)
            #expect(diagnostics.first?["column"] as? Int == expected.first?.column)
        }
    }

    @Test func publishingAndRollingBack() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            let one = try TestServer.example("waypoint.json")
            let two = try TestServer.example("every-feature.json")
            _ = try await client.upload("fitness", one)
            _ = try await client.upload("fitness", two)

            let first = try await client.publish("fitness", revision: 1)
            #expect(first.status == .ok)
            #expect(first.text.hasPrefix(#"{"environment":"production","preview":{"#))
            #expect(first.text.hasSuffix(#""previousRevision":null,"revision":1}"#))
            let second = try await client.publish("fitness", revision: 2)
            #expect(second.text.hasSuffix(#""previousRevision":1,"revision":2}"#))
            #expect(try await client.document(key: app.production).data == two)
            let rollback = try await client.publish("fitness", revision: 1)
            #expect(try rollback.object()["previousRevision"] as? Int == 2)
            #expect(try await client.document(key: app.production).data == one)
            // Staging is its own environment.
            #expect(try await client.document(key: app.staging).status == .notFound)
            _ = try await client.publish("fitness", revision: 2, to: "staging")
            #expect(try await client.document(key: app.staging).data == two)

            let list = try await client.send("/v1/apps/fitness/revisions", headers: TestServer.admin)
            let revisions = try #require(try list.object()["revisions"] as? [[String: Any]])
            #expect(revisions.map { $0["publishedTo"] as? [String] } == [["production"], ["staging"]])
        }
    }

    @Test func anUploadLintRefusesLeavesThePublishedRevisionUntouched() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            let good = try TestServer.example("waypoint.json")
            _ = try await client.upload("fitness", good)
            _ = try await client.publish("fitness", revision: 1)
            let refused = try await client.upload("fitness", try TestServer.cliFixture("Fixtures/bad-graph.json"))
            #expect(refused.status == .unprocessableContent)
            // No revision 2 exists, so it cannot be published either.
            #expect(try await client.publish("fitness", revision: 2).status == .notFound)
            let served = try await client.document(key: app.production)
            #expect(served.status == .ok)
            #expect(served.data == good)
            let list = try await client.send("/v1/apps/fitness/revisions", headers: TestServer.admin)
            #expect((try list.object()["revisions"] as? [Any])?.count == 1)
        }
    }

    /// A revision stored before today's checks (written straight into the store here) is checked
    /// again at publish time: refused with 422 and the diagnostics, and what is served does not change.
    @Test func aPublishLintRefusesLeavesThePublishedRevisionUntouched() async throws {
        try await TemporaryFiles.with { directory in
            let store = try SQLiteStore(directory: directory)
            try await TestServer.run(store: store) { client in
                let app = try await client.createApp("fitness")
                let good = try TestServer.example("waypoint.json")
                _ = try await client.upload("fitness", good)
                #expect(try await client.publish("fitness", revision: 1).status == .ok)
                let bad = [UInt8](try TestServer.cliFixture("Fixtures/bad-graph.json"))
                let number = try await store.revisions.addRevision(appID: "fitness", body: bad, sha256: SecretHash.sha256Hex(bad), createdAt: Date())
                #expect(number == AddedRevision(revision: 2, existing: false))
                let refused = try await client.publish("fitness", revision: 2)
                #expect(refused.status == .unprocessableContent)
                let diagnostics = try #require(try refused.object()["diagnostics"] as? [[String: Any]])
                #expect(diagnostics.map { $0["code"] as? String }.contains("unknown-target"))
                #expect(try await client.document(key: app.production).data == good)
                #expect(try await store.revisions.publishedRevision(appID: "fitness", environment: "production")?.revision == 1)
            }
        }
    }

    @Test func publishErrors() async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            _ = try await client.upload("fitness", try TestServer.example("waypoint.json"))
            #expect(try await client.publish("fitness", revision: 9).status == .notFound)
            #expect(try await client.publish("fitness", revision: 1, to: "qa").status == .notFound)
            #expect(try await client.publish("nope", revision: 1).status == .notFound)
            let badBody = try await client.send("/v1/apps/fitness/environments/production/publish", .post, headers: TestServer.admin, json: "{\"revision\":\"1\"}")
            #expect(badBody.status == .badRequest)
            let noToken = try await client.send("/v1/apps/fitness/environments/production/publish", .post, json: "{\"revision\":1}")
            #expect(noToken.status == .unauthorized)
        }
    }

    @Test func revisionRoutesNeedAnExistingAppAndTheAdminToken() async throws {
        try await TestServer.run { client in
            let document = try TestServer.example("waypoint.json")
            #expect(try await client.upload("missing", document).status == .notFound)
            for path in ["%2E%2E%2Fetc", "x'%20OR%20'1'='1", "%22quoted%22"] {
                let response = try await client.send("/v1/apps/\(path)/revisions", headers: TestServer.admin)
                #expect(response.status == .notFound, "\(path)")
            }
            _ = try await client.createApp("fitness")
            #expect(try await client.send("/v1/apps/fitness/revisions", .post, body: document).status == .unauthorized)
            #expect(try await client.send("/v1/apps/fitness/revisions").status == .unauthorized)
        }
    }

    @Test func aDocumentOverTheLimitIs413() async throws {
        try await TestServer.run(limits: Limits(maxDocumentBytes: 1024)) { client in
            _ = try await client.createApp("fitness")
            let response = try await client.upload("fitness", Data(repeating: 0x20, count: 2048))
            #expect(response.status == .contentTooLarge)
            #expect(try response.errorCode() == "too-large")
        }
    }
}
