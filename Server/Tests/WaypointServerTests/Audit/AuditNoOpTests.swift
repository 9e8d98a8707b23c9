import Foundation
import HTTPTypes
import Logging
import Testing
import Waypoint
@testable import WaypointServer

/// A change that changes nothing leaves no entry, in every store: the request still succeeds.
@Suite("Audit log of changes that change nothing")
struct AuditNoOpTests {
    /// Publishing the revision served already, revoking a key that had ended, erasing a user with no
    /// events and giving an account the role it has: each answers as before and records nothing;
    /// the real change next to each is recorded.
    @Test(arguments: StoreKind.available)
    func aChangeThatChangesNothingLeavesNoEntry(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let clock = LockedBox(Date(timeIntervalSince1970: 1_800_000_000))
            var administration = AppAdministration(store)
            administration.now = { clock.get() }
            let created = try await administration.createApp(id: "fitness", name: "Fitness", by: .testing)
            _ = try await administration.addRevision(appID: "fitness", body: try TestServer.example("waypoint.json"), by: .testing)

            let first = try await administration.publish(appID: "fitness", environment: "production", revision: 1, confirmed: false, by: .testing)
            #expect(first.previousRevision == nil)
            let again = try await administration.publish(appID: "fitness", environment: "production", revision: 1, confirmed: false, by: .testing)
            #expect(again.previousRevision == 1)
            #expect(try await store.revisions.publishedRevision(appID: "fitness", environment: "production")?.revision == 1)

            _ = try await administration.rotateKey(appID: "fitness", environment: "production", graceHours: 2, by: .testing)
            let oldPrefix = SDKKey.prefix(of: try #require(created.keys.first { $0.environment == "production" }).key)
            let revoked = try await administration.revokeKey(appID: "fitness", environment: "production", prefix: oldPrefix, by: .testing)
            #expect(revoked.expiresAt == clock.get())
            clock.set(clock.get().addingTimeInterval(60))
            let revokedAgain = try await administration.revokeKey(appID: "fitness", environment: "production", prefix: oldPrefix, by: .testing)
            #expect(revokedAgain.expiresAt == revoked.expiresAt)

            let erasure = UserErasure(apps: store.apps, events: store, audit: store.audit, now: { clock.get() })
            #expect(try await erasure.erase(appID: "fitness", userID: "nobody", by: .testing, logger: Logger(label: "test")) == 0)

            let people = try PeopleStoreTests.people(store)
            let ada = try await people.createAccount(email: "ada@example.com", name: "Ada", role: .owner, password: "correct horse battery", by: .testing)
            let grace = try await people.createAccount(
                email: "grace@example.com", name: "Grace", role: .viewer, password: "another long password", by: .testing)
            #expect(try await people.changeRole(id: grace.id, to: .viewer, by: .testing).role == .viewer)
            // The only owner staying owner is no demotion: answered, not refused, and not recorded.
            #expect(try await people.changeRole(id: ada.id, to: .owner, by: .testing).role == .owner)
            #expect(try await people.changeRole(id: grace.id, to: .editor, by: .testing).role == .editor)
            let demotion = await #expect(throws: APIError.self) { _ = try await people.changeRole(id: ada.id, to: .viewer, by: .testing) }
            #expect(demotion?.status == .conflict)

            let entries = try await store.audit.auditEntries(AuditQuery(limit: 200)).entries.reversed()
            #expect(entries.map(\.action) == [
                .appCreated, .revisionUploaded, .revisionPublished, .keyRotated, .keyRevoked, .accountCreated, .accountCreated,
                .accountRoleChanged,
            ])
            #expect(entries.last?.details["previousRole"] == "viewer")
            #expect(entries.last?.details["role"] == "editor")
        }
    }
}
