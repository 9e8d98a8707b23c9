import Foundation
import TestSupport
import Testing
import Waypoint
import WaypointTesting

@MainActor
@Suite struct RemoteDocumentTests {
    static func configuration(_ server: URL, _ directory: URL, timeout: Duration = .seconds(30)) -> RemoteDocument.Configuration {
        RemoteDocument.Configuration(server: server, key: "wps_test", directory: directory, requestTimeout: timeout)
    }

    @Test func anAppOfflineFromItsFirstLaunchRunsTheBundledDocumentAndSaysWhy() async throws {
        let directory = RemoteFixtures.directory()
        let remote = RemoteDocument(configuration: Self.configuration(try RemoteFixtures.deadServer(), directory), bundled: try RemoteFixtures.bundled)
        #expect(remote.current.source == .bundled)
        #expect(remote.current.hash == nil)
        #expect(remote.age == nil)
        let result = await remote.refresh()
        guard case .failed(let error) = result else { Issue.record("expected a failure, got \(result)"); return }
        #expect(error.isTransient)
        #expect(error.description.hasPrefix("Could not reach http://127.0.0.1:"))
        #expect(error.description.contains("the app keeps the document it has and tries again later"))
        #expect(remote.lastError == error)
        #expect(remote.consecutiveFailures == 1)
        #expect(RemoteFixtures.steps(remote.current.document) == ["splash", "done"])
        #expect(RemoteFixtures.storedDocument(in: directory) == nil)
    }

    @Test func aDownloadIsSavedAndTakenByTheNextLaunchWhileThisLaunchKeepsItsRevision() async throws {
        let directory = RemoteFixtures.directory()
        let clock = FixedClock()
        let peer = try ScriptedHTTPPeer([RemoteFixtures.ok(RemoteFixtures.revisionA, etag: "aaa111")])
        defer { peer.stop() }
        let remote = RemoteDocument(configuration: Self.configuration(peer.url, directory), bundled: try RemoteFixtures.bundled, clock: clock)
        let running = remote.current
        let result = await remote.refresh()
        guard case .updated(let revision) = result else { Issue.record("expected an update, got \(result)"); return }
        #expect(revision.source == .downloaded)
        #expect(revision.hash == "aaa111")
        #expect(remote.current == running)  // a flow started at launch keeps its revision
        #expect(remote.latest == revision)
        #expect(RemoteFixtures.storedDocument(in: directory) == RemoteFixtures.revisionA)
        let request = try #require(peer.requests.first)
        #expect(request.method == "GET")
        #expect(request.path == "/v1/document")
        #expect(request.header("Waypoint-Key") == "wps_test")
        #expect(request.header("If-None-Match") == nil)

        clock.advance(by: .seconds(90))
        let nextLaunch = RemoteDocument(configuration: Self.configuration(peer.url, directory), bundled: try RemoteFixtures.bundled, clock: clock)
        #expect(nextLaunch.current.source == .lastKnownGood)
        #expect(nextLaunch.current.hash == "aaa111")
        #expect(nextLaunch.age == .seconds(90))
        #expect(RemoteFixtures.steps(nextLaunch.current.document) == ["splash", "welcome", "done"])
    }

    @Test func notModifiedKeepsTheCopyAndTheRequestCarriesItsETag() async throws {
        let directory = RemoteFixtures.directory()
        let peer = try ScriptedHTTPPeer([
            RemoteFixtures.ok(RemoteFixtures.revisionA, etag: "aaa111"),
            ScriptedHTTPPeer.Reply(304, headers: [("ETag", "\"aaa111\"")]),
        ])
        defer { peer.stop() }
        let remote = RemoteDocument(configuration: Self.configuration(peer.url, directory), bundled: try RemoteFixtures.bundled)
        _ = await remote.refresh()
        #expect(await remote.refresh() == .notModified)
        #expect(peer.requests.count == 2)
        #expect(peer.requests.last?.header("If-None-Match") == "\"aaa111\"")
        #expect(remote.lastError == nil)
        #expect(RemoteFixtures.storedDocument(in: directory) == RemoteFixtures.revisionA)
    }

