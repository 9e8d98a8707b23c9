import AsyncHTTPClient
import Foundation
import GRDB
import NIOCore
import NIOHTTP1
import Testing
import WaypointServer

#if canImport(Glibc)
import Glibc
#endif

/// An SDK key ships inside every app, so anyone can send events with it. Events whose step ids,
/// variations and app versions are all distinct must not make a report grow with their product, and
/// a report must stop when its client goes away or the server is told to stop.
///
/// Real server processes, so that their memory can be read from `/proc/<pid>/status`.
@Suite(.serialized) struct ReportAmplificationTests {
    /// 1,000 events in one batch, each of another user, step, variation and app version: every
    /// string well within the ingestion limits.
    static func adversarialLines(count: Int = 1000, event: String = "Step Viewed") -> [String] {
        (0..<count).map { index in
            let padding = String(repeating: "x", count: 60)
            return SeedData.event(
                event, user: "user-\(index)", at: index % 3600, step: event == "Step Viewed" ? "step-\(index)-\(padding)" : nil,
                index: event == "Step Viewed" ? index : nil, variation: "variation-\(index)-\(padding)", appVersion: "9.\(index).\(padding)")
        }
    }

    /// Where a report is bounded: its size, its time and the server's peak memory.
    static let maxReportBytes = 200_000
    static let maxReportSeconds = 2.0
    static let maxMemoryGrowthBytes = 200 << 20

    @Test func adversarialEventsKeepTheFunnelAndTheFlowPageSmallFastAndLean() async throws {
        try await TemporaryFiles.with { directory in
            let server = try await ServerProcess(["--data", directory.path])
            let port = server.port
            let app = try await HTTP.createApp(port: port, "fitness")
            try await Self.publishExample(port: port)
            // Each user starts the flow (a report counts only users who started), then views a step of its own.
            let starts = Self.adversarialLines(event: "Flow Started")
            #expect(try await HTTP.postEvents(port: port, key: app.production, lines: starts).status == 200)
            let lines = Self.adversarialLines()
            let body = Data(#"{"batch":[\#(lines.joined(separator: ","))]}"#.utf8)
            #expect(body.count < 512 * 1024, "the batch is \(body.count) bytes: over the ingestion limit")
            let posted = try await HTTP.postEvents(port: port, key: app.production, lines: lines)
            #expect(posted.status == 200, "\(posted.text)")
            #expect((try posted.object()["accepted"] as? Int) == lines.count, "\(posted.text)")
            let cookie = try await Self.signIn(port: port)

            let before = try ProcessMemory(pid: server.pid)
            // The work a request causes is the server's CPU time over it: unlike the wall clock, it
            // does not grow when other tests load the machine.
            let funnelCPU = try ProcessCPU.total(pid: server.pid)
            let funnelStart = ContinuousClock.now
            let funnel = try await HTTP.send(
                port: port, "/v1/apps/fitness/funnel?flow=signup&by=variation", headers: HTTP.admin, timeout: .seconds(120))
            let funnelTime = ContinuousClock.now - funnelStart
            let funnelWork = try ProcessCPU.total(pid: server.pid) - funnelCPU
            let pageCPU = try ProcessCPU.total(pid: server.pid)
            let pageStart = ContinuousClock.now
            let page = try await HTTP.send(
                port: port, "/apps/fitness/flows/signup?revision=all", headers: [("Cookie", cookie)], timeout: .seconds(600))
            let pageTime = ContinuousClock.now - pageStart
            let pageWork = try ProcessCPU.total(pid: server.pid) - pageCPU
            let after = try ProcessMemory(pid: server.pid)
            let growth = after.peakBytes - before.peakBytes
            print("report amplification: funnel \(funnel.body.count) bytes in \(funnelTime) (\(funnelWork) s of CPU), "
                + "flow page \(page.body.count) bytes in \(pageTime) (\(pageWork) s of CPU), "
                + "peak memory \(before.peakBytes >> 20) MiB → \(after.peakBytes >> 20) MiB")

            #expect(funnel.status == 200, "\(funnel.text.prefix(300))")
            #expect(page.status == 200, "\(page.text.prefix(300))")
            #expect(funnel.body.count < Self.maxReportBytes, "the funnel answered \(funnel.body.count) bytes")
            #expect(page.body.count < Self.maxReportBytes, "the flow page is \(page.body.count) bytes")
            #expect(funnelWork < Self.maxReportSeconds, "the funnel took \(funnelWork) s of the server's CPU (\(funnelTime))")
            #expect(pageWork < Self.maxReportSeconds, "the flow page took \(pageWork) s of the server's CPU (\(pageTime))")
            #expect(growth < Self.maxMemoryGrowthBytes, "the server's peak memory grew by \(growth >> 20) MiB")
            #expect(page.text.contains("Shown together to keep the report bounded: 1,000 variations under (other)"))

            // The report says what it folded: every user is counted, under "(other)"; the 50 step
            // ids with the most viewers (one each: the first 50 by id) keep their rows.
            let report = try funnel.object()
            #expect(report["started"] != nil)
            let groups = try #require(report["byVariation"] as? [String: Any], "\(funnel.text.prefix(300))")
            #expect(Set(groups.keys).isSubset(of: ["control", "short", "(none)", "(other)"]), "\(groups.keys.sorted().prefix(10))")
            let other = try #require(groups["(other)"] as? [String: Any])
            let otherSteps = try #require(other["steps"] as? [[String: Any]])
            let listed = 50
            #expect(otherSteps.filter { $0["inDocument"] as? Bool == false }.count == listed + 1)
            #expect(otherSteps.contains { $0["stepId"] as? String == "(other steps)" && $0["viewed"] as? Int == lines.count - listed })
            let folded = try #require(report["folded"] as? [String: Any], "the report does not say what it folded")
            #expect(folded["variations"] as? Int == lines.count)
            #expect(folded["steps"] as? Int == lines.count - listed)
            #expect(folded["appVersions"] as? Int == lines.count - 20)
            _ = server.terminate()
        }
    }

    /// A report that reads every stored event of the flow: a sequential funnel follows each user's
    /// attempts in time, which contributions do not keep (the flow report and the pages read
    /// contributions, and are done before a client could leave).
    static let sequentialFunnel = "/v1/apps/fitness/funnel?flow=signup&steps=splash,registration&by=variation"

    @Test func aReportStopsWhenItsClientGoesAway() async throws {
        try await TemporaryFiles.with { directory in
            let server = try await Self.serverWithManyEvents(directory)
            let port = server.port
            #expect(try await Self.cancelledReports(port: port) == 0)
            // The client gives up long before the report could be done.
            await #expect(throws: (any Error).self) {
                _ = try await HTTP.send(
                    port: port, Self.sequentialFunnel, headers: HTTP.admin, timeout: .milliseconds(300))
            }
            let gone = ContinuousClock.now
            try await Polling.until("the server counts the report as stopped", timeout: .seconds(5), interval: .milliseconds(50)) {
                try await Self.cancelledReports(port: port) == 1
            }
            let stopped = ContinuousClock.now - gone
            // And it is idle: the report's thread is not still reading.
            let cpu = try await ProcessCPU.seconds(pid: server.pid, over: .seconds(1))
            print("a report stopped \(stopped) after its client went away; then \(cpu) s of CPU in 1 s")
            #expect(cpu < 0.3, "the server used \(cpu) s of CPU in the second after the report stopped")
            // The client left mid-report: the whole report takes longer than the client waited.
            let start = ContinuousClock.now
            let whole = try await HTTP.send(
                port: port, Self.sequentialFunnel, headers: HTTP.admin, timeout: .seconds(120))
            let took = ContinuousClock.now - start
            print("the whole report: \(whole.status), \(took)")
            #expect(whole.status == 200)
            #expect(whole.headers["Connection"].first == "close")
            #expect(took > .seconds(1), "the report took only \(took): too short to leave in the middle")
            #expect(try await Self.cancelledReports(port: port) == 1)
            _ = server.terminate()
        }
    }

