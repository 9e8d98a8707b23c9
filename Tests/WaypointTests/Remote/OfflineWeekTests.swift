import Foundation
import TestSupport
import Testing
import Waypoint
import WaypointTesting

/// A user who is offline for a week while revisions are published and rolled back.
@MainActor
@Suite struct OfflineWeekTests {
    @Test func aUserOnAPlaneKeepsTheLastKnownGoodDocumentAndCatchesUpOnLanding() async throws {
        let directory = RemoteFixtures.directory()
        let clock = FixedClock()
        let server = try ScriptedHTTPPeer([
            RemoteFixtures.ok(RemoteFixtures.revisionA, etag: "rev1"),  // revision 1 is published
            .init(304),                                                  // landing: revision 1 is published again (rollback)
            RemoteFixtures.ok(RemoteFixtures.revisionB, etag: "rev2"),  // revision 2 is published again
            RemoteFixtures.ok(RemoteFixtures.revisionA, etag: "rev1"),  // and rolled back to revision 1
        ])
        defer { server.stop() }
        let online = RemoteDocument.Configuration(server: server.url, key: "wps_test", directory: directory, requestTimeout: .seconds(30))
        var offline = online
        offline.server = try RemoteFixtures.deadServer()
        func launch(_ configuration: RemoteDocument.Configuration) throws -> RemoteDocument {
            RemoteDocument(configuration: configuration, bundled: try RemoteFixtures.bundled, clock: clock)
        }

        // 1. First launch, online: the bundled document runs at once; revision 1 is downloaded for the next launch.
        let first = try launch(online)
        #expect(first.current.source == .bundled)
        guard case .updated = await first.refresh() else { Issue.record("revision 1 was not downloaded"); return }
        #expect(RemoteFixtures.steps(first.current.document) == ["splash", "done"])

        // 2. Next launch, at the gate: revision 1 from disk, before any network.
        let second = try launch(offline)
        #expect(second.current.source == .lastKnownGood)
        #expect(second.current.hash == "rev1")

        // 3. A week in the air: every refresh fails, revision 1 stays, relaunches too; its age grows.
        for _ in 0..<7 {
            clock.advance(by: .seconds(86_400))
            #expect(await second.refresh().succeeded == false)
        }
        #expect(second.consecutiveFailures == 7)
        let inFlight = try launch(offline)
        #expect(inFlight.current.hash == "rev1")
        #expect(inFlight.age == .seconds(7 * 86_400))

        // 4. Landing: revision 2 was published and rolled back to 1 meanwhile; the app asks with rev1's ETag
        //    and is told nothing changed: the user never saw revision 2.
        let landed = try launch(online)
        #expect(await landed.refresh() == .notModified)
        #expect(server.requests[1].header("If-None-Match") == "\"rev1\"")
        #expect(landed.lastError == nil)

        // 5. Revision 2 is published again: downloaded, but the running launch keeps revision 1 ...
        guard case .updated = await landed.refresh() else { Issue.record("revision 2 was not downloaded"); return }
        #expect(landed.current.hash == "rev1")
        #expect(landed.latest.hash == "rev2")
        // ... and the next launch takes revision 2.
        #expect(try launch(offline).current.hash == "rev2")

        // 6. Rolled back to revision 1: downloaded again, taken by the launch after.
        let beforeRollback = try launch(online)
        guard case .updated = await beforeRollback.refresh() else { Issue.record("the rollback was not downloaded"); return }
        #expect(server.requests[3].header("If-None-Match") == "\"rev2\"")
        let afterRollback = try launch(offline)
        #expect(afterRollback.current.hash == "rev1")
        #expect(RemoteFixtures.steps(afterRollback.current.document) == ["splash", "welcome", "done"])
    }
}
