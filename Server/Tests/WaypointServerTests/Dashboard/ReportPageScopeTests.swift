import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WaypointServer

/// What the flow and walkthrough pages show: one environment's events, the runs of one revision
/// (the published one by default), a date range, and rates read against the right users; every
/// selector a plain link or GET form kept in the URL.
@Suite("Report page scope")
struct ReportPageScopeTests {
    /// The section of `html` from the heading with `anchor` to the next section.
    static func section(_ html: String, _ anchor: String) -> String {
        guard let start = html.range(of: "<h2 id=\"\(anchor)\">") else { return "" }
        let rest = html[start.lowerBound...]
        return String(rest[..<(rest.range(of: "</section>")?.upperBound ?? rest.endIndex)])
    }

    /// `text` as the pages' templates escape it.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// The scope block at the top of a page.
    static func scopeBlock(_ html: String) -> String {
        guard let start = html.range(of: #"<section class="scope""#) else { return "" }
        let rest = html[start.lowerBound...]
        return String(rest[..<(rest.range(of: "</section>")?.upperBound ?? rest.endIndex)])
    }

    /// The graph part of a section: its heading to the end of its table.
    static func graphPart(_ section: String) -> String {
        guard let start = section.range(of: "<h3>The designed graph with real traffic</h3>") else { return "" }
        let rest = section[start.lowerBound...]
        return String(rest[..<(rest.range(of: "</details>")?.upperBound ?? rest.endIndex)])
    }

    /// A user of `signup` (control) who starts, walks `steps` (id, outcome) and then completes,
    /// abandons, or stays on the last step; a run of revision 1 unless said.
    static func user(_ id: String, _ steps: [(String, String?)], end: String?, revision: Int? = 1) -> [String] {
        var lines = [SeedData.event("Flow Started", user: id, at: 0, revision: revision)]
        var second = 1
        for (index, (step, outcome)) in steps.enumerated() {
            lines.append(SeedData.event("Step Viewed", user: id, at: second, step: step, index: index, revision: revision))
            second += 2
            if let outcome {
                lines.append(SeedData.event("Step Completed", user: id, at: second, step: step, index: index, outcome: outcome, revision: revision))
                second += 1
            }
        }
        if let end { lines.append(SeedData.event(end, user: id, at: second + 1, revision: revision)) }
        return lines
    }

    /// A user of `layering` who starts, is shown `intro` and completes the walkthrough or not; a run
    /// of revision 1 (the one published in these tests) unless said.
    static func walkthroughUser(_ id: String, completes: Bool, revision: Int? = 1) -> [String] {
        var lines = [
            SeedData.event("Walkthrough Started", user: id, at: 0, walkthrough: "layering", revision: revision),
            SeedData.event("Hint Shown", user: id, at: 1, step: "intro", walkthrough: "layering", revision: revision),
        ]
        if completes {
            lines.append(SeedData.event("Hint Completed", user: id, at: 2, step: "intro", walkthrough: "layering", trigger: "tap", revision: revision))
            lines.append(SeedData.event("Walkthrough Completed", user: id, at: 3, walkthrough: "layering", revision: revision))
        }
        return lines
    }

    // MARK: Environments

    /// Production's page counts production's users only, staging's page staging's, and each says
    /// which environment it shows (never "production" on the staging page).
    @Test func eachEnvironmentsPageShowsItsOwnEventsAndSaysSo() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            _ = try await client.upload("fitness", try TestServer.example("waypoint.json"))
            _ = try await client.publish("fitness", revision: 1)
            _ = try await client.publish("fitness", revision: 1, to: "staging")
            // Production: 3 started, 2 completed. Staging (a QA user and a tester): 2 started, none completed.
            let production = Self.user("p-1", [("splash", "login"), ("login", "next")], end: "Flow Completed")
                + Self.user("p-2", [("splash", "login"), ("login", "next")], end: "Flow Completed")
                + Self.user("p-3", [("splash", "register"), ("registration", nil)], end: nil)
                + Self.walkthroughUser("pw-1", completes: true) + Self.walkthroughUser("pw-2", completes: false)
                + Self.walkthroughUser("pw-3", completes: true)
            let staging = Self.user("qa-1", [("splash", "login"), ("login", nil)], end: "Flow Abandoned")
                + Self.user("qa-2", [("splash", nil)], end: nil)
                + Self.walkthroughUser("qw-1", completes: false)
            #expect(try await client.postEvents(key: app.production, lines: production).status == .ok)
            #expect(try await client.postEvents(key: app.staging, lines: staging).status == .ok)

            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let productionPage = try await browser.get("/apps/fitness/flows/signup?environment=production")
            #expect(productionPage.status == .ok)
            let all = Self.section(productionPage.text, "all-users")
            #expect(all.contains(#"<dd data-figure="started">3</dd>"#) && all.contains(#"<dd data-figure="completed">2</dd>"#))
            #expect(all.contains(#"<dd data-figure="abandoned">0</dd>"#) && all.contains(#"<dd data-figure="inProgress">1</dd>"#))
            #expect(Self.scopeBlock(productionPage.text).contains("<strong>production</strong> events only"))
            #expect(!productionPage.text.contains("staging</strong> events"))

            let stagingPage = try await browser.get("/apps/fitness/flows/signup?environment=staging")
            #expect(stagingPage.status == .ok)
            let staged = Self.section(stagingPage.text, "all-users")
            #expect(staged.contains(#"<dd data-figure="started">2</dd>"#) && staged.contains(#"<dd data-figure="completed">0</dd>"#))
            #expect(staged.contains(#"<dd data-figure="abandoned">1</dd>"#) && staged.contains(#"<dd data-figure="inProgress">1</dd>"#))
            let stagingScope = Self.scopeBlock(stagingPage.text)
            #expect(stagingScope.contains("<strong>staging</strong> events only"))
            #expect(!stagingPage.text.contains("production apps") && !stagingPage.text.contains("production</strong> events"))
            // The switch keeps the page and marks the environment shown.
            #expect(stagingScope.contains(#"<strong aria-current="page">staging</strong>"#))
            #expect(stagingScope.contains(#"<a href="?environment=production">production</a>"#))

            let productionTour = try await browser.get("/apps/fitness/walkthroughs/layering")
            #expect(productionTour.text.contains(#"<dd data-figure="started">3</dd>"#))
            #expect(productionTour.text.contains(#"<dd data-figure="completionRate">66.7%</dd>"#))
            #expect(Self.scopeBlock(productionTour.text).contains("<strong>production</strong> events only"))
            let stagingTour = try await browser.get("/apps/fitness/walkthroughs/layering?environment=staging")
            #expect(stagingTour.text.contains(#"<dd data-figure="started">1</dd>"#))
            #expect(stagingTour.text.contains(#"<dd data-figure="completionRate">0.0%</dd>"#))
            #expect(Self.scopeBlock(stagingTour.text).contains("<strong>staging</strong> events only"))
            #expect(!stagingTour.text.contains("production</strong> events"))
        }
    }

    // MARK: Revisions and dates

    /// Revision 1 published on 20 November, revision 2 (without `registration`) on 24 November.
    static func twoRevisions(_ client: any TestClientProtocol, clock: LockedBox<Date>) async throws -> TestApp {
        let app = try await client.createApp("fitness")
        _ = try await client.upload("fitness", try TestServer.example("waypoint.json"))
        _ = try await client.upload("fitness", try SeedData.withoutRegistration())
        clock.set(try #require(ISO8601DateFormatter().date(from: "2026-11-20T09:30:00Z")))
        _ = try await client.publish("fitness", revision: 1)
        clock.set(try #require(ISO8601DateFormatter().date(from: "2026-11-24T15:00:00Z")))
        _ = try await client.publish("fitness", revision: 2)
        // Revision 1's users went through registration; revision 2's go from splash to personalization.
        let lines = Self.user("r1-a", [("splash", "register"), ("registration", "newUser"), ("personalization", nil)], end: nil, revision: 1)
            + Self.user("r1-b", [("splash", "register"), ("registration", nil)], end: "Flow Abandoned", revision: 1)
            + Self.user("r2-a", [("splash", "register"), ("personalization", nil)], end: nil, revision: 2)
        #expect(try await client.postEvents(key: app.production, lines: lines).status == .ok)
        return app
    }

    /// The page defaults to the published revision's runs and says so; the selector lists every
    /// revision and "all revisions"; each graph is drawn against its revision's own document.
    @Test func theFlowPageDefaultsToThePublishedRevisionAndDrawsEachRevisionsGraph() async throws {
        let clock = LockedBox(Date())
        try await TestServer.run(now: { clock.get() }) { client in
            _ = try await Self.twoRevisions(client, clock: clock)
            var browser = DashboardBrowser(client)
            try await browser.signIn()

            let page = try await browser.get("/apps/fitness/flows/signup")
            #expect(page.status == .ok)
            let scope = Self.scopeBlock(page.text)
            #expect(scope.contains("Revision 2 (published) · runs of revision 2"), "\(scope)")
            #expect(scope.contains(#"<option value="2" selected>Revision 2 (published)</option>"#))
            #expect(scope.contains(#"<option value="1">Revision 1</option>"#))
            #expect(scope.contains(#"<option value="all">All revisions</option>"#))
            #expect(scope.contains(#"<select id="revision" name="revision">"#) && scope.contains(#"<form method="get""#))
            // Revision 2's graph: its document has no `registration`, and `register` leads to personalization.
            let control = Self.graphPart(Self.section(page.text, "variation-1"))
            #expect(control.contains(Self.escaped("Drawn against revision 2's document, from the runs of revision 2 only.")))
            #expect(!control.contains("registration"), "\(control)")
            #expect(control.contains("<td><code>splash</code></td><td>register</td><td><code>personalization</code></td>"))

            let first = try await browser.get("/apps/fitness/flows/signup?revision=1")
            #expect(first.status == .ok)
            #expect(Self.scopeBlock(first.text).contains("Revision 1 (revision 2 is published) · runs of revision 1"))
            #expect(Self.scopeBlock(first.text).contains(#"<option value="1" selected>Revision 1</option>"#))
            let firstGraph = Self.graphPart(Self.section(first.text, "variation-1"))
            #expect(firstGraph.contains(Self.escaped("Drawn against revision 1's document, from the runs of revision 1 only.")))
            #expect(firstGraph.contains("<td><code>splash</code></td><td>register</td><td><code>registration</code></td>"))
            // The environment switch keeps the revision asked for.
            #expect(Self.scopeBlock(first.text).contains(#"<a href="?environment=staging&amp;revision=1">staging</a>"#))

            let every = try await browser.get("/apps/fitness/flows/signup?revision=all")
            #expect(every.status == .ok)
            let everyScope = Self.scopeBlock(every.text)
            #expect(everyScope.contains("All revisions · runs of every revision; steps and graph from revision 2 (published)"))
            #expect(everyScope.contains(#"<option value="all" selected>All revisions</option>"#))
            let everyGraph = Self.graphPart(Self.section(every.text, "variation-1"))
            #expect(everyGraph.contains("from the runs of revision 2 only (the published revision): the table above counts every revision, a graph never mixes them."))
            #expect(everyScope.contains(Self.escaped("the graph drawn from revision 2's runs only, so it never mixes revisions")))
            #expect(!everyGraph.contains("registration"))
        }
    }

    /// The range selector: 7, 30, 90 days back from the page's day, all dates, and since the shown
    /// revision was published there (the recorded time of the publish, not of the upload).
    @Test func theRangeSelectorLinksKeepTheScopeInTheURL() async throws {
        let clock = LockedBox(Date())
        try await TestServer.run(now: { clock.get() }) { client in
            let created: TestApp? = try await Self.twoRevisions(client, clock: clock)
            var browser = DashboardBrowser(client)
            try await browser.signIn()

            let page = try await browser.get("/apps/fitness/flows/signup")
            let scope = Self.scopeBlock(page.text)
            // The clock says 2026-11-24T15:00Z: 7 days back is the 17th, 30 the 25th of October, 90 the 26th of August.
            #expect(scope.contains(#"<a href="?environment=production&amp;since=2026-11-17">Last 7 days</a>"#), "\(scope)")
            #expect(scope.contains(#"<a href="?environment=production&amp;since=2026-10-25">Last 30 days</a>"#))
            #expect(scope.contains(#"<a href="?environment=production&amp;since=2026-08-26">Last 90 days</a>"#))
            #expect(scope.contains(#"<strong aria-current="page">All dates</strong>"#))
            #expect(scope.contains(
                #"<a href="?environment=production&amp;since=2026-11-24T15:00:00.000Z">Since revision 2 was published (2026-11-24 15:00 UTC)</a>"#))
            #expect(scope.contains("All dates: every user, whenever they started"))

            let week = try await browser.get("/apps/fitness/flows/signup?environment=production&since=2026-11-17")
            #expect(week.status == .ok)
            let weekScope = Self.scopeBlock(week.text)
            #expect(weekScope.contains(#"<strong aria-current="page">Last 7 days</strong>"#))
            #expect(weekScope.contains("Users who started from 2026-11-17 (last 7 days)"))
            // The revision form keeps the range; the environment switch keeps it too.
            #expect(weekScope.contains(#"<input type="hidden" name="since" value="2026-11-17">"#))
            #expect(weekScope.contains(#"<a href="?environment=staging&amp;since=2026-11-17">staging</a>"#))

            let sincePublish = try await browser.get("/apps/fitness/flows/signup?since=2026-11-24T15:00:00.000Z")
            #expect(Self.scopeBlock(sincePublish.text).contains(
                #"<strong aria-current="page">Since revision 2 was published (2026-11-24 15:00 UTC)</strong>"#))
            let oldRevision = try await browser.get("/apps/fitness/flows/signup?revision=1&until=2026-11-24")
            #expect(Self.scopeBlock(oldRevision.text).contains(
                #"<a href="?environment=production&amp;revision=1&amp;since=2026-11-20T09:30:00.000Z">Since revision 1 was published (2026-11-20 09:30 UTC)</a>"#))
            #expect(Self.scopeBlock(oldRevision.text).contains("Users who started before 2026-11-24"))

            // Staging never had a publish: no such link, and the page says why.
            let app = try #require(created)
            #expect(try await client.postEvents(key: app.staging, lines: Self.walkthroughUser("qa", completes: false)).status == .ok)
            let staging = try await browser.get("/apps/fitness/walkthroughs/layering?environment=staging")
            #expect(staging.status == .ok)
            #expect(!Self.scopeBlock(staging.text).contains("Since revision"))
            #expect(Self.scopeBlock(staging.text).contains("All revisions · nothing is published to staging"))
            let tour = try await browser.get("/apps/fitness/walkthroughs/layering?since=2026-11-17")
            #expect(Self.scopeBlock(tour.text).contains(#"<strong aria-current="page">Last 7 days</strong>"#))
            #expect(Self.scopeBlock(tour.text).contains(#"<option value="2" selected>Revision 2 (published)</option>"#))
        }
    }

    /// A value the page cannot read is a 400 that says what it takes; a revision the app lacks a 404.
    @Test(arguments: [
        ("?since=yesterday", 400, "since=yesterday is not a date or a time; use a date such as 2026-11-21"),
        ("?until=2026-13-01", 400, "until=2026-13-01 is not a date or a time"),
        ("?since=2026-11-20&until=2026-11-10", 400, "since=2026-11-20 is not before until=2026-11-10"),
        ("?revision=latest", 400, "revision=latest is not a revision; use the whole number of a revision, such as revision=3, or revision=all for every revision's runs."),
        ("?revision=0", 400, "revision=0 is not a revision"),
        // The flow page adds its own `by` ("…and experiment, and by.").
        ("?sinse=2026-11-01", 400, "This page does not take the parameter \"sinse\"; it takes environment, revision (a number or all), since, until and experiment"),
        ("?since=%3Cscript%3Ex", 400, "since=<script>x is not a date or a time"),
        ("?%3Cb%3E=1", 400, "This page does not take the parameter \"<b>\""),
        ("?environment=qa", 404, "qa"),
        ("?revision=9", 404, "The app \"fitness\" has no revision 9; it has 1, 2. Pick one of them, or revision=all."),
    ])
    func aBadScopeIsRefusedWithItsReason(query: String, status: Int, message: String) async throws {
        let clock = LockedBox(Date())
        try await TestServer.run(now: { clock.get() }) { client in
            _ = try await Self.twoRevisions(client, clock: clock)
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            for page in ["/apps/fitness/flows/signup", "/apps/fitness/walkthroughs/layering"] {
                let answer = try await browser.get(page + query)
                #expect(answer.status.code == status, "\(page)\(query): \(answer.status)")
                #expect(answer.text.contains(Self.escaped(message)), "\(page)\(query): \(answer.text)")
                #expect(!answer.text.contains("<script") && !answer.text.contains("<b>"), "\(page)\(query) shows a raw tag")
            }
        }
    }

    // MARK: The same revision values as the API

    /// Each report of the API and the dashboard page that shows it.
    static let reportRoutes = [
        ("/v1/apps/fitness/funnel?flow=signup&", "/apps/fitness/flows/signup?"),
        ("/v1/apps/fitness/walkthroughs/layering/report?", "/apps/fitness/walkthroughs/layering?"),
        ("/v1/apps/fitness/experiments/short-signup?", "/apps/fitness/experiments/short-signup?"),
    ]

    /// The report API and the report pages take the same `revision` values: a revision's number, or
    /// `all` for every revision's runs (the API's answer then is the one without `revision`).
    @Test(arguments: ["all", "1", "2"])
    func theAPIAndThePagesTakeTheSameRevisions(revision: String) async throws {
        let clock = LockedBox(Date())
        try await TestServer.run(now: { clock.get() }) { client in
            let app = try await Self.twoRevisions(client, clock: clock)
            #expect(try await client.postEvents(key: app.production, lines: Self.walkthroughUser("w-1", completes: true)).status == .ok)
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            for (api, page) in Self.reportRoutes {
                let answer = try await client.send(api + "revision=" + revision, headers: TestServer.admin)
                #expect(answer.status == .ok, "\(api)revision=\(revision): \(answer.text)")
                let shown = try await browser.get(page + "revision=" + revision)
                #expect(shown.status == .ok, "\(page)revision=\(revision): \(shown.status)")
                if revision == "all" {
                    let unscoped = try await client.send(String(api.dropLast()), headers: TestServer.admin)
                    #expect(answer.text == unscoped.text, "\(api)")
                    #expect(Self.scopeBlock(shown.text).contains(#"<option value="all" selected>All revisions</option>"#), "\(page)")
                } else {
                    #expect(Self.scopeBlock(shown.text).contains(#"<option value="\#(revision)" selected>"#), "\(page)")
                }
            }
        }
    }

    /// Anything else is the same 400 on both, saying what they take.
    @Test(arguments: ["latest", "0", "-1", "1.5", "ALL", ""])
    func theAPIAndThePagesRefuseTheSameRevisions(revision: String) async throws {
        let clock = LockedBox(Date())
        try await TestServer.run(now: { clock.get() }) { client in
            _ = try await Self.twoRevisions(client, clock: clock)
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let message = "revision=\(revision) is not a revision; use the whole number of a revision, such as revision=3, "
                + "or revision=all for every revision's runs."
            for (api, page) in Self.reportRoutes {
                let answer = try await client.send(api + "revision=" + revision, headers: TestServer.admin)
                #expect(answer.status == .badRequest, "\(api)revision=\(revision)")
                #expect(try answer.errorCode() == "bad-query")
                #expect((try answer.object()["error"] as? [String: Any])?["message"] as? String == message, "\(api)")
                let shown = try await browser.get(page + "revision=" + revision)
                #expect(shown.status == .badRequest, "\(page)revision=\(revision)")
                #expect(shown.text.contains(Self.escaped(message)), "\(page)")
            }
        }
    }

    // MARK: The default scope

    /// The flow, walkthrough and experiment pages default to the published revision's runs and say
    /// so in words; `revision=all` counts every revision's.
    @Test func everyReportPageDefaultsToThePublishedRevisionAndSaysSo() async throws {
        let clock = LockedBox(Date())
        try await TestServer.run(now: { clock.get() }) { client in
            let app = try await Self.twoRevisions(client, clock: clock)
            // A walkthrough user on each revision.
            let tours = [("w-1", 1), ("w-2", 2)].flatMap { user, revision in
                [SeedData.event("Walkthrough Started", user: user, at: 0, walkthrough: "layering", revision: revision),
                 SeedData.event("Hint Shown", user: user, at: 1, step: "intro", walkthrough: "layering", revision: revision)]
            }
            #expect(try await client.postEvents(key: app.production, lines: tours).status == .ok)
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let words = "Revision 2 (published) · runs of revision 2 — the default of the flow, walkthrough and experiment pages; "
                + "choose All revisions to count every revision's runs"
            for (_, page) in Self.reportRoutes {
                let shown = try await browser.get(String(page.dropLast()))
                #expect(shown.status == .ok, "\(page)")
                let scope = Self.scopeBlock(shown.text)
                #expect(scope.contains(Self.escaped(words)), "\(page): \(scope)")
                #expect(scope.contains(#"<option value="2" selected>Revision 2 (published)</option>"#), "\(page)")
                let every = try await browser.get(page + "revision=all")
                #expect(!Self.scopeBlock(every.text).contains("the default of"), "\(page)")
            }
            // Revision 2's runs only: one of the two walkthrough users, one of the three flow users.
            let tour = try await browser.get("/apps/fitness/walkthroughs/layering")
            #expect(Self.section(tour.text, "all-users").contains(#"<dd data-figure="started">1</dd>"#))
            let everyTour = try await browser.get("/apps/fitness/walkthroughs/layering?revision=all")
            #expect(Self.section(everyTour.text, "all-users").contains(#"<dd data-figure="started">2</dd>"#))
            let flow = try await browser.get("/apps/fitness/flows/signup")
            #expect(Self.section(flow.text, "all-users").contains(#"<dd data-figure="started">1</dd>"#))
            let experiment = try await browser.get("/apps/fitness/experiments/short-signup")
            let everyExperiment = try await browser.get("/apps/fitness/experiments/short-signup?revision=all")
            #expect(experiment.text != everyExperiment.text)
        }
    }

    // MARK: Rates

    /// 51 started: 34 log in and complete; 17 register, of whom 14 complete and 3 stop on
    /// `registration` (2 of them abandon). Registration's drop rate is 3 of its 17 viewers, 17.6%
    /// (not 3 of 51, 5.9%); 1 user is still in progress.
    @Test func aBranchStepsDropRateIsOfItsViewers() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            _ = try await client.upload("fitness", try TestServer.example("waypoint.json"))
            _ = try await client.publish("fitness", revision: 1)
            var lines: [String] = []
            for index in 0..<34 { lines += Self.user("login-\(index)", [("splash", "login"), ("login", "next")], end: "Flow Completed") }
            for index in 0..<14 {
                lines += Self.user("register-\(index)", [("splash", "register"), ("registration", "existingUser")], end: "Flow Completed")
            }
            for index in 0..<3 {
                lines += Self.user("stopped-\(index)", [("splash", "register"), ("registration", nil)], end: index < 2 ? "Flow Abandoned" : nil)
            }
            #expect(try await client.postEvents(key: app.production, lines: lines).status == .ok)
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let page = try await browser.get("/apps/fitness/flows/signup")
            #expect(page.status == .ok)
            let all = Self.section(page.text, "all-users")
            #expect(all.contains(#"<dd data-figure="started">51</dd>"#) && all.contains(#"<dd data-figure="completed">48</dd>"#))
            #expect(all.contains(#"<dd data-figure="abandoned">2</dd>"#) && all.contains(#"<dd data-figure="inProgress">1</dd>"#))
            #expect(all.contains(
                #"<th scope="row"><code>registration</code></th><td class="number">17</td><td class="number">0</td><td class="number">3</td><td class="number" data-figure="dropRate">17.6%</td>"#),
                "\(all)")
            #expect(all.contains(
                #"<th scope="row"><code>splash</code></th><td class="number">51</td><td class="number">0</td><td class="number">0</td><td class="number" data-figure="dropRate">0.0%</td>"#))
            // A step nobody viewed has no drop rate.
            #expect(all.contains(
                #"<th scope="row"><code>personalization</code></th><td class="number">0</td><td class="number">0</td><td class="number">0</td><td class="number" data-figure="dropRate">–</td>"#))
            // The bar's label reads the same rate.
            #expect(all.contains("17 viewed (33.3% of started) · 3 dropped (17.6% of viewers)"))
        }
    }

    /// The walkthrough page: completion rate, each hint's rates of the users it was shown to, and bars.
    @Test func theWalkthroughPageShowsRatesAndBars() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            _ = try await client.upload("fitness", try TestServer.example("waypoint.json"))
            _ = try await client.publish("fitness", revision: 1)
            // Runs of revision 1, the published one. 8 started; intro shown to 8: 6 complete it, 1 skips it, 1 stops; panel-cell shown to 6: 4 complete the tour, 2 stop.
            var lines: [String] = []
            for index in 0..<8 {
                let user = "tour-\(index)"
                lines.append(SeedData.event("Walkthrough Started", user: user, at: 0, walkthrough: "layering", revision: 1))
                lines.append(SeedData.event("Hint Shown", user: user, at: 1, step: "intro", walkthrough: "layering", revision: 1))
                if index == 6 { lines.append(SeedData.event("Hint Skipped", user: user, at: 2, step: "intro", walkthrough: "layering", trigger: "skip", revision: 1)) }
                guard index < 6 else { continue }
                lines.append(SeedData.event("Hint Completed", user: user, at: 2, step: "intro", walkthrough: "layering", trigger: "tap", revision: 1))
                lines.append(SeedData.event("Hint Shown", user: user, at: 3, step: "panel-cell", walkthrough: "layering", revision: 1))
                guard index < 4 else { continue }
                lines.append(SeedData.event("Hint Completed", user: user, at: 4, step: "panel-cell", walkthrough: "layering", trigger: "button", revision: 1))
                lines.append(SeedData.event("Walkthrough Completed", user: user, at: 5, walkthrough: "layering", revision: 1))
            }
            #expect(try await client.postEvents(key: app.production, lines: lines).status == .ok)
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let page = try await browser.get("/apps/fitness/walkthroughs/layering")
            #expect(page.status == .ok)
            let all = Self.section(page.text, "all-users")
            #expect(all.contains(#"<dd data-figure="started">8</dd>"#) && all.contains(#"<dd data-figure="completionRate">50.0%</dd>"#))
            // intro: shown 8 (100% of started), completed 6 (75%), skipped 1 (12.5%), 2 stopped on it (25%).
            #expect(all.contains(#"<td class="number">8 <span class="rate" data-figure="shownRate">100.0%</span></td>"#), "\(all)")
            #expect(all.contains(#"<td class="number">6 <span class="rate" data-figure="completedRate">75.0%</span> <span class="hint">(tap 6)</span></td>"#))
            #expect(all.contains(#"<td class="number">1 <span class="rate" data-figure="skippedRate">12.5%</span></td>"#))
            #expect(all.contains(#"<td class="number">2 <span class="rate" data-figure="dropRate">25.0%</span></td>"#))
            // panel-cell: shown 6 (75% of started), completed 4 (66.7%), 2 stopped (33.3%).
            #expect(all.contains(#"<td class="number">6 <span class="rate" data-figure="shownRate">75.0%</span></td>"#))
            #expect(all.contains(#"<td class="number">2 <span class="rate" data-figure="dropRate">33.3%</span></td>"#))
            #expect(all.contains("<svg") && all.contains("6 shown (75.0% of started) · 2 dropped (33.3% of those shown it)"))
        }
    }
}
