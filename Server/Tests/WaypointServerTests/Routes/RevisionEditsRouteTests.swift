import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import Waypoint
import WaypointTools
@testable import WaypointServer

/// `POST /v1/apps/{app}/revisions/{base}/edits`: edits of a revision, stored as an upload of the
/// result would be (docs/ARCHITECTURE.md, "Editing documents").
@Suite("Editing a revision")
struct RevisionEditsRouteTests {
    static let spanish = #"{"op": "set-text", "flow": "upgrade", "step": "paywall", "field": "headline", "locale": "es", "text": "Hazte premium"}"#
    static let stop = #"{"op": "stop-experiment", "key": "paywall-copy"}"#

    static func edits(_ edits: String...) -> String { #"{"edits": ["# + edits.joined(separator: ", ") + "]}" }

    static func edit(_ client: some TestClientProtocol, base: Int, _ body: String, headers: HTTPFields = TestServer.admin) async throws -> TestResponse {
        try await client.send("/v1/apps/fitness/revisions/\(base)/edits", .post, headers: headers, json: body)
    }

    /// What `waypoint edit` makes of the same base and edits: the same code, run here.
    static func local(_ base: Data, _ body: String) throws -> DocumentEditResult {
        try DocumentEdits.apply(Data(body.utf8), to: try WaypointDocument(validating: base))
    }

    @Test func editsMakeTheRevisionTheCLIMakesAndItIsServedOncePublished() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            let base = try TestServer.example("waypoint.json")
            _ = try await client.upload("fitness", base)
            let body = Self.edits(Self.spanish, Self.stop)

            let response = try await Self.edit(client, base: 1, body)
            #expect(response.status == .created, "\(response.text)")
            let object = try response.object()
            let expected = try Self.local(base, body)
            #expect(object["revision"] as? Int == 2)
            #expect(object["edits"] as? Int == 2)
            #expect(object["existing"] as? Bool == false)
            #expect(object["sha256"] as? String == SecretHash.sha256Hex(Array(expected.text.utf8)))
            #expect((object["diagnostics"] as? [Any])?.count == expected.diagnostics.count)

            #expect(try await client.publish("fitness", revision: 2).status == .ok)
            let served = try await client.document(key: app.production)
            #expect(served.status == .ok)
            #expect(served.data == Data(expected.text.utf8))
            #expect(String(decoding: served.data, as: UTF8.self).contains("Hazte premium"))
        }
    }

    @Test func theSameEditsAgainAreTheExistingRevision() async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            _ = try await client.upload("fitness", try TestServer.example("waypoint.json"))
            let body = Self.edits(Self.spanish)
            #expect(try await Self.edit(client, base: 1, body).status == .created)
            // Again from revision 1, and from revision 2 (whose headline is already Spanish): revision 2.
            for base in [1, 2] {
                let again = try await Self.edit(client, base: base, body)
                #expect(again.status == .ok, "\(again.text)")
                #expect(try again.object()["revision"] as? Int == 2)
                #expect(try again.object()["existing"] as? Bool == true)
                #expect(try again.object()["edits"] as? Int == 1)
            }
            let list = try await client.send("/v1/apps/fitness/revisions", headers: TestServer.admin)
            #expect((try list.object()["revisions"] as? [Any])?.count == 2)
        }
    }

    @Test func anEditedDocumentWithALintErrorIsRefusedAndNothingIsStored() async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            _ = try await client.upload("fitness", try TestServer.example("waypoint.json"))
            let before = try await client.auditLog().entries.count
            let dangling = #"{"op": "set-step", "flow": "upgrade", "step": "paywall", "set": {"on": {"subscribe": "nowhere", "notNow": "$complete"}}}"#
            let response = try await Self.edit(client, base: 1, Self.edits(Self.spanish, dangling))
            #expect(response.status == .unprocessableContent, "\(response.text)")
            #expect(try response.errorCode() == "invalid-document")
            let diagnostics = try #require(try response.object()["diagnostics"] as? [[String: Any]])
            #expect(diagnostics.contains { $0["code"] as? String == "unknown-target" }, "\(diagnostics)")
            let list = try await client.send("/v1/apps/fitness/revisions", headers: TestServer.admin)
            #expect((try list.object()["revisions"] as? [Any])?.count == 1)
            #expect(try await client.auditLog().entries.count == before)
        }
    }

    @Test func aBadEditIsNamedWithADidYouMeanAndNothingIsStored() async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            _ = try await client.upload("fitness", try TestServer.example("waypoint.json"))
            let typo = #"{"op": "stop-experiment", "key": "papwall-copy"}"#
            let response = try await Self.edit(client, base: 1, Self.edits(Self.spanish, typo))
            #expect(response.status == .badRequest)
            #expect(try response.errorCode() == "bad-edit")
            #expect((try response.object()["error"] as? [String: Any])?["edit"] as? Int == 1)
            let message = try response.errorMessage()
            #expect(message.hasPrefix("Edit 1 (`stop-experiment`): the document has no experiment `papwall-copy`; did you mean `paywall-copy`?"), "\(message)")

            // Not a list of edits: 400 without an index.
            let notAList = try await Self.edit(client, base: 1, #"{"edit": []}"#)
            #expect(notAList.status == .badRequest)
            #expect((try notAList.object()["error"] as? [String: Any])?["edit"] == nil)
            #expect(try notAList.errorCode() == "bad-edit")
            #expect(try notAList.errorMessage().contains("did you mean `edits`?"))

            let list = try await client.send("/v1/apps/fitness/revisions", headers: TestServer.admin)
            #expect((try list.object()["revisions"] as? [Any])?.count == 1)
        }
    }

    @Test func anUnknownBaseOrAppIsNotFound() async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            _ = try await client.upload("fitness", try TestServer.example("waypoint.json"))
            let missing = try await Self.edit(client, base: 7, Self.edits(Self.spanish))
            #expect(missing.status == .notFound)
            #expect(try missing.errorMessage().contains("no revision 7"))
            let noApp = try await client.send("/v1/apps/yoga/revisions/1/edits", .post, headers: TestServer.admin, json: Self.edits(Self.spanish))
            #expect(noApp.status == .notFound)
            #expect(try await Self.edit(client, base: 0, Self.edits(Self.spanish)).status == .badRequest)
        }
    }

    @Test func anEditorEditsAndAViewerIsRefused() async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            _ = try await client.upload("fitness", try TestServer.example("waypoint.json"))
            var tokens: [Role: String] = [:]
            for role in [Role.viewer, .editor] {
                let email = "\(role.rawValue)@example.com"
                try await PeopleFixture.createAccount(client, email: email, role: role)
                tokens[role] = try await PeopleFixture.token(client, email: email, role: role).token
            }
            let viewer = try await Self.edit(client, base: 1, Self.edits(Self.spanish), headers: PeopleFixture.bearer(try #require(tokens[.viewer])))
            #expect(viewer.status == .forbidden)
            #expect(try await client.auditLog("?action=revision-uploaded").entries.count == 1)
            let editor = try await Self.edit(client, base: 1, Self.edits(Self.spanish), headers: PeopleFixture.bearer(try #require(tokens[.editor])))
            #expect(editor.status == .created, "\(editor.text)")
            let entry = try #require(try await client.auditLog("?action=revision-uploaded").entries.first)
            #expect((entry["actor"] as? [String: String])?["name"]?.contains("editor@example.com") == true, "\(entry)")
        }
    }

    @Test func theRevisionListAndTheAuditLogSayWhatChangedInWords() async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            _ = try await client.upload("fitness", try TestServer.example("waypoint.json"))
            #expect(try await Self.edit(client, base: 1, Self.edits(Self.spanish, Self.stop)).status == .created)
            let words = [#"paywall · headline (es): "Hazte premium""#, "paywall-copy: stopped, everyone gets the control"]

            let list = try await client.send("/v1/apps/fitness/revisions", headers: TestServer.admin)
            let revisions = try #require(try list.object()["revisions"] as? [[String: Any]])
            #expect(revisions.count == 2)
            // An uploaded revision has neither.
            #expect(revisions[0]["base"] == nil && revisions[0]["edits"] == nil)
            #expect(revisions[1]["base"] as? Int == 1)
            #expect(revisions[1]["edits"] as? [String] == words)

            let entry = try #require(try await client.auditLog("?action=revision-uploaded").entries.first)
            #expect(entry["target"] as? String == "2")
            let details = try #require(entry["details"] as? [String: Any])
            #expect(details["revision"] as? Int == 2)
            #expect(details["base"] as? Int == 1)
            #expect(details["edits"] as? [String] == words)
            #expect(details["existing"] as? Bool == false)
        }
    }
}
