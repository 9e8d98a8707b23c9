import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WaypointServer

/// `POST …/publish` with the one publish rule, and uploads of bytes the app has already.
@Suite("Publishing through the API")
struct PublishRouteTests {
    static func publish(_ client: some TestClientProtocol, revision: Int, confirm: Bool? = nil) async throws -> TestResponse {
        let confirmation = confirm.map { #","confirm":\#($0)"# } ?? ""
        return try await client.send(
            "/v1/apps/fitness/environments/production/publish", .post, headers: TestServer.admin,
            json: #"{"revision":\#(revision)\#(confirmation)}"#)
    }

    /// The JSON `GET …/revisions/{n}/preview` answers.
    static func preview(_ client: some TestClientProtocol, revision: Int) async throws -> String {
        let response = try await client.send("/v1/apps/fitness/revisions/\(revision)/preview?environment=production", headers: TestServer.admin)
        #expect(response.status == .ok)
        return response.text
    }

    @Test func aPublishThatMovesUsersBackIs409WithThePreviewAndChangesNothingUntilConfirmed() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            let one = try TestServer.example("waypoint.json")
            _ = try await client.upload("fitness", one)
            let first = try await Self.publish(client, revision: 1)
            #expect(first.status == .ok)
            let firstObject = try first.object()
            #expect(firstObject["environment"] as? String == "production")
            #expect(firstObject["revision"] as? Int == 1)
            #expect(firstObject["previousRevision"] is NSNull)
            #expect((firstObject["preview"] as? [String: Any])?["needsConfirmation"] as? Bool == false)

            #expect(try await client.postEvents(key: app.production, lines: DashboardPagesTests.inFlightUsers).status == .ok)
            let two = try SeedData.withoutRegistration()
            #expect(try await client.upload("fitness", two).status == .created)
            let expectedPreview = try await Self.preview(client, revision: 2)

            #expect(expectedPreview.contains(#""movedBackUsers":2,"needsConfirmation":true"#))
            for confirm in [nil, false] as [Bool?] {
                let refused = try await Self.publish(client, revision: 2, confirm: confirm)
                #expect(refused.status == .conflict)
                #expect(try refused.errorCode() == "needs-confirmation")
                // The error envelope and the very preview GET …/preview answers.
                #expect(refused.text == #"{"error":{"code":"needs-confirmation","message":"Nothing was published: "#
                    + #"Publishing revision 2 to production changes steps users are on: 2 users in flight would be moved back. "#
                    + #"Send \"confirm\": true to publish anyway."},"preview":"# + expectedPreview + "}")
                // Nothing changed: the environment serves revision 1's bytes.
                let served = try await client.document(key: app.production)
                #expect(served.data == one)
                #expect(served.headers[HTTPField.Name("Waypoint-Revision")!] == "1")
            }

            let confirmed = try await Self.publish(client, revision: 2, confirm: true)
            #expect(confirmed.status == .ok)
            #expect(confirmed.text == #"{"environment":"production","preview":"# + expectedPreview + #","previousRevision":1,"revision":2}"#)
            #expect(try await client.document(key: app.production).data == two)
        }
    }

    @Test(arguments: [
        (#"{"revision":1,"confrim":true}"#, #""confrim" is not a field of a publish; send "revision" and, optionally, "confirm", such as {"revision":3,"confirm":false}."#),
        (#"{"revision":"1"}"#, #""revision" must be a revision number (1, 2, …), not "1"."#),
        (#"{"revision":0}"#, #""revision" must be a revision number (1, 2, …), not 0."#),
        (#"{"revision":true}"#, #""revision" must be a revision number (1, 2, …), not true."#),
        (#"{"revision":1,"confirm":"yes"}"#, #""confirm" must be true or false, not "yes"."#),
        (#"{"revision":1,"confirm":1}"#, #""confirm" must be true or false, not 1."#),
        (#"{"revision":1,"confirm":null}"#, #""confirm" must be true or false, not null."#),
        (#"{"confirm":true}"#, #""revision" is missing; name the revision to publish, such as {"revision":3,"confirm":false}."#),
        (#"[1]"#, #"The body must be a JSON object such as {"revision":3,"confirm":false}."#),
    ])
    func aBodyItDoesNotUnderstandIs400WithWhatToSend(body: String, message: String) async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            _ = try await client.upload("fitness", try TestServer.example("waypoint.json"))
            let response = try await client.send(
                "/v1/apps/fitness/environments/production/publish", .post, headers: TestServer.admin, json: body)
            #expect(response.status == .badRequest)
            #expect(try response.errorCode() == "bad-request")
            #expect((try response.object()["error"] as? [String: Any])?["message"] as? String == message)
            #expect(try await client.document(key: app.production).status == .notFound)
        }
    }

    @Test func bytesTheAppHasAlreadyAreThatRevision() async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            let one = try TestServer.example("waypoint.json")
            let two = try TestServer.example("every-feature.json")
            let created = try await client.upload("fitness", one)
            #expect(created.status == .created)
            #expect(try created.object()["existing"] as? Bool == false)
            #expect(try await client.upload("fitness", two).status == .created)

            let again = try await client.upload("fitness", one)
            #expect(again.status == .ok)
            let object = try again.object()
            #expect(object["revision"] as? Int == 1)
            #expect(object["existing"] as? Bool == true)
            #expect(object["sha256"] as? String == SecretHash.sha256Hex([UInt8](one)))
            #expect((object["diagnostics"] as? [Any])?.isEmpty == true)

            // One byte more is a new revision.
            let changed = try await client.upload("fitness", one + Data("\n".utf8))
            #expect(changed.status == .created)
            #expect(try changed.object()["revision"] as? Int == 3)
            let list = try await client.send("/v1/apps/fitness/revisions", headers: TestServer.admin)
            #expect((try list.object()["revisions"] as? [Any])?.count == 3)
        }
    }
}
