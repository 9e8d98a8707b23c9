import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import Waypoint
import WaypointTools
@testable import WaypointServer

/// The audit log through the API: an entry for every action, with who, when, from where and what,
/// and `GET /v1/audit`'s filters, pages and refusals.
@Suite("Audit log through the API")
struct AuditRouteTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    /// Every action of the API, each a minute after the one before, and the entries they leave.
    @Test func everyActionOfTheAPIIsRecordedWithWhoWhenWhereAndWhat() async throws {
        let clock = LockedBox(Self.start)
        @Sendable func tick() { clock.set(clock.get().addingTimeInterval(60)) }
        try await TestServer.run(now: { clock.get() }, .live) { client in
            let app = try await client.createApp("fitness", name: "Fitness")
            tick()
            let one = try TestServer.example("waypoint.json")
            #expect(try await client.upload("fitness", one).status == .created)
            tick()
            #expect(try await client.upload("fitness", one).status == .ok)
            tick()
            #expect(try await PublishRouteTests.publish(client, revision: 1).status == .ok)
            #expect(try await client.postEvents(key: app.production, lines: DashboardPagesTests.inFlightUsers).status == .ok)
            tick()
            #expect(try await client.upload("fitness", try SeedData.withoutRegistration()).status == .created)
            // Refused for want of confirmation: nothing changes, nothing is recorded.
            #expect(try await PublishRouteTests.publish(client, revision: 2).status == .conflict)
            let preview = try await PublishRouteTests.preview(client, revision: 2)
            tick()
            #expect(try await PublishRouteTests.publish(client, revision: 2, confirm: true).status == .ok)
            tick()
            #expect(try await PublishRouteTests.publish(client, revision: 1).status == .ok)
            tick()
            let rotated = try await KeysRouteTests.rotate(client, json: #"{"graceHours":2}"#)
            #expect(rotated.status == .created)
            let newPrefix = try #require(try rotated.object()["keyPrefix"] as? String)
            let oldPrefix = String(app.production.prefix(12))
            tick()
            let revoked = try await client.send("/v1/apps/fitness/environments/production/keys/\(oldPrefix)", .delete, headers: TestServer.admin)
            #expect(revoked.status == .ok, "\(revoked.text)")
            tick()
            let erased = try await client.send("/v1/apps/fitness/users/on-login", .delete, headers: TestServer.admin)
            let deletedEvents = try #require(try erased.object()["deletedEvents"] as? Int)
            #expect(deletedEvents > 0)

            let log = try await client.auditLog()
            #expect(log.next == nil)
            #expect(log.entries.map { $0["action"] as? String } == [
                "user-erased", "key-revoked", "key-rotated", "revision-rolled-back", "revision-published", "revision-uploaded",
                "revision-published", "revision-uploaded", "revision-uploaded", "app-created",
            ])
            #expect(log.entries.map { $0["id"] as? Int } == Array((1...10).reversed()))
            for (index, entry) in log.entries.enumerated() {
                #expect(entry["actor"] as? [String: String] == ["kind": "admin-token", "id": "admin", "name": "Admin token"])
                #expect(entry["address"] as? String == "127.0.0.1")
                #expect(entry["app"] as? String == "fitness")
                // The server's clock: one minute per action, newest first.
                #expect(entry["at"] as? String == Timestamp.iso8601(Self.start.addingTimeInterval(Double(9 - index) * 60)), "\(entry)")
            }
            func entry(_ index: Int) -> (target: String?, environment: String?, details: [String: Any]) {
                let entry = log.entries[9 - index]
                return (entry["target"] as? String, entry["environment"] as? String, entry["details"] as? [String: Any] ?? [:])
            }
            let created = entry(0)
            #expect(created.target == "fitness" && created.environment == nil)
            #expect(created.details["name"] as? String == "Fitness")
            #expect((created.details["environments"] as? [[String: String]])?.map { $0["keyPrefix"] } == [oldPrefix, String(app.staging.prefix(12))])
            let sha = SecretHash.sha256Hex([UInt8](one))
            #expect(entry(1).target == "1")
            #expect(entry(1).details as NSDictionary == ["revision": 1, "sha256": sha, "existing": false])
            #expect(entry(2).details as NSDictionary == ["revision": 1, "sha256": sha, "existing": true])
            #expect(entry(3).environment == "production")
            #expect(entry(3).details["previousRevision"] is NSNull)
            #expect(entry(3).details["confirmationNeeded"] as? Bool == false)

            // The publish that needed confirmation holds the very preview its publisher confirmed.
            let confirmed = entry(5)
            #expect(confirmed.target == "2" && confirmed.environment == "production")
            #expect(confirmed.details["revision"] as? Int == 2)
            #expect(confirmed.details["previousRevision"] as? Int == 1)
            #expect(confirmed.details["confirmationNeeded"] as? Bool == true)
            #expect(confirmed.details["confirmed"] as? Bool == true)
            let recorded = try JSONSerialization.data(withJSONObject: try #require(confirmed.details["preview"]), options: [.sortedKeys])
            let expected = try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: Data(preview.utf8)), options: [.sortedKeys])
            #expect(recorded == expected, "\(String(decoding: recorded, as: UTF8.self))")
            #expect(preview.contains(#""movedBackUsers":2"#))

            let rollback = entry(6)
            #expect(rollback.target == "1")
            #expect(rollback.details["previousRevision"] as? Int == 2)
            #expect((rollback.details["preview"] as? [String: Any])?["revision"] as? Int == 1)

            let rotation = entry(7)
            #expect(rotation.target == newPrefix && rotation.environment == "production")
            #expect(rotation.details["graceHours"] as? Int == 2)
            #expect(rotation.details["previousKeys"] as? [[String: String]] == [
                ["keyPrefix": oldPrefix, "expiresAt": Timestamp.iso8601(Self.start.addingTimeInterval(7 * 60 + 7200))],
            ])
            #expect(entry(8).target == oldPrefix)
            #expect(entry(8).details as NSDictionary == ["keyPrefix": oldPrefix, "endedAt": Timestamp.iso8601(Self.start.addingTimeInterval(8 * 60))])
            #expect(entry(9).target == "on-login" && entry(9).environment == nil)
            #expect(entry(9).details as NSDictionary == ["userId": "on-login", "deletedEvents": deletedEvents])
        }
    }

    /// Behind a trusted proxy, the address is the client's from `X-Forwarded-For`, as the rate limits take it.
    @Test func theAddressFollowsTheTrustedProxyRule() async throws {
        try await TestServer.run(.live, configure: { $0.trustedProxies = [try TrustedProxy("127.0.0.1")] }) { client in
            var headers = TestServer.admin
            headers[ClientAddress.forwardedFor] = "198.51.100.7, 203.0.113.9"
            let response = try await client.send("/v1/apps", .post, headers: headers, json: #"{"id":"fitness","name":"Fitness"}"#)
            #expect(response.status == .created)
            #expect(try await client.auditLog().entries.first?["address"] as? String == "203.0.113.9")
        }
    }

    /// Actions that fail record nothing: the entry is written in the action's own transaction.
    @Test func anActionThatFailsLeavesNoEntry() async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            #expect(try await client.send("/v1/apps", .post, headers: TestServer.admin, json: #"{"id":"fitness","name":"Again"}"#).status == .conflict)
            #expect(try await client.upload("fitness", Data("{".utf8)).status == .unprocessableContent)
            #expect(try await client.publish("fitness", revision: 9).status == .notFound)
            let current = String(try await KeysRouteTests.keys(client).first?["keyPrefix"] as? String ?? "")
            #expect(try await client.send("/v1/apps/fitness/environments/production/keys/\(current)", .delete, headers: TestServer.admin).status == .conflict)
            #expect(try await client.send("/v1/apps/nope/users/u1", .delete, headers: TestServer.admin).status == .notFound)
            // Erasing a user who has no events erases nothing, and so records nothing.
            let nothing = try await client.send("/v1/apps/fitness/users/never-seen", .delete, headers: TestServer.admin)
            #expect(nothing.status == .ok && nothing.text.contains(#""deletedEvents":0"#), "\(nothing.text)")
            #expect(try await client.auditLog().entries.map { $0["action"] as? String } == ["app-created"])
        }
    }

    @Test func filtersCombineAndPagesFollowTheCursor() async throws {
        let clock = LockedBox(Self.start)
        try await TestServer.run(now: { clock.get() }) { client in
            for (index, id) in ["a1", "b2", "c3", "d4", "e5"].enumerated() {
                clock.set(Self.start.addingTimeInterval(Double(index) * 86_400))
                _ = try await client.createApp(id)
                #expect(try await client.upload(id, Data(#"{"schemaVersion":1,"flows":[{"id":"f","steps":[{"id":"s"}]}]}"#.utf8)).status == .created)
            }
            #expect(try await client.auditLog("?app=c3").entries.map { $0["action"] as? String } == ["revision-uploaded", "app-created"])
            #expect(try await client.auditLog("?action=app-created").entries.map { $0["app"] as? String } == ["e5", "d4", "c3", "b2", "a1"])
            #expect(try await client.auditLog("?action=app-created&app=b2").entries.count == 1)
            #expect(try await client.auditLog("?actor=admin").entries.count == 10)
            #expect(try await client.auditLog("?actor=retention").entries.isEmpty)
            let day = { (offset: Int) in SeedData.day(Self.start.addingTimeInterval(Double(offset) * 86_400)) }
            let range = try await client.auditLog("?since=\(day(1))&until=\(day(3))&action=app-created")
            #expect(range.entries.map { $0["app"] as? String } == ["c3", "b2"])

            // Pages of three, newest first, each after the last entry of the one before.
            var seen: [Int] = []
            var after: Int?
            for _ in 0..<5 {
                let page = try await client.auditLog("?limit=3" + (after.map { "&after=\($0)" } ?? ""))
                seen += page.entries.compactMap { $0["id"] as? Int }
                after = page.next
                if after == nil { break }
            }
            #expect(seen == Array((1...10).reversed()))
            let filtered = try await client.auditLog("?action=revision-uploaded&limit=2")
            #expect(filtered.entries.map { $0["app"] as? String } == ["e5", "d4"])
            #expect(try await client.auditLog("?action=revision-uploaded&limit=2&after=\(try #require(filtered.next))").entries
                .map { $0["app"] as? String } == ["c3", "b2"])
        }
    }

    @Test(arguments: [
        ("?action=key-rotate", "action=key-rotate is not an action the audit log records. Did you mean key-rotated? Use one of app-created, "
            + "revision-uploaded, revision-published, revision-rolled-back, key-rotated, key-revoked, user-erased, events-expired, "
            + "account-created, account-role-changed, account-password-reset, account-password-changed, account-signed-out, "
            + "account-removed, token-created, token-revoked and admin-token-retired."),
        ("?acton=key-rotated", "acton is not a parameter of the audit log. Did you mean action? It takes app, action, actor, since, until, limit and after."),
        ("?app=no%20such", #""app" must be 1 to 64 letters, digits, `.`, `_` or `-` (such as "fitness"), not "no such"."#),
        ("?limit=0", "limit=0 is not a number of entries from 1 to 200; leave it out for 50."),
        ("?limit=500", "limit=500 is not a number of entries from 1 to 200; leave it out for 50."),
        ("?after=x", #"after=x is not an entry's id; pass the "next" of the page before to read the entries older than it."#),
        ("?actor=", "actor must be an actor's id of 1 to 200 characters and no control characters, such as actor=admin (the admin token) or actor=retention."),
        ("?actor=ad%00min", "actor must be an actor's id of 1 to 200 characters and no control characters, such as actor=admin (the admin token) or actor=retention."),
        ("?since=yesterday", "since=yesterday is not a date or a time; use \(EventTimeRange.acceptedForms)."),
        ("?since=2026-11-02&until=2026-11-01", "since=2026-11-02 is not before until=2026-11-01; events are chosen from since (included) to until (excluded)."),
    ])
    func aFilterItDoesNotUnderstandIs400WithWhy(query: String, message: String) async throws {
        try await TestServer.run { client in
            let response = try await client.send("/v1/audit\(query)", headers: TestServer.admin)
            #expect(response.status == .badRequest)
            #expect(try response.object()["error"] as? [String: String] == ["code": (query.hasPrefix("?app") ? "bad-id" : "bad-query"), "message": message])
        }
    }

    @Test func theLogNeedsTheAdminToken() async throws {
        try await TestServer.run { client in
            let missing = try await client.send("/v1/audit")
            #expect(missing.status == .unauthorized)
            let wrong = try await client.send("/v1/audit", headers: [.authorization: "Bearer wrong"])
            #expect(wrong.status == .unauthorized)
        }
    }

    /// A retention pass that deleted events is recorded as done by retention; one that deleted none is not.
    @Test func aRetentionPassThatDeletesEventsIsRecorded() async throws {
        try await TemporaryFiles.with { directory in
            let store = try SQLiteStore(directory: directory)
            try await StoreContractTests.makeApp(store, "fitness")
            _ = try await store.insertEvents(
                [StoreContractTests.event("old", at: 0), StoreContractTests.event("new", at: Timestamp.milliseconds(Self.start))], appID: "fitness")
            var logger = Logger(label: "retention-test")
            logger.logLevel = .critical
            let retention = try RetentionService(events: store, audit: store.audit, days: 30, logger: logger, now: { Self.start })
            #expect(await retention.deleteExpired() == 1)
            #expect(await retention.deleteExpired() == 0)
            let page = try await store.audit.auditEntries(AuditQuery())
            #expect(page.entries.count == 1)
            let entry = try #require(page.entries.first)
            #expect(entry.actor == .retention && entry.address == nil && entry.action == .eventsExpired && entry.appID == nil)
            #expect(entry.at == Self.start)
            #expect(entry.details == [
                "days": 30, "deletedEvents": 1,
                "before": .string(WaypointTime.iso8601(milliseconds: Timestamp.milliseconds(Self.start) - 30 * 86_400_000)),
            ])
            #expect(try await store.audit.auditEntries(AuditQuery(actorID: "retention")).entries.count == 1)
            try await store.close()
        }
    }
}
