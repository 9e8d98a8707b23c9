import Foundation
import NIOHTTP1
import Testing
import Waypoint
import WaypointTools

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The app side against a real server: publish → an app loads the document → users run the flow →
/// their events go through the durable queue → the server's flow report shows them by variation.
/// The server is killed while events are being delivered: none is lost, none stored twice.
@Suite("The app side against a real server", .serialized)
struct AppSideEndToEndTests {
    /// The document an app ships with: one flow, no experiment.
    static let bundled = """
        {"schemaVersion": 1, "flows": [{"id": "signup", "steps": [{"id": "welcome"}]}]}
        """

    @Test @MainActor func publishLoadRunDeliverAndReport() async throws {
        // A path and a `defer`, not `TemporaryFiles.with`: Swift 6.3.1 crashes on this
        // main-actor test as a closure.
        let directory = TemporaryFiles.path()
        defer { try? FileManager.default.removeItem(at: directory) }
        var server = try await ServerProcess(["--data", directory.appendingPathComponent("server").path])
        let port = server.port
        let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
        let app = try await HTTP.createApp(port: port, "fitness")
        let published = try TestServer.example("waypoint.json")
        let upload = try await HTTP.send(port: port, "/v1/apps/fitness/revisions", method: .POST, headers: HTTP.admin, body: published)
        #expect(upload.status == 201, "\(upload.text)")
        let revision = try #require(try upload.object()["sha256"] as? String)
        let publish = try await HTTP.send(port: port, "/v1/apps/fitness/environments/production/publish", method: .POST,
                                          headers: HTTP.admin, body: Data(#"{"revision":1}"#.utf8))
        #expect(publish.status == 200, "\(publish.text)")

        // First launch: the bundled document at once; the published one arrives in the background.
        let appFolder = directory.appendingPathComponent("app")
        let configuration = RemoteDocument.Configuration(server: base, key: app.production, directory: appFolder)
        let bundled = try WaypointDocument(validating: Data(Self.bundled.utf8))
        let firstLaunch = RemoteDocument(configuration: configuration, bundled: bundled)
        #expect(firstLaunch.current.source == .bundled)
        let refreshed = await firstLaunch.refresh()
        #expect(refreshed.succeeded, "\(refreshed)")
        #expect(firstLaunch.current.source == .bundled)  // this launch keeps what it started with
        #expect(firstLaunch.latest.hash == revision)

        // Next launch: the published revision from the first frame, before any request.
        let launch = RemoteDocument(configuration: configuration, bundled: bundled)
        #expect(launch.current.source == .lastKnownGood)
        #expect(launch.current.hash == revision)

        // Twelve users run signup; events go through a durable queue to the server.
        let queue = try DurableEventQueue(
            directory: appFolder.appendingPathComponent("events"),
            sink: HTTPEventSink(configuration: HTTPEventSink.Configuration(server: base, key: app.production, maxBatchEvents: 1)))
        var expectedByVariation: [String: Int] = [:]
        var completedByVariation: [String: Int] = [:]
        for user in 0..<12 {
            let attributes = Attributes(["id": .string("user-\(user)"), "country": .string("US")])
            let resolution = try launch.current.document.resolve(attributes: attributes)
            let signup = try #require(resolution.flows["signup"])
            let variation = try #require(signup.experiment?.variation)
            expectedByVariation[variation, default: 0] += 1
            let navigator = FlowNavigator(signup, context: attributes)
            let analytics = FlowAnalytics(navigator, userID: "user-\(user)", sink: queue)
            try await navigator.start()
            // Every other user stops on the first screen.
            if user % 2 == 0 {
                let outcomes = variation == "short" ? ["continue", "next", "next"] : ["login", "next"]
                for outcome in outcomes { try navigator.next(outcome) }
                #expect(navigator.isCompleted)
                completedByVariation[variation, default: 0] += 1
            } else {
                analytics.abandon()
            }
            await analytics.waitForDelivery()
        }
        #expect(expectedByVariation.keys.sorted() == ["control", "short"], "the ids should land in both variations")
        let queued = await queue.pendingEventCount
        #expect(queued > 20)

        // Delivery starts (one event a request); the server is killed once some have gone through.
        let delivery = Task { try await queue.flush() }
        try await Polling.until("an event is delivered", timeout: .seconds(30), interval: .milliseconds(1)) {
            await queue.pendingEventCount < queued
        }
        server.killHard()
        let first = await delivery.result
        let left = await queue.pendingEventCount
        #expect(left < queued, "nothing was delivered before the kill")
        if left > 0 { #expect(throws: (any Error).self) { try first.get() } }
        // Restarted, the server takes the rest; anything it stored but could not acknowledge is a duplicate.
        server = try await ServerProcess(["--data", directory.appendingPathComponent("server").path], port: port)
        _ = try await queue.flush()
        #expect(await queue.pendingEventCount == 0)

        let exported = try await HTTP.exportedMessageIDs(port: port, app: "fitness")
        #expect(exported.count == queued)
        #expect(Set(exported).count == exported.count)

        let report = try await HTTP.send(port: port, "/v1/apps/fitness/funnel?flow=signup&by=variation", headers: HTTP.admin)
        #expect(report.status == 200, "\(report.text)")
        let object = try report.object()
        #expect(object["started"] as? Int == 12)
        #expect(object["completed"] as? Int == 6)
        let groups = try #require(object["byVariation"] as? [String: [String: Any]])
        for (variation, users) in expectedByVariation {
            #expect(groups[variation]?["started"] as? Int == users, "\(variation)")
            #expect(groups[variation]?["completed"] as? Int == completedByVariation[variation, default: 0], "\(variation)")
        }
        #expect(server.terminate() == 0)
    }
}
