import Foundation
import Testing
@testable import WaypointServer

extension RevisionRepositoryContract {
    /// A revision made by edits records its base and the edits' JSON, which the list answers; an
    /// uploaded one records neither, and bytes the app has already are that revision, unchanged.
    @Test(arguments: StoreKind.available)
    func aRevisionMadeByEditsRecordsItsBaseAndEdits(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await StoreContractTests.makeApp(store, "fitness")
            let edits = #"{"edits": [{"op": "stop-experiment", "key": "paywall-copy"}], "note": "ü"}"#
            #expect(try await store.revisions.addRevision(appID: "fitness", body: [1], sha256: "h1", createdAt: Date()) == AddedRevision(revision: 1, existing: false))
            let made = RevisionEdits(base: 1, json: edits)
            #expect(
                try await store.revisions.addRevision(appID: "fitness", body: [2], sha256: "h2", createdAt: Date(), edits: made, audit: nil)
                    == AddedRevision(revision: 2, existing: false))
            // The same bytes again, by other edits: revision 2 as it was recorded.
            #expect(
                try await store.revisions.addRevision(
                    appID: "fitness", body: [2], sha256: "h2", createdAt: Date(), edits: RevisionEdits(base: 2, json: "{}"), audit: nil)
                    == AddedRevision(revision: 2, existing: true))
            // Edits whose result is an uploaded revision's bytes: that revision, which records no edits.
            #expect(
                try await store.revisions.addRevision(appID: "fitness", body: [1], sha256: "h1", createdAt: Date(), edits: made, audit: nil)
                    == AddedRevision(revision: 1, existing: true))

            let list = try await store.revisions.revisions(appID: "fitness")
            #expect(list.map(\.revision) == [1, 2])
            #expect(list.map(\.base) == [nil, 1])
            #expect(list.map(\.edits) == [nil, edits])
            #expect(try await store.revisions.revision(appID: "fitness", number: 2)?.body == [2])
        }
    }
}