    @Test func sigtermDuringAReportExitsWithinSeconds() async throws {
        try await TemporaryFiles.with { directory in
            let server = try await Self.serverWithManyEvents(directory)
            let port = server.port
            let report = Task {
                try? await HTTP.send(port: port, Self.sequentialFunnel, headers: HTTP.admin, timeout: .seconds(120))
            }
            try await Task.sleep(for: .milliseconds(300))
            let start = ContinuousClock.now
            let status = server.terminate()
            let took = ContinuousClock.now - start
            print("SIGTERM during a report: exited with \(status) after \(took)")
            #expect(took < .seconds(5), "the server took \(took) to exit")
            // The report was stopped, not finished: its answer says why.
            let answer = await report.value
            #expect(answer?.status == 503, "\(answer?.status ?? 0) \(answer?.text ?? "no answer")")
            #expect(answer?.text.contains("shutting down") == true)
        }
    }

    // MARK: - Helpers

    /// `Examples/Documents/waypoint.json` published to production: `signup` declares the variations
    /// `control` and `short`.
    static func publishExample(port: Int) async throws {
        let upload = try await HTTP.send(
            port: port, "/v1/apps/fitness/revisions", method: .POST, headers: HTTP.admin, body: try TestServer.example("waypoint.json"))
        guard upload.status == 201 else { throw TestFailure("upload: \(upload.status) \(upload.text)") }
        let publish = try await HTTP.send(
            port: port, "/v1/apps/fitness/environments/production/publish", method: .POST, headers: HTTP.admin,
            body: Data(#"{"revision":1,"confirm":true}"#.utf8))
        guard publish.status == 200 else { throw TestFailure("publish: \(publish.status) \(publish.text)") }
    }

    /// A server whose `fitness` app holds enough events of `signup` that its sequential funnel
    /// takes seconds.
    ///
    /// The events are written into the SQLite database between two runs of the server, as rows of
    /// `events` only: posting them would take far longer, and so would the store's own insert, which
    /// works out every user's report contributions (minutes for 40,000 users in a debug build). The
    /// sequential funnel reads the stored lines, never contributions, so these tests do not need them.
    static func serverWithManyEvents(_ directory: URL, users: Int = 40_000) async throws -> ServerProcess {
        let first = try await ServerProcess(["--data", directory.path])
        _ = try await HTTP.createApp(port: first.port, "fitness")
        try await publishExample(port: first.port)
        _ = first.terminate()
        let steps = ["splash", "login", "registration", "personalization", "shared-end/notifications", "shared-end/done"]
        let queue = try DatabaseQueue(path: directory.appendingPathComponent("waypoint.sqlite").path)
        try await queue.write { db in
            let insert = try db.makeStatement(sql: """
                INSERT INTO events (app_id, message_id, user_id, flow_id, timestamp_ms, environment, received_at_ms, line)
                VALUES ('fitness', ?, ?, 'signup', ?, 'production', 1793000000000, ?)
                """)
            for user in 0..<users {
                let variation = user % 2 == 0 ? "control" : "short"
                var lines = [SeedData.event("Flow Started", user: "user-\(user)", at: 0, variation: variation)]
                for (index, step) in steps.enumerated() {
                    lines.append(SeedData.event(
                        "Step Viewed", user: "user-\(user)", at: 1 + index, step: step, index: index, variation: variation,
                        appVersion: "2.\(user % 5)"))
                }
                for (offset, line) in lines.enumerated() {
                    try insert.execute(arguments: ["m-\(user)-\(offset)", "user-\(user)", 1_793_000_000_000 + Int64(offset) * 1000, line])
                }
            }
        }
        try queue.close()
        return try await ServerProcess(["--data", directory.path])
    }

    /// `waypoint_reports_cancelled_total` from `/metrics` (0 before any).
    static func cancelledReports(port: Int) async throws -> Int {
        let metrics = try await HTTP.send(port: port, "/metrics", headers: HTTP.admin)
        for line in metrics.text.split(separator: "\n") where line.hasPrefix("waypoint_reports_cancelled_total") {
            return Int(Double(line.split(separator: " ").last ?? "") ?? -1)
        }
        return 0
    }

    /// Signs in to the dashboard through its form with `credentials` (the admin token unless
    /// given); the `Cookie` header of the session.
    static func signIn(port: Int, credentials: [(String, String)] = [("token", TestServer.adminToken)]) async throws -> String {
        var cookies: [String: String] = [:]
        func keep(_ answer: HTTP.Answer) {
            for header in answer.headers["Set-Cookie"] {
                let pair = header.split(separator: ";", maxSplits: 1)[0].split(separator: "=", maxSplits: 1)
                if pair.count == 2 { cookies[String(pair[0])] = String(pair[1]) }
            }
        }
        func header() -> String { cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }
        let form = try await HTTP.send(port: port, "/login?next=%2Fapps")
        keep(form)
        guard let csrf = DashboardBrowser.csrf(in: form.text) else { throw TestFailure("no csrf field on the sign-in page") }
        let body = (credentials + [("csrf", csrf)]).map { "\($0.0)=\(DashboardBrowser.encode($0.1))" }.joined(separator: "&") + "&next=%2Fapps"
        // The answer is a redirect whose cookie is the session: not followed.
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/login")
        request.method = .POST
        request.headers.add(name: "Cookie", value: header())
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.body = .bytes(ByteBuffer(string: body))
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, timeout: .seconds(10))
            try await client.shutdown()
        } catch {
            try? await client.shutdown()
            throw error
        }
        for header in response.headers["Set-Cookie"] {
            let pair = header.split(separator: ";", maxSplits: 1)[0].split(separator: "=", maxSplits: 1)
            if pair.count == 2 { cookies[String(pair[0])] = String(pair[1]) }
        }
        guard response.status.code == 303 || response.status.code == 302 else { throw TestFailure("sign-in: \(response.status)") }
        return header()
    }
}

/// A process's memory, from `/proc/<pid>/status`.
struct ProcessMemory {
    /// `VmHWM`: the most resident memory the process ever had.
    let peakBytes: Int
    /// `VmRSS`: its resident memory now.
    let residentBytes: Int

    init(pid: Int32) throws {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        func kilobytes(_ field: String) throws -> Int {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
                  let value = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap({ Int($0) })
            else { throw TestFailure("no \(field) in /proc/\(pid)/status") }
            return value * 1024
        }
        peakBytes = try kilobytes("VmHWM")
        residentBytes = try kilobytes("VmRSS")
    }
}
