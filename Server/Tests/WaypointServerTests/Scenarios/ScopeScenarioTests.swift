import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WaypointTools
@testable import WaypointServer

/// The scenario of ``ScopeScenario`` through the API: every figure of the flow report, the
/// walkthrough report and the export, per scope, against the values worked out by hand in its table.
@Suite("Report scope, worked by hand")
struct ScopeScenarioTests {
    /// Started, completed, abandoned, in progress.
    struct Totals: Equatable, CustomStringConvertible {
        var started, completed, abandoned, inProgress: Int
        init(_ started: Int, _ completed: Int, _ abandoned: Int, _ inProgress: Int) {
            (self.started, self.completed, self.abandoned, self.inProgress) = (started, completed, abandoned, inProgress)
        }
        init(_ report: [String: Any]) {
            self.init(report["started"] as? Int ?? -1, report["completed"] as? Int ?? -1, report["abandoned"] as? Int ?? -1, report["inProgress"] as? Int ?? -1)
        }
        var description: String { "started \(started) completed \(completed) abandoned \(abandoned) inProgress \(inProgress)" }
    }

    /// Posts the scenario: revision 1 published, then revision 2 (to both environments).
    static func seeded(_ body: @Sendable @escaping (any TestClientProtocol, TestApp) async throws -> Void) async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("stillwater")
            #expect(try await client.upload("stillwater", Data(ScopeScenario.revision1.utf8)).status == .created)
            #expect(try await client.upload("stillwater", Data(ScopeScenario.revision2.utf8)).status == .created)
            #expect(try await client.publish("stillwater", revision: 2).status == .ok)
            #expect(try await client.publish("stillwater", revision: 2, to: "staging").status == .ok)
            for environment in ["production", "staging"] {
                var lines = ScopeScenario.runs.filter { $0.environment == environment }.flatMap(ScopeScenario.lines)
                if environment == "production" {
                    lines += ScopeScenario.walkthroughLines(user: "a1", day: "2026-11-02", revision: 1, completes: true)
                    lines += ScopeScenario.walkthroughLines(user: "b1", day: "2026-11-10", revision: 2, completes: false)
                } else {
                    lines += ScopeScenario.walkthroughLines(user: "s1", day: "2026-11-10", revision: 2, completes: true)
                }
                let answer = try await client.postEvents(key: environment == "production" ? app.production : app.staging, lines: lines)
                #expect(try answer.object()["accepted"] as? Int == lines.count, "\(answer.text)")
            }
            try await body(client, app)
        }
    }

    static func report(_ client: any TestClientProtocol, _ query: String) async throws -> [String: Any] {
        let answer = try await client.send("/v1/apps/stillwater/funnel?flow=onboarding" + query, headers: TestServer.admin)
        #expect(answer.status == .ok, "\(answer.text)")
        return try answer.object()
    }

    static func steps(_ report: [String: Any]) -> [String: [String: Any]] {
        Dictionary(uniqueKeysWithValues: (report["steps"] as? [[String: Any]] ?? []).map { ($0["stepId"] as? String ?? "", $0) })
    }

    @Test(arguments: [
        ("", Totals(10, 5, 3, 2)),
        ("&environment=staging", Totals(2, 1, 1, 0)),
        ("&revision=1", Totals(6, 3, 2, 1)),
        ("&revision=2", Totals(4, 2, 1, 1)),
        ("&since=2026-11-09", Totals(5, 3, 1, 1)),
        ("&until=2026-11-09", Totals(5, 2, 2, 1)),
        ("&since=2026-11-09&revision=1", Totals(1, 1, 0, 0)),
        ("&environment=staging&until=2026-11-09", Totals(0, 0, 0, 0)),
    ])
    func flowTotalsPerScope(query: String, expected: Totals) async throws {
        try await Self.seeded { client, _ in
            let report = try await Self.report(client, query)
            #expect(Totals(report) == expected)
        }
    }

    @Test func everyStepFigureOfProduction() async throws {
        try await Self.seeded { client, _ in
            let report = try await Self.report(client, "&by=variation")
            let steps = Self.steps(report)
            // viewed, droppedHere, dropRate (of viewers)
            let expected: [(String, Int, Int, Double?)] = [
                ("welcome", 10, 1, 0.1), ("goals", 9, 0, 0), ("stress-check", 3, 1, 1.0 / 3), ("sleep-schedule", 4, 1, 0.25),
                ("breathing-demo", 4, 1, 0.25), ("notifications", 6, 0, 0), ("paywall/trial", 3, 1, 1.0 / 3), ("paywall/offer", 5, 0, 0),
            ]
            for (id, viewed, dropped, rate) in expected {
                let step = try #require(steps[id], "no step \(id)")
                #expect(step["viewed"] as? Int == viewed, "\(id)")
                #expect(step["droppedHere"] as? Int == dropped, "\(id)")
                #expect(abs((step["dropRate"] as? Double ?? -1) - (rate ?? -1)) < 1e-12, "\(id): \(step["dropRate"] ?? "nil")")
            }
            #expect(steps["goals"]?["outcomes"] as? [String: Int] == ["stress": 5, "sleep": 4])
            #expect(steps["notifications"]?["outcomes"] as? [String: Int] == ["next": 5, "skip": 1])
            // The subflow experiment splits the users by the variation their events carry from the paywall on.
            let groups = try #require(report["byVariation"] as? [String: [String: Any]])
            #expect(Totals(groups["control"] ?? [:]) == Totals(3, 3, 0, 0))
            #expect(Totals(groups["trial-first"] ?? [:]) == Totals(3, 2, 1, 0))
            #expect(Totals(groups["(none)"] ?? [:]) == Totals(4, 0, 2, 2))
            let revisions = try #require(report["byRevision"] as? [String: [String: Any]])
            #expect(Totals(revisions["1"] ?? [:]) == Totals(6, 3, 2, 1))
            #expect(Totals(revisions["2"] ?? [:]) == Totals(4, 2, 1, 1))
        }
    }

    @Test func revisionTwoHasNoStressCheckViews() async throws {
        try await Self.seeded { client, _ in
            let steps = Self.steps(try await Self.report(client, "&revision=2"))
            #expect(steps["stress-check"]?["viewed"] as? Int ?? 0 == 0)
            #expect(steps["breathing-demo"]?["viewed"] as? Int == 2)
            #expect(steps["breathing-demo"]?["dropRate"] as? Double == 0.5)
        }
    }

    /// A report of one revision's runs is bounded by that revision's document, not the published one.
    @Test func aRevisionsReportFollowsItsOwnDocument() async throws {
        try await Self.seeded { client, _ in
            let report = try await Self.report(client, "&revision=1")
            let ids = (report["steps"] as? [[String: Any]] ?? []).map { $0["stepId"] as? String ?? "" }
            #expect(ids == ["welcome", "goals", "stress-check", "sleep-schedule", "breathing-demo", "notifications", "paywall/offer", "paywall/trial"])
            let steps = Self.steps(report)
            #expect(steps["stress-check"]?["inDocument"] as? Bool == true)
            #expect(steps["stress-check"]?["viewed"] as? Int == 3)
            let missing = try await client.send("/v1/apps/stillwater/funnel?flow=onboarding&revision=9", headers: TestServer.admin)
            #expect(missing.status == .notFound)
            #expect(missing.text.contains("has no revision 9"))
        }
    }

    @Test func walkthroughPerScope() async throws {
        try await Self.seeded { client, _ in
            for (query, started, completed) in [("", 2, 1), ("?environment=staging", 1, 1), ("?revision=2", 1, 0), ("?until=2026-11-09", 1, 1)] {
                let answer = try await client.send("/v1/apps/stillwater/walkthroughs/home-tour/report" + query, headers: TestServer.admin)
                #expect(answer.status == .ok, "\(query): \(answer.text)")
                let report = try answer.object()
                #expect(report["started"] as? Int == started, "\(query)")
                #expect(report["completed"] as? Int == completed, "\(query)")
                #expect(report["completionRate"] as? Double == (started == 0 ? 0 : Double(completed) / Double(started)), "\(query)")
            }
        }
    }

    @Test func theExportHoldsOneEnvironment() async throws {
        try await Self.seeded { client, _ in
            for environment in ["production", "staging"] {
                let export = try await client.send("/v1/apps/stillwater/events?format=jsonl&environment=\(environment)", headers: TestServer.admin)
                let users = Set(export.text.split(separator: "\n").compactMap { line in
                    (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["userId"] as? String
                })
                let expected = Set(ScopeScenario.runs.filter { $0.environment == environment }.map(\.user))
                #expect(users == expected, "\(environment)")
            }
        }
    }

    /// The first figure of a page (its "All users" group): `<dd data-figure="started">4</dd>` → "4".
    static func figure(_ name: String, in html: String) -> String? {
        guard let start = html.range(of: "data-figure=\"\(name)\">") else { return nil }
        return String(html[start.upperBound...].prefix { $0 != "<" })
    }

    @Test func thePagesShowTheirEnvironmentRevisionAndRange() async throws {
        try await Self.seeded { client, _ in
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            // (path, started, completed, abandoned, in progress)
            let cases: [(String, String, String, String, String)] = [
                ("", "4", "2", "1", "1"),  // the published revision's runs
                ("?environment=staging", "2", "1", "1", "0"),
                ("?revision=1", "6", "3", "2", "1"),
                ("?revision=all", "10", "5", "3", "2"),
                ("?revision=all&since=2026-11-09", "5", "3", "1", "1"),
            ]
            for (query, started, completed, abandoned, inProgress) in cases {
                let page = try await browser.get("/apps/stillwater/flows/onboarding" + query)
                #expect(page.status == .ok, "\(query): \(page.status)")
                let figures = ["started", "completed", "abandoned", "inProgress"].map { Self.figure($0, in: page.text) ?? "?" }
                #expect(figures == [started, completed, abandoned, inProgress], "\(query)")
            }
            // Revision 2's graph and steps have no stress-check; revision 1's are drawn against its own document.
            let second = try await browser.get("/apps/stillwater/flows/onboarding").text
            #expect(!second.contains("stress-check"))
            #expect(second.contains("Drawn against revision 2&#39;s document, from the runs of revision 2 only."))
            let first = try await browser.get("/apps/stillwater/flows/onboarding?revision=1").text
            #expect(first.contains("<code>stress-check</code>"))
            #expect(first.contains("Drawn against revision 1&#39;s document, from the runs of revision 1 only."))
            // The drop rate of a branch step's viewers: 1 of revision 1's 3 stress-check viewers.
            #expect(first.contains(#"<th scope="row"><code>stress-check</code></th><td class="number">3</td><td class="number">0</td><td class="number">1</td><td class="number" data-figure="dropRate">33.3%</td>"#))
            // The walkthrough page defaults to the published revision's runs too; all of them with revision=all.
            let tour = try await browser.get("/apps/stillwater/walkthroughs/home-tour?revision=all").text
            #expect(Self.figure("started", in: tour) == "2")
            #expect(Self.figure("completionRate", in: tour) == "50.0%")
            let publishedTour = try await browser.get("/apps/stillwater/walkthroughs/home-tour").text
            #expect(publishedTour.contains("runs of revision 2 — the default of the flow, walkthrough and experiment pages"))
        }
    }

    /// Events of two experiments: the API refuses to choose; the page splits by the one its document
    /// declares, and says so; `experiment=` chooses.
    @Test func twoExperimentsAreChosenBetweenNeverMixed() async throws {
        try await Self.seeded { client, app in
            let old = #"{"messageId":"x1-0","userId":"x1","event":"Flow Started","timestamp":"2026-11-12T10:00:00.000Z","flowId":"onboarding","flowVersion":1,"revision":2,"experiment":"old-paywall","variation":"a"}"#
            #expect(try await client.postEvents(key: app.production, lines: [old]).status == .ok)
            let refused = try await client.send("/v1/apps/stillwater/funnel?flow=onboarding&by=variation", headers: TestServer.admin)
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("old-paywall") && refused.text.contains("paywall-test"), "\(refused.text)")
            let chosen = try await Self.report(client, "&by=variation&experiment=paywall-test")
            let groups = try #require(chosen["byVariation"] as? [String: [String: Any]])
            #expect(Totals(groups["control"] ?? [:]) == Totals(3, 3, 0, 0))
            #expect(Totals(groups["trial-first"] ?? [:]) == Totals(3, 2, 1, 0))
            #expect(Totals(groups["(none)"] ?? [:]) == Totals(5, 0, 2, 3))
            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let page = try await browser.get("/apps/stillwater/flows/onboarding?revision=all")
            #expect(page.status == .ok)
            #expect(page.text.contains("Users are split by the variations of paywall-test; this page&#39;s events also carry old-paywall."))
            // The 5 users without a variation are named for what they are, after the variations, and counted as the API counts them.
            #expect(!page.text.contains("(none)"))
            let headings = page.text.components(separatedBy: "<h2 id=\"").dropFirst().compactMap { $0.split(separator: "<").first.map(String.init) }
            #expect(headings.filter { $0.hasPrefix("variation-") } == [#"variation-1">Variation control"#, #"variation-2">Variation trial-first"#, #"variation-3">Not exposed"#])
            let notExposed = ReportPageScopeTests.section(page.text, "variation-3")
            #expect(notExposed.contains(ReportPageScopeTests.escaped(ReportText.notExposedMeaning)))
            #expect(notExposed.contains(#"<dd data-figure="started">5</dd>"#))
            let other = try await browser.get("/apps/stillwater/flows/onboarding?revision=all&experiment=old-paywall")
            #expect(other.status == .ok)
            // old-paywall's variation, which the published document does not declare, is its own group, apart from paywall-test's.
            #expect(other.text.contains(">Variation (other)</h2>") && !other.text.contains(">Variation control</h2>"))
        }
    }
}
