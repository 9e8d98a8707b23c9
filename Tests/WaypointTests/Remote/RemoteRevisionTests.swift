import Foundation
import TestSupport
import Testing
import Waypoint
import WaypointTesting

/// `RemoteDocument` keeps the `Waypoint-Revision` of the copy it serves from, and the flows and
/// walkthroughs resolved from it put that revision on their events.
@MainActor
@Suite struct RemoteRevisionTests {
    static func configuration(_ server: URL, _ directory: URL) -> RemoteDocument.Configuration {
        RemoteDocument.Configuration(server: server, key: "wps_test", directory: directory, requestTimeout: .seconds(30))
    }

    /// A 200 answer with `body`, its ETag and `Waypoint-Revision: revision`.
    static func ok(_ body: Data, etag: String, revision: String) -> ScriptedHTTPPeer.Reply {
        ScriptedHTTPPeer.Reply(200, headers: [("ETag", "\"\(etag)\""), ("Waypoint-Revision", revision), ("Content-Type", "application/json")], body: body)
    }

    /// The events of running the `signup` flow of `remote.current` to its end, the way an app does:
    /// resolve, navigate, attach analytics with only the user's id.
    static func flowEvents(_ remote: RemoteDocument) async throws -> [OnboardingEvent] {
        let resolution = try remote.current.document.resolve(attributes: ["id": "u-1"])
        let signup = try #require(resolution.flows["signup"])
        let navigator = FlowNavigator(signup, context: ["id": "u-1"])
        let analytics = FlowAnalytics(navigator, userID: "u-1")
        var seen: [OnboardingEvent] = []
        analytics.onEvent = { seen.append($0) }
        try await navigator.start()
        for _ in 0..<10 where !navigator.isCompleted { try navigator.next() }
        return seen
    }

    @Test func aDocumentServedWithARevisionPutsItOnEveryEventAfterTheNextLaunchAndARestart() async throws {
        let directory = RemoteFixtures.directory()
        let peer = try ScriptedHTTPPeer([Self.ok(RemoteFixtures.revisionA, etag: "aaa111", revision: "7")])
        defer { peer.stop() }
        let first = RemoteDocument(configuration: Self.configuration(peer.url, directory), bundled: try RemoteFixtures.bundled)
        #expect(first.current.source == .bundled && first.current.revision == nil)
        let bundledEvents = try await Self.flowEvents(first)
        #expect(bundledEvents.count == 6)
        #expect(bundledEvents.allSatisfy { $0.revision == nil && !$0.jsonLine.contains("revision") })

        guard case .updated(let downloaded) = await first.refresh() else { Issue.record("the download was not taken"); return }
        #expect(downloaded.revision == 7 && downloaded.document.revision == 7)
        #expect(first.latest.revision == 7)
        #expect(first.current.revision == nil)  // this launch keeps the document it started with

        for launch in 0..<2 {  // the next launch, then a restart of it: both read the copy on disk
            let next = RemoteDocument(configuration: Self.configuration(peer.url, directory), bundled: try RemoteFixtures.bundled)
            #expect(next.current.source == .lastKnownGood, "launch \(launch)")
            #expect(next.current.revision == 7 && next.current.hash == "aaa111", "launch \(launch)")
            let events = try await Self.flowEvents(next)
            #expect(events.map(\.event.rawValue).suffix(1) == ["Flow Completed"], "launch \(launch)")
            #expect(events.count == 8, "launch \(launch)")
            #expect(events.allSatisfy { $0.revision == 7 && $0.jsonLine.hasSuffix(#","revision":7}"#) }, "launch \(launch)")
            let decoded = try events.map { try JSONDecoder().decode(OnboardingEvent.self, from: Data($0.jsonLine.utf8)) }
            #expect(decoded == events, "launch \(launch)")
        }
    }

    @Test func aRevisionTheAppGivesWinsAndAWalkthroughCarriesTheDocumentsRevision() async throws {
        var document = try RemoteFixtures.bundled
        document.revision = 3
        let signup = try #require(try document.resolve(attributes: [:]).flows["signup"])
        #expect(signup.revision == 3)
        let navigator = FlowNavigator(signup, context: [:])
        let analytics = FlowAnalytics(navigator, attribution: EventAttribution(userID: "u", revision: 9))
        var seen: [OnboardingEvent] = []
        analytics.onEvent = { seen.append($0) }
        try await navigator.start()
        #expect(!seen.isEmpty && seen.allSatisfy { $0.revision == 9 })
    }

    @Test func aCopySavedWithoutARevisionHasNone() async throws {
        let directory = RemoteFixtures.directory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The header line an earlier version of the library wrote: no revision number.
        var old = Data(#"{"etag":"\"aaa111\"","downloadedAt":1767225600}"#.utf8)
        old.append(0x0A)
        old.append(RemoteFixtures.revisionA)
        try old.write(to: directory.appendingPathComponent("last-known-good.waypoint"))
        let remote = RemoteDocument(configuration: Self.configuration(try RemoteFixtures.deadServer(), directory), bundled: try RemoteFixtures.bundled)
        #expect(remote.current.source == .lastKnownGood && remote.current.hash == "aaa111")
        #expect(remote.current.revision == nil && remote.current.document.revision == nil)
        #expect(RemoteFixtures.steps(remote.current.document) == ["splash", "welcome", "done"])
    }

    @Test func theSameBytesPublishedAgainAsAnotherRevisionKeepTheNewNumber() async throws {
        let directory = RemoteFixtures.directory()
        let peer = try ScriptedHTTPPeer([
            Self.ok(RemoteFixtures.revisionA, etag: "aaa111", revision: "1"),
            ScriptedHTTPPeer.Reply(304, headers: [("ETag", "\"aaa111\""), ("Waypoint-Revision", "3")]),
            Self.ok(RemoteFixtures.revisionA, etag: "aaa111", revision: "4"),
        ])
        defer { peer.stop() }
        let remote = RemoteDocument(configuration: Self.configuration(peer.url, directory), bundled: try RemoteFixtures.bundled)
        _ = await remote.refresh()
        #expect(await remote.refresh() == .notModified)
        #expect(remote.latest.revision == 3)
        #expect(RemoteDocument(configuration: Self.configuration(peer.url, directory), bundled: try RemoteFixtures.bundled).current.revision == 3)
        #expect(await remote.refresh() == .unchanged)
        #expect(RemoteDocument(configuration: Self.configuration(peer.url, directory), bundled: try RemoteFixtures.bundled).current.revision == 4)
    }

    @Test(arguments: ["seven", "-2", "0", "7.5"])
    func aRevisionHeaderThatIsNotANumberIsRefusedWithTheReason(_ value: String) async throws {
        let directory = RemoteFixtures.directory()
        let peer = try ScriptedHTTPPeer([Self.ok(RemoteFixtures.revisionA, etag: "aaa111", revision: value)])
        defer { peer.stop() }
        let remote = RemoteDocument(configuration: Self.configuration(peer.url, directory), bundled: try RemoteFixtures.bundled)
        let result = await remote.refresh()
        guard case .failed(let error) = result else { Issue.record("expected a refusal, got \(result)"); return }
        #expect(error.description.hasSuffix(
            "/v1/document answered with the header Waypoint-Revision: \(value), which is not a revision number (a whole number such as 7); "
            + "the download was refused and the app keeps the document it has. Check the server, or the proxy in front of it, that sets the header."))
        #expect(RemoteFixtures.storedDocument(in: directory) == nil)
    }
}
