import Foundation
import NIOHTTP1
import Testing

/// The dashboard in a real browser: headless Chromium against a server process with seeded data.
///
/// Screenshots are written to `Server/.build/dashboard-screenshots/`; with
/// `WAYPOINT_RECORD_SCREENSHOTS=1` they are also copied to `docs/` for the README.
// Serialized: each test runs a server and a browser, too much to run side by side on a busy machine.
@Suite("Dashboard in Chromium", .serialized,
       .enabled(if: Chromium.executable != nil || ProcessInfo.processInfo.environment["CI"] == "true",
                Comment(rawValue: "chromium is not installed; `apt-get install chromium` to run the browser tests")))
struct BrowserTests {
    static let output = TestServer.repositoryRoot.appendingPathComponent("Server/.build/dashboard-screenshots")
    static let docs = TestServer.repositoryRoot.appendingPathComponent("docs")

    /// A server with the README's example published, 80 played users, users in flight, walkthrough
    /// events from two app versions, and a second revision that removes the `registration` step;
    /// its SQLite store in `data`.
    static func seededServer(data: URL) async throws -> ServerProcess {
        let server = try await ServerProcess(["--data", data.path])
        let app = try await HTTP.createApp(port: server.port, "fitness")
        func admin(_ path: String, _ body: Data) async throws {
            let answer = try await HTTP.send(port: server.port, path, method: .POST, headers: HTTP.admin, body: body)
            guard (200..<300).contains(answer.status) else { throw TestFailure("\(path): \(answer.status) \(answer.text)") }
        }
        try await admin("/v1/apps/fitness/revisions", try TestServer.example("waypoint.json"))
        try await admin("/v1/apps/fitness/environments/production/publish", Data(#"{"revision":1}"#.utf8))
        let played = String(decoding: try TestServer.cliFixture("Snapshots/flow-report-events.jsonl"), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        var walkthrough: [String] = []
        for user in 0..<12 {
            let version = user < 7 ? "2.4.0" : "2.5.0"
            let name = "tour-\(user)"
            walkthrough.append(SeedData.event("Walkthrough Started", user: name, at: 0, walkthrough: "layering", appVersion: version))
            walkthrough.append(SeedData.event("Hint Shown", user: name, at: 1, step: "intro", walkthrough: "layering", appVersion: version))
            if user % 4 == 3 {
                walkthrough.append(SeedData.event("Hint Skipped", user: name, at: 5, step: "intro", walkthrough: "layering", appVersion: version))
                continue
            }
            walkthrough.append(SeedData.event("Hint Completed", user: name, at: 5, step: "intro", walkthrough: "layering", trigger: "tap", appVersion: version))
            if user < 7 && user % 2 == 0 {
                walkthrough.append(SeedData.event("Target Not Found", user: name, at: 8, step: "panel-cell", walkthrough: "layering", appVersion: version))
                continue
            }
            walkthrough.append(SeedData.event("Hint Shown", user: name, at: 9, step: "panel-cell", walkthrough: "layering", appVersion: version))
            walkthrough.append(SeedData.event("Hint Completed", user: name, at: 12, step: "panel-cell", walkthrough: "layering", trigger: "button", appVersion: version))
            walkthrough.append(SeedData.event("Walkthrough Completed", user: name, at: 12, walkthrough: "layering", appVersion: version))
        }
        // The flows' runs are of revision 1, the one published, whose runs the flow page shows by default.
        // Runs of revision 1, the published one, which every report page shows by default.
        let lines = (played + DashboardPagesTests.inFlightUsers + walkthrough).map(SeedData.ofRevision(1))
        for start in stride(from: 0, to: lines.count, by: 500) {
            let answer = try await HTTP.postEvents(port: server.port, key: app.production, lines: Array(lines[start..<min(start + 500, lines.count)]))
            guard answer.status == 200 else { throw TestFailure("events: \(answer.status) \(answer.text)") }
        }
        try await admin("/v1/apps/fitness/revisions", try SeedData.withoutRegistration())
        return server
    }

    @Test func pagesRenderTheirNumbersAndChartsInChromium() async throws {
        guard Chromium.executable != nil else {
            Issue.record("chromium is not installed, and CI=true: `.ci/run` installs it with apt-get")
            return
        }
        try await TemporaryFiles.with { data in
            let server = try await Self.seededServer(data: data)
            let base = "http://127.0.0.1:\(server.port)"
            try FileManager.default.createDirectory(at: Self.output, withIntermediateDirectories: true)

            let seen = try await Self.onThread { () throws -> Seen in
                var seen = Seen()
                // The command-line modes: a page without a session is the sign-in form.
                seen.signInDump = try Chromium.dumpDOM(base + "/apps/fitness")
                try Chromium.screenshot(base + "/login", to: Self.output.appendingPathComponent("sign-in.png"))

                // A person's browser, with the keyboard only: the token field has the focus, type, Enter.
                let browser = try ChromiumSession()
                try browser.navigate(base + "/login?next=%2Fapps")
                // Autofocus applies at the page's next rendering update, which can follow the load event
                // on a busy machine: wait for it, a bounded number of times (30 s at most).
                for _ in 0..<300 {
                    seen.firstFocus = try browser.evaluate("document.activeElement.id") as? String
                    if seen.firstFocus == "token" { break }
                    Thread.sleep(forTimeInterval: 0.1)
                }
                try browser.fill("token", with: TestServer.adminToken)
                try browser.pressEnterAndWait()
                seen.afterSignIn = try browser.evaluate("location.pathname") as? String
                seen.apps = try browser.dom()
                try Self.keep(try browser.screenshot(), "apps")

                // Tab from the top of a page reaches the skip link first.
                try browser.navigate(base + "/apps/fitness")
                try browser.press("Tab", code: 9)
                seen.skipLink = try browser.evaluate("document.activeElement.textContent") as? String
                seen.app = try browser.dom()
                try Self.keep(try browser.screenshot(), "app")

                try browser.navigate(base + "/apps/fitness/flows/signup")
                seen.flow = try browser.dom()
                seen.flowCharts = try browser.evaluate("document.querySelectorAll('main svg').length") as? Int ?? 0
                seen.firstChartWidth = try browser.evaluate(
                    "Math.round(document.querySelector('main svg').getBoundingClientRect().width)") as? Int ?? 0
                try Self.keep(try browser.screenshot(), "flow-report")

                // The revision selector is a plain GET form: pick "All revisions", press Enter on its button.
                try browser.evaluate("document.getElementById('revision').value = 'all'")
                try browser.evaluate("document.querySelector('section.scope button').focus()")
                try browser.pressEnterAndWait()
                seen.allRevisionsQuery = try browser.evaluate("location.search") as? String
                seen.allRevisions = try browser.dom()
                // The range selector is links: follow "Last 7 days".
                try browser.evaluate("document.querySelector('section.scope a[href*=\"since=\"]').focus()")
                try browser.pressEnterAndWait()
                seen.weekQuery = try browser.evaluate("location.search") as? String
                seen.week = try browser.dom()

                try browser.navigate(base + "/apps/fitness/walkthroughs/layering")
                seen.walkthrough = try browser.dom()
                seen.walkthroughCharts = try browser.evaluate("document.querySelectorAll('main svg').length") as? Int ?? 0
                try Self.keep(try browser.screenshot(), "walkthrough-report")

                try browser.navigate(base + "/apps/fitness/revisions/2?environment=production")
                seen.revision = try browser.dom()
                seen.publishFormValid = try browser.evaluate("document.querySelector('form[action$=\"/publish\"]').checkValidity()") as? Bool
                try Self.keep(try browser.screenshot(), "publish-preview")
                return seen
            }
            #expect(seen.signInDump.contains("<h1>Sign in</h1>"), "\(seen.signInDump.prefix(400))")
            #expect(seen.signInDump.contains(#"<input id="token" name="token" type="password""#))
            #expect(seen.firstFocus == "token")
            #expect(seen.afterSignIn == "/apps")
            #expect(seen.apps.contains(#"<a href="/apps/fitness">fitness</a>"#))
            // The apps page shows that events are flowing: the figure of GET /v1/apps, every event seeded just now.
            let listed = try await HTTP.send(port: server.port, "/v1/apps", headers: HTTP.admin).object()
            let environments = (listed["apps"] as? [[String: Any]])?.first?["environments"] as? [[String: Any]] ?? []
            let production = try #require(environments.first { $0["name"] as? String == "production" }?["eventsLast24h"] as? Int)
            #expect(production > 600)
            #expect(seen.apps.contains(#"data-figure="events-24h-production">\#(production)</td>"#), "\(seen.apps)")
            #expect(seen.apps.contains(#"data-figure="events-24h-staging">0</td>"#))
            #expect(seen.app.contains("Revision 2"))
            #expect(seen.skipLink == "Skip to content")
            // The flow report: the numbers of `waypoint funnel` (80 played users + 4 in flight + 1 finished), bars and graphs drawn.
            #expect(seen.flow.contains(#"<dd data-figure="started">85</dd>"#))
            #expect(seen.flow.contains(#"<dd data-figure="completed">43</dd>"#))
            #expect(seen.flowCharts == 5)
            // 85 started, 43 completed, 38 abandoned: 4 still in the flow.
            #expect(seen.flow.contains(#"<dd data-figure="inProgress">4</dd>"#))
            #expect(seen.flow.contains("<strong>production</strong> events only · Revision 1 (published) · runs of revision 1"), "\(seen.flow.prefix(2000))")
            #expect(seen.flow.contains(#"data-figure="dropRate">"#))
            #expect(seen.allRevisionsQuery == "?environment=production&revision=all")
            #expect(seen.allRevisions.contains("All revisions · runs of every revision; steps and graph from revision 1 (published)"))
            #expect(seen.allRevisions.contains(#"<option value="all" selected="">All revisions</option>"#), "\(seen.allRevisions.prefix(3000))")
            let week = SeedData.day(Date().addingTimeInterval(-7 * 86_400))
            #expect(seen.weekQuery == "?environment=production&revision=all&since=\(week)", "\(seen.weekQuery ?? "none")")
            #expect(seen.week.contains(#"<strong aria-current="page">Last 7 days</strong>"#))
            #expect(seen.walkthrough.contains(#"<dd data-figure="completionRate">"#))
            #expect(seen.walkthrough.contains(#"data-figure="dropRate">"#))
            #expect(seen.walkthroughCharts >= 2, "bars for all users and each app version: \(seen.walkthroughCharts)")
            #expect(seen.firstChartWidth > 300, "the first chart is drawn \(seen.firstChartWidth) px wide")
            #expect(seen.walkthrough.contains(#"<dd data-figure="started">12</dd>"#))
            #expect(seen.walkthrough.contains("App version 2.4.0"))
            // The revision that removes `registration`: where users in flight would land; the box must be ticked.
            #expect(seen.revision.contains("2 back to <code>splash</code>"))
            #expect(seen.revision.contains("I understand"))
            #expect(seen.publishFormValid == false)
            #expect(server.terminate() == 0)
        }
    }

    /// The dashboard over HTTPS through `deploy/nginx/waypoint.conf` by its host name (not 127.0.0.1,
    /// where browsers would send a `Secure` cookie over plain HTTP too): signing in works and the
    /// session cookie, `Secure`, comes back on the next pages.
    @Test(.enabled(if: NginxSite.executable != nil || NginxSite.isRequired, Comment(rawValue: NginxSite.notInstalledMessage)))
    func signingInOverHTTPSThroughNginx() async throws {
        guard Chromium.executable != nil, NginxSite.executable != nil else {
            Issue.record("chromium or nginx is not installed, and CI=true: `.ci/run` installs both with apt-get")
            return
        }
        try await TemporaryFiles.with { data in
            try await TemporaryFiles.with("nginx") { folder in
                let server = try await ServerProcess(["--data", data.path])
                _ = try await HTTP.createApp(port: server.port, "fitness")
                let nginx = try await NginxProxy(upstreamPort: server.port, folder: folder)
                let arguments = [
                    "--ignore-certificate-errors", "--host-resolver-rules=MAP \(NginxSite.serverName) 127.0.0.1",
                ]
                let seen = try await Self.onThread { () throws -> (path: String?, apps: String, app: String, cookies: [(name: String, secure: Bool)], scheme: String?) in
                    let browser = try ChromiumSession(extraArguments: arguments)
                    try browser.navigate(nginx.secureURL("/login?next=%2Fapps"))
                    try browser.fill("token", with: TestServer.adminToken)
                    try browser.pressEnterAndWait()
                    let path = try browser.evaluate("location.pathname") as? String
                    let scheme = try browser.evaluate("location.protocol") as? String
                    let apps = try browser.dom()
                    try browser.navigate(nginx.secureURL("/apps/fitness"))
                    return (path, apps, try browser.dom(), try browser.cookies(for: nginx.secureURL("/")), scheme)
                }
                #expect(seen.scheme == "https:")
                #expect(seen.path == "/apps", "\(nginx.errorLog)")
                #expect(seen.apps.contains(#"<a href="/apps/fitness">fitness</a>"#), "\(seen.apps.prefix(600))")
                #expect(!seen.app.contains("<h1>Sign in</h1>"), "the session did not survive the next page")
                #expect(!seen.cookies.isEmpty && seen.cookies.allSatisfy(\.secure), "\(seen.cookies)")
                nginx.stop()
                #expect(server.terminate() == 0)
            }
        }
    }

    /// What the browser showed.
    struct Seen: Sendable {
        var signInDump = "", apps = "", app = "", flow = "", walkthrough = "", revision = "", allRevisions = "", week = ""
        var allRevisionsQuery: String?, weekQuery: String?
        var walkthroughCharts = 0
        var firstFocus: String?, afterSignIn: String?, skipLink: String?
        var flowCharts = 0, firstChartWidth = 0
        var publishFormValid: Bool?
    }

    static func keep(_ png: Data, _ name: String) throws {
        // The folder is made here, so a test that runs first (or alone) keeps its screenshot too.
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try png.write(to: output.appendingPathComponent("\(name).png"))
        if ProcessInfo.processInfo.environment["WAYPOINT_RECORD_SCREENSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
            try png.write(to: docs.appendingPathComponent("dashboard-\(name).png"))
        }
    }

    /// Runs blocking browser calls on a thread of their own, off Swift concurrency's threads.
    static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }
}
