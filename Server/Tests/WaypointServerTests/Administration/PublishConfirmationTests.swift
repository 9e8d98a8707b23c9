import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WaypointTools
@testable import WaypointServer

/// The publish rule, and what a preview says about the revision to compare with and rolling back.
///
/// A publish that would move users in flight back or discard their progress needs confirmation.
@Suite("Publishing and its confirmation")
struct PublishConfirmationTests {
    @Test func aPublishThatMovesUsersBackIsRefusedUnlessConfirmed() async throws {
        let directory = TemporaryFiles.path("publish")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteStore(directory: directory)
        try await TestServer.run(store: store) { client in
            let app = try await client.createApp("fitness")
            _ = try await client.upload("fitness", try TestServer.example("waypoint.json"))
            let administration = AppAdministration(store)
            // Nobody is in flight yet: the first publish needs no confirmation.
            let first = try await administration.publish(appID: "fitness", environment: "production", revision: 1, confirmed: false, by: .testing)
            #expect(first.previousRevision == nil)
            #expect(!first.preview.needsConfirmation)

            #expect(try await client.postEvents(key: app.production, lines: DashboardPagesTests.inFlightUsers).status == .ok)
            _ = try await client.upload("fitness", try SeedData.withoutRegistration())
            let refusal = await #expect(throws: PublishNeedsConfirmation.self) {
                try await administration.publish(appID: "fitness", environment: "production", revision: 2, confirmed: false, by: .testing)
            }
            #expect(refusal?.preview.revision == 2)
            #expect(refusal?.preview.movedBackUsers == 2)
            #expect(refusal?.preview.discardedUsers == 0)
            #expect(try await store.revisions.publishedRevision(appID: "fitness", environment: "production")?.revision == 1)

            let confirmed = try await administration.publish(appID: "fitness", environment: "production", revision: 2, confirmed: true, by: .testing)
            #expect(confirmed.previousRevision == 1)
            #expect(confirmed.preview.needsConfirmation)
            #expect(try await store.revisions.publishedRevision(appID: "fitness", environment: "production")?.revision == 2)
            #expect(try await client.document(key: app.production).data == (try SeedData.withoutRegistration()))
        }
    }

    @Test func aRevisionThatDoesNotExistIsNotFoundBeforeAnyConfirmation() async throws {
        let directory = TemporaryFiles.path("publish")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteStore(directory: directory)
        try await TestServer.run(store: store) { client in
            _ = try await client.createApp("fitness")
            let administration = AppAdministration(store)
            let error = await #expect(throws: APIError.self) {
                try await administration.publish(appID: "fitness", environment: "production", revision: 7, confirmed: false, by: .testing)
            }
            #expect(error?.status == .notFound)
            let environment = await #expect(throws: APIError.self) {
                try await administration.publish(appID: "fitness", environment: "moon", revision: 1, confirmed: true, by: .testing)
            }
            #expect(environment?.status == .notFound)
        }
    }

    /// A revision, the one served and the one asked for; the one compared with, and the action's name.
    struct Comparison: Sendable, CustomTestStringConvertible {
        let revision: Int
        let published: Int?
        let asked: Int?
        let compared: Int?
        let action: String

        var testDescription: String { "revision \(revision), published \(published.map(String.init) ?? "none"), asked \(asked.map(String.init) ?? "none")" }
    }

    static let comparisons = [
        Comparison(revision: 1, published: nil, asked: nil, compared: nil, action: "Publish revision 1 to production"),
        Comparison(revision: 3, published: nil, asked: nil, compared: 2, action: "Publish revision 3 to production"),
        Comparison(revision: 3, published: 1, asked: nil, compared: 1, action: "Publish revision 3 to production"),
        Comparison(revision: 3, published: 3, asked: nil, compared: 2, action: "Publish revision 3 to production"),
        Comparison(revision: 2, published: 5, asked: nil, compared: 5, action: "Roll back production to revision 2"),
        Comparison(revision: 2, published: 5, asked: 1, compared: 1, action: "Roll back production to revision 2"),
        Comparison(revision: 1, published: 1, asked: nil, compared: nil, action: "Publish revision 1 to production"),
    ]

    @Test(arguments: comparisons)
    func thePreviewChoosesTheRevisionToCompareWithAndNamesThePublish(_ example: Comparison) {
        let preview = PublishPreview(
            revision: example.revision, environment: "production", publishedRevision: example.published, diagnostics: [], flows: [])
        #expect(preview.comparedRevision(asked: example.asked) == example.compared)
        #expect(preview.action == example.action)
        #expect(preview.isRollback == example.action.hasPrefix("Roll back"))
        #expect(!preview.needsConfirmation)
    }
}
