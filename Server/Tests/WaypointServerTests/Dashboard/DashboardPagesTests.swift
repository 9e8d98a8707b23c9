import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WaypointServer

/// The dashboard's pages, read as HTML: apps, revisions and publishing, the flow and walkthrough reports.
@Suite("Dashboard pages")
struct DashboardPagesTests {
    /// Users in the middle of `signup` (control): two on registration, one on login, one who went
    /// back from registration to splash, and a finished one who is not in flight.
    static let inFlightUsers: [String] =
        SeedData.inFlight("on-registration-1", [("splash", "register"), ("registration", nil)])
        + SeedData.inFlight("on-registration-2", [("splash", "register"), ("registration", nil)])
        + SeedData.inFlight("on-login", [("splash", "login"), ("login", nil)])
        + SeedData.inFlight("went-back", [("splash", "register"), ("registration", "back")])
        + [SeedData.event("Step Viewed", user: "went-back", at: 30, step: "splash", index: 0)]
        + SeedData.inFlight("finished", [("splash", "login"), ("login", "next")])
        + [SeedData.event("Flow Completed", user: "finished", at: 40)]

    @Test func publishingARevisionThatRemovesAStepUsersAreOnAsksToConfirm() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            #expect(try await client.upload("fitness", try TestServer.example("waypoint.json")).status == .created)
            #expect(try await client.publish("fitness", revision: 1).status == .ok)
            #expect(try await client.postEvents(key: app.production, lines: Self.inFlightUsers).status == .ok)
            #expect(try await client.upload("fitness", try SeedData.withoutRegistration()).status == .created)

            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let page = try await browser.get("/apps/fitness/revisions/2?environment=production")
            #expect(page.status == .ok)
            let html = page.text
            // The changes in words name the removed step.
            #expect(html.contains("<li class=\"removed\">flow signup (control) · step registration removed</li>"), "\(html)")
            // Four users in flight: the one on login resumes there, the two on registration lose the
            // step and fall back to splash, the one who went back to splash resumes at splash.
            #expect(html.contains("2 back to <code>splash</code>"), "\(html)")
            #expect(html.contains("1 at <code>login</code>"))
            #expect(html.contains("1 at <code>splash</code>"))
            #expect(html.contains("I understand"))

            // Publishing without ticking the box publishes nothing.
            let csrf = try #require(DashboardBrowser.csrf(in: html))
            let refused = try await browser.post(
                "/apps/fitness/environments/production/publish", form: [("csrf", csrf), ("revision", "2")])
            #expect(refused.status == .conflict)
            #expect(refused.text.contains("Nothing was published"))
            #expect(try await client.document(key: app.production).headers[.eTag] == "\"\(SecretHash.sha256Hex([UInt8](try TestServer.example("waypoint.json"))))\"")