    /// Each bad answer after a good download: the copy on disk stays, and the error says what happened.
    nonisolated static let badAnswers: [(String, ScriptedHTTPPeer.Reply, String)] = [
        ("broken document", .init(200, text: #"{"schemaVersion": 1, "flows": [{"id": "signup", "steps": [{"id": "a", "screen": 3}]}]}"#),
         "The downloaded document has 1 error and was refused; the app keeps the document it has. Run `waypoint validate` on it and publish a fixed revision:\n  document:1:81: error: `screen` must be a string, but this is the number `3` [wrong-type]"),
        ("unknown schema version", .init(200, text: #"{"schemaVersion": 2, "flows": []}"#),
         "The downloaded document was refused: schemaVersion 2 is not supported; this version of Waypoint reads schemaVersion 1."),
        ("syntax error", .init(200, text: #"{"schemaVersion": 1, "flows": ["#),
         "The downloaded document has 1 error and was refused"),
        ("empty body", .init(200, body: Data()), "The server answered 200 with an empty body; the app keeps the document it has."),
        ("truncated body", .init(200, body: RemoteFixtures.revisionB.prefix(40), declaredLength: RemoteFixtures.revisionB.count), "/v1/document"),
        ("server error", .init(503, text: #"{"error":{"code":"unavailable","message":"database is down"}}"#),
         "answered 503 (database is down); the app keeps the document it has: the server failed; it is asked again later."),
        ("unknown key", .init(401, text: #"{"error":{"code":"unauthorized","message":"unknown key"}}"#),
         "answered 401 (unknown key); the app keeps the document it has: check the SDK key (Waypoint-Key) of this environment."),
        ("nothing published", .init(404, text: #"{"error":{"code":"not-found","message":"nothing is published"}}"#),
         "publish a revision to this environment"),
        ("hang-up", .hangUp, "Could not reach"),
    ]

    @Test(arguments: 0..<badAnswers.count)
    func aBadAnswerNeverReplacesTheLastKnownGoodCopy(_ index: Int) async throws {
        let (name, reply, message) = Self.badAnswers[index]
        let directory = RemoteFixtures.directory()
        let peer = try ScriptedHTTPPeer([RemoteFixtures.ok(RemoteFixtures.revisionA, etag: "aaa111"), reply])
        defer { peer.stop() }
        let remote = RemoteDocument(configuration: Self.configuration(peer.url, directory), bundled: try RemoteFixtures.bundled)
        _ = await remote.refresh()
        let result = await remote.refresh()
        #expect(!result.succeeded, "\(name)")
        let error = try #require(remote.lastError, "\(name)")
        #expect(error.description.contains(message), "\(name): \(error)")
        #expect(RemoteFixtures.storedDocument(in: directory) == RemoteFixtures.revisionA, "\(name)")
        let nextLaunch = RemoteDocument(configuration: Self.configuration(peer.url, directory), bundled: try RemoteFixtures.bundled)
        #expect(nextLaunch.current.hash == "aaa111", "\(name)")
    }

    @Test func aSlowServerTimesOutAfterTheConfiguredTime() async throws {
        let directory = RemoteFixtures.directory()
        let peer = try ScriptedHTTPPeer([RemoteFixtures.ok(RemoteFixtures.revisionA, etag: "a").withDelay(.seconds(30))])
        defer { peer.stop() }
        let remote = RemoteDocument(configuration: Self.configuration(peer.url, directory, timeout: .milliseconds(300)), bundled: try RemoteFixtures.bundled)
        let result = await remote.refresh()  // the answer would come after 30 s
        guard case .failed(let error) = result else { Issue.record("expected a failure, got \(result)"); return }
        #expect(error.description.hasSuffix("did not answer within 0.30 s; the app keeps the document it has and tries again later (raise requestTimeout for slow networks)."))
        #expect(remote.current.source == .bundled)
    }

    @Test func aNewerDocumentWithAnUnknownKeyIsTakenWithAWarning() async throws {
        let directory = RemoteFixtures.directory()
        let newer = RemoteFixtures.document(["splash", "done"], extra: #", "presentation": "sheet""#)
        #expect(!WaypointDocument.validate(newer).isValid)  // strict reading refuses it
        let peer = try ScriptedHTTPPeer([RemoteFixtures.ok(newer, etag: "bbb222")])
        defer { peer.stop() }
        let remote = RemoteDocument(configuration: Self.configuration(peer.url, directory), bundled: try RemoteFixtures.bundled)
        guard case .updated = await remote.refresh() else { Issue.record("the newer document was refused"); return }
        #expect(remote.warnings.map(\.code) == [.unknownKey])
        #expect(remote.warnings.first?.severity == .warning)
        #expect(remote.warnings.first?.path == "flows[0].presentation")
    }

    @Test func concurrentRefreshesShareOneRequest() async throws {
        let directory = RemoteFixtures.directory()
        let peer = try ScriptedHTTPPeer([RemoteFixtures.ok(RemoteFixtures.revisionA, etag: "aaa111").withDelay(.milliseconds(200))])
        defer { peer.stop() }
        let remote = RemoteDocument(configuration: Self.configuration(peer.url, directory), bundled: try RemoteFixtures.bundled)
        async let first = remote.refresh()
        async let second = remote.refresh()
        async let third = remote.refresh()
        let results = await [first, second, third]
        #expect(Set(results).count == 1)
        #expect(peer.requests.count == 1)
    }

    @Test func anUnreadableCopyOnDiskFallsBackToTheBundledDocument() async throws {
        let directory = RemoteFixtures.directory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("garbage".utf8).write(to: directory.appendingPathComponent("last-known-good.waypoint"))
        let remote = RemoteDocument(configuration: Self.configuration(try RemoteFixtures.deadServer(), directory), bundled: try RemoteFixtures.bundled)
        #expect(remote.current.source == .bundled)
        #expect(remote.lastError?.description.contains("could not be read (it is not a saved document); the bundled document is used") == true)
    }

    @Test func runBacksOffWithJitterAfterFailuresAndWaitsMaxAgeAfterASuccess() async throws {
        let directory = RemoteFixtures.directory()
        let peer = try ScriptedHTTPPeer([.init(503), .init(503), RemoteFixtures.ok(RemoteFixtures.revisionA, etag: "a")])
        defer { peer.stop() }
        let clock = FixedClock()
        let policy = RefreshPolicy(interval: .seconds(30), initialBackoff: .seconds(10), multiplier: 2, maximumBackoff: .seconds(60), jitter: 0.5)
        var configuration = Self.configuration(peer.url, directory)
        configuration.policy = policy
        let remote = RemoteDocument(configuration: configuration, bundled: try RemoteFixtures.bundled, clock: clock, random: { 0.5 })
        let runner = Task { await remote.run() }
        defer { runner.cancel() }
        for (requests, delay) in [(1, Duration.milliseconds(7_500)), (2, .seconds(15)), (3, .seconds(60))] {
            let reached = await eventually { peer.requests.count == requests && clock.sleeperCount == 1 && remote.nextRefreshDelay == delay }
            #expect(reached, "after \(requests) request(s): delay \(String(describing: remote.nextRefreshDelay))")
            clock.advance(by: delay)
        }
        #expect(remote.latest.hash == "a")
    }
}