            // Confirmed, it is published.
            let published = try await browser.post(
                "/apps/fitness/environments/production/publish", form: [("csrf", csrf), ("revision", "2"), ("confirm", "yes")])
            #expect(published.status == .seeOther)
            #expect(published.headers[.location] == "/apps/fitness?published=production&revision=2")
            let appPage = try await browser.get(published.headers[.location] ?? "")
            #expect(appPage.text.contains("Revision 2 is published to production"))
            #expect(try await client.document(key: app.production).data == (try SeedData.withoutRegistration()))
        }
    }

    @Test func thePreviewAPIAnswersTheSameAsThePage() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            _ = try await client.upload("fitness", try TestServer.example("waypoint.json"))
            _ = try await client.publish("fitness", revision: 1)
            _ = try await client.postEvents(key: app.production, lines: Self.inFlightUsers)
            _ = try await client.upload("fitness", try SeedData.withoutRegistration())
            let answer = try await client.send("/v1/apps/fitness/revisions/2/preview?environment=production", headers: TestServer.admin)
            #expect(answer.status == .ok, "\(answer.text)")
            let object = try answer.object()
            #expect(object["revision"] as? Int == 2)
            #expect(object["publishedRevision"] as? Int == 1)
            #expect(object["environment"] as? String == "production")
            // Nobody would lose everything, but two users would be moved back: publishing asks to confirm.
            #expect(object["wouldDiscardUsers"] as? Bool == false)
            #expect(object["needsConfirmation"] as? Bool == true)
            #expect(object["movedBackUsers"] as? Int == 2)
            #expect(object["discardedUsers"] as? Int == 0)
            let flows = try #require(object["flows"] as? [[String: Any]])
            let signup = try #require(flows.first { $0["id"] as? String == "signup" })
            let inFlight = try #require(signup["inFlight"] as? [String: Any])
            #expect(inFlight["users"] as? Int == 4)
            let resumed = try #require(inFlight["resumed"] as? [[String: Any]])
            #expect(Set(resumed.map { "\($0["users"] ?? "") at \($0["step"] ?? "")" }) == ["1 at login", "1 at splash"])
            let truncated = try #require(inFlight["truncated"] as? [[String: Any]])
            #expect(truncated.map { "\($0["users"] ?? "") to \($0["step"] ?? ""), \($0["droppedVisits"] ?? "") dropped" } == ["2 to splash, 2 dropped"])
            let paths = try #require(signup["pathCount"] as? [String: Any])
            #expect(paths["published"] as? String == "5" && paths["candidate"] as? String == "4")
            // Without an admin token, and for a revision that does not exist.
            #expect(try await client.send("/v1/apps/fitness/revisions/2/preview").status == .unauthorized)
            #expect(try await client.send("/v1/apps/fitness/revisions/9/preview", headers: TestServer.admin).status == .notFound)
            #expect(try await client.send("/v1/apps/fitness/revisions/2/preview?environment=moon", headers: TestServer.admin).status == .notFound)
        }
    }

    @Test func everyTextIsEscaped() async throws {
        let hostile = #"<script>alert("x")</script> & 'q'"#
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            var document = String(decoding: try TestServer.example("waypoint.json"), as: UTF8.self)
            document = document.replacingOccurrences(of: #""screen": "Login""#, with: #""screen": "<script>alert(\"login\")</script>""#)
            _ = try await client.upload("fitness", try TestServer.example("waypoint.json"))
            let second = try await client.upload("fitness", Data(document.utf8))
            #expect(second.status == .created, "\(second.text)")
            _ = try await client.publish("fitness", revision: 2)
            // Events name steps and variations the document does not know.
            let lines = [
                SeedData.event("Flow Started", user: "u1", at: 0, variation: hostile),
                SeedData.event("Step Viewed", user: "u1", at: 1, step: hostile, index: 0, variation: hostile),
                SeedData.event("Step Completed", user: "u1", at: 2, step: hostile, index: 0, outcome: "\"><script>x</script>", variation: hostile),
                SeedData.event("Walkthrough Started", user: "u1", at: 3, walkthrough: "layering"),
                SeedData.event("Hint Shown", user: "u1", at: 4, step: hostile, walkthrough: "layering"),
            ]
            #expect(try await client.postEvents(key: app.production, lines: lines).status == .ok)

            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let csrf = try #require(DashboardBrowser.csrf(in: try await browser.get("/apps").text))
            _ = try await browser.post("/apps", form: [("csrf", csrf), ("id", "chess"), ("name", hostile)])
            let pages = [
                "/apps", "/apps/chess", "/apps/fitness/revisions/2?against=1",
                "/apps/fitness/flows/signup?revision=all", "/apps/fitness/walkthroughs/layering?revision=all",
            ]
            for path in pages {
                let page = try await browser.get(path)
                #expect(page.status == .ok, "\(path): \(page.status)")
                #expect(!page.text.contains("<script"), "\(path) has a raw <script")
                #expect(page.text.contains("&lt;script&gt;"), "\(path) shows no escaped text")
            }
        }
    }

    /// Users whose start is missing (cut by retention, lost) count in no figure, and the flow and
    /// walkthrough pages say how many were left out rather than dropping them silently.
    @Test func thePagesSayWhoWasLeftOutForHavingNoStart() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            _ = try await client.upload("fitness", try TestServer.example("waypoint.json"))
            _ = try await client.publish("fitness", revision: 1)
            let lines = [
                SeedData.event("Flow Started", user: "u1", at: 0),
                SeedData.event("Flow Completed", user: "u1", at: 1),
                SeedData.event("Step Viewed", user: "u2", at: 2, step: "splash", index: 0),
                SeedData.event("Flow Completed", user: "u3", at: 3),
                SeedData.event("Hint Shown", user: "u2", at: 4, step: "pick", walkthrough: "layering"),
            ]
            #expect(try await client.postEvents(key: app.production, lines: lines).status == .ok)
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let flow = try await browser.get("/apps/fitness/flows/signup?revision=all").text
            #expect(flow.contains(#"<dd data-figure="started">1</dd>"#))
            #expect(flow.contains(#"<dd data-figure="completed">1</dd>"#))
            #expect(flow.contains("2 users with events but no Flow Started are left out of every figure."))
            let walkthrough = try await browser.get("/apps/fitness/walkthroughs/layering?revision=all").text
            #expect(walkthrough.contains("1 user with events but no Walkthrough Started is left out of every figure."))
        }
    }

    @Test func theFlowPageShowsTheReportsFiguresByVariationWithBarsAndTheTrafficGraph() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            _ = try await client.upload("fitness", try TestServer.example("waypoint.json"))
            _ = try await client.publish("fitness", revision: 1)
            // Runs of revision 1, the published one, whose runs the page shows by default.
            let lines = String(decoding: try TestServer.cliFixture("Snapshots/flow-report-events.jsonl"), as: UTF8.self)
                .split(separator: "\n").map(String.init).map(SeedData.ofRevision(1))
            for start in stride(from: 0, to: lines.count, by: 500) {
                let batch = Array(lines[start..<min(start + 500, lines.count)])
                #expect(try await client.postEvents(key: app.production, lines: batch).status == .ok)
            }
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let page = try await browser.get("/apps/fitness/flows/signup")
            #expect(page.status == .ok)
            let html = page.text
            // The same figures as `waypoint funnel` (Tests/WaypointCLITests/Snapshots/flow-report.txt).
            #expect(html.contains(#"<dd data-figure="started">80</dd>"#))
            #expect(html.contains(#"<dd data-figure="completed">42</dd>"#))
            #expect(html.contains(#"<dd data-figure="abandoned">38</dd>"#))
            #expect(html.contains("52.5%"))
            #expect(html.contains(#"<h2 id="variation-1">Variation control</h2>"#))
            #expect(html.contains(#"<h2 id="variation-2">Variation short</h2>"#))
            #expect(html.components(separatedBy: "<svg").count - 1 == 5, "bars for all users, bars and a graph per variation")
            #expect(html.contains("The graph as a table"))
            let funnel = try await client.send("/v1/apps/fitness/funnel?flow=signup&by=variation", headers: TestServer.admin).object()
            let byVariation = try #require(funnel["byVariation"] as? [String: [String: Any]])
            for (index, name) in ["control", "short"].enumerated() {
                let started = try #require(byVariation[name]?["started"] as? Int)
                let section = try #require(html.components(separatedBy: "<h2 id=\"variation-\(index + 1)\">").last)
                #expect(section.contains("<dd data-figure=\"started\">\(started)</dd>"))
            }
            // The short variation's rows are its own steps: control's `login` is not listed there.
            let short = try #require(html.components(separatedBy: "<h2 id=\"variation-2\">").last)
            #expect(!short.contains("<code>login</code>"))
            #expect(short.contains("<code>shared-end/notifications</code>"))
            #expect(try await browser.get("/apps/fitness/flows/nope").status == .notFound)
        }
    }

    /// The flow page's drop-off table and the experiment page's comparison split by locale or platform,
    /// with the figures of the API's reports (`by=locale`, `by=platform`).
    @Test func theReportPagesSplitByLocaleAndPlatform() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            _ = try await client.upload("fitness", try TestServer.example("waypoint.json"))
            _ = try await client.publish("fitness", revision: 1)
            // Each user's events carry a locale and a platform chosen by their number.
            let lines = String(decoding: try TestServer.cliFixture("Snapshots/flow-report-events.jsonl"), as: UTF8.self)
                .split(separator: "\n").map(String.init).map(SeedData.ofRevision(1)).map { line -> String in
                    let number = Int(line.components(separatedBy: "\"userId\":\"user-").last?.prefix { $0.isNumber } ?? "") ?? 0
                    let fields = #""locale":"\#(["de", "en", "pt-BR"][number % 3])","platform":"\#(["iOS", "iPadOS"][number % 2])","#
                    return "{" + fields + line.dropFirst()
                }
            for start in stride(from: 0, to: lines.count, by: 500) {
                #expect(try await client.postEvents(key: app.production, lines: Array(lines[start..<min(start + 500, lines.count)])).status == .ok)
            }
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let page = try await browser.get("/apps/fitness/flows/signup?by=locale")
            #expect(page.status == .ok)
            let html = page.text
            #expect(html.contains(#"<h2 id="split">Drop-off by locale</h2>"#))
            #expect(html.contains(#"<strong aria-current="page">locale</strong>"#))
            #expect(html.contains(#"<a href="?environment=production&amp;by=platform">platform</a>"#))
            let funnel = try await client.send("/v1/apps/fitness/funnel?flow=signup&revision=1&by=locale", headers: TestServer.admin).object()
            let byLocale = try #require(funnel["byLocale"] as? [String: [String: Any]])
            #expect(byLocale.keys.sorted() == ["de", "en", "pt-BR"])
            let table = try #require(html.components(separatedBy: #"<h2 id="split">"#).last)
            #expect(table.contains(#"<th scope="col">de</th><th scope="col">en</th><th scope="col">pt-BR</th>"#))
            let dropped = ["de", "en", "pt-BR"].map { locale in
                ((byLocale[locale]?["steps"] as? [[String: Any]]) ?? []).first { $0["stepId"] as? String == "splash" }?["droppedHere"] as? Int ?? 0
            }
            #expect(table.contains("<tr><th scope=\"row\"><code>splash</code></th>" + dropped.map { "<td class=\"number\">\($0)</td>" }.joined()))
            let refused = try await browser.get("/apps/fitness/flows/signup?by=country")
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("by=country is not a split of this page; use by=appVersion, by=revision, by=locale, by=platform."))

            let experiment = try await browser.get("/apps/fitness/experiments/short-signup?by=platform").text
            let report = try await client.send("/v1/apps/fitness/experiments/short-signup?by=platform&sequential=true", headers: TestServer.admin).object()
            let byPlatform = try #require(report["byPlatform"] as? [String: [[String: Any]]])
            #expect(byPlatform.keys.sorted() == ["iOS", "iPadOS"])
            for platform in ["iOS", "iPadOS"] {
                let section = try #require(experiment.components(separatedBy: "<table class=\"variations\" data-value=\"\(platform)\">").last)
                let users = try #require(byPlatform[platform]?.first?["users"] as? Int)
                #expect(section.contains("<caption>Platform \(platform): "))
                #expect(section.contains("<td class=\"number\" data-figure=\"users\">\(users)</td>"))
            }
            #expect(experiment.contains(#"<strong aria-current="page">platform</strong>"#))
            #expect(experiment.contains(#"<input type="hidden" name="by" value="platform">"#), "the goal form keeps the split")
            #expect(try await browser.get("/apps/fitness/experiments/short-signup?by=revision").status == .badRequest)
        }
    }
}
