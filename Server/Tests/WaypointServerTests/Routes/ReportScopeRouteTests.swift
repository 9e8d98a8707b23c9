import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import Waypoint
import WaypointTools
@testable import WaypointServer

/// The scope of the reports and the export: one environment each, and `revision`, `since`, `until`,
/// `experiment` on every report, answered exactly as the CLI computes them over the export.
@Suite("Report scope")
struct ReportScopeRouteTests {
    /// A §5 event line on day `day` of November 2026, its message id `\(user)-\(number)`.
    static func event(
        _ name: String, user: String, _ number: Int, day: Int, flow: String? = "signup", walkthrough: String? = nil,
        step: String? = nil, outcome: String? = nil, variation: String? = nil, revision: Int? = nil, trigger: String? = nil
    ) -> String {
        var object: [String: Any] = [
            "messageId": "\(user)-\(number)", "userId": user, "event": name,
            "timestamp": String(format: "2026-11-%02dT10:00:%02d.000Z", day, number),
        ]
        if let walkthrough {
            object["walkthroughId"] = walkthrough
            object["walkthroughVersion"] = 1
        } else if let flow {
            object["flowId"] = flow
            object["flowVersion"] = 1
        }
        if let variation {
            object["experiment"] = "short-signup"
            object["variation"] = variation
        }
        if let step { object["stepId"] = step }
        if let outcome { object["outcome"] = outcome }
        if let revision { object["revision"] = revision }
        if let trigger { object["trigger"] = trigger }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// Production: five users of `signup` in two revisions and two date cohorts (2 and 10–12
    /// November), two variations; one of `end-flow`; two of the walkthrough `layering`.
    static let production: [String] = [
        event("Flow Started", user: "p1", 0, day: 2, variation: "control", revision: 1),
        event("Step Viewed", user: "p1", 1, day: 2, step: "splash", variation: "control", revision: 1),
        event("Step Completed", user: "p1", 2, day: 2, step: "splash", outcome: "login", variation: "control", revision: 1),
        event("Step Viewed", user: "p1", 3, day: 2, step: "login", variation: "control", revision: 1),
        event("Flow Completed", user: "p1", 4, day: 2, variation: "control", revision: 1),
        event("Flow Started", user: "p1", 5, day: 2, flow: "end-flow", revision: 1),
        event("Flow Started", user: "p2", 0, day: 2, variation: "short", revision: 1),
        event("Step Viewed", user: "p2", 1, day: 2, step: "splash", variation: "short", revision: 1),
        event("Flow Abandoned", user: "p2", 2, day: 2, variation: "short", revision: 1),
        event("Flow Started", user: "p3", 0, day: 10, variation: "control", revision: 2),
        event("Step Viewed", user: "p3", 1, day: 10, step: "splash", variation: "control", revision: 2),
        event("Step Viewed", user: "p3", 2, day: 10, step: "login", variation: "control", revision: 2),
        event("Flow Started", user: "p4", 0, day: 10, variation: "short", revision: 2),
        event("Step Viewed", user: "p4", 1, day: 10, step: "splash", variation: "short", revision: 2),
        event("Flow Completed", user: "p4", 2, day: 10, variation: "short", revision: 2),
        event("Flow Started", user: "p5", 0, day: 12, revision: 2),
        event("Step Viewed", user: "p5", 1, day: 12, step: "splash", revision: 2),
        event("Walkthrough Started", user: "w1", 0, day: 3, walkthrough: "layering", revision: 1),
        event("Hint Shown", user: "w1", 1, day: 3, walkthrough: "layering", step: "intro", revision: 1),
        event("Hint Completed", user: "w1", 2, day: 3, walkthrough: "layering", step: "intro", revision: 1, trigger: "tap"),
        event("Walkthrough Completed", user: "w1", 3, day: 3, walkthrough: "layering", revision: 1),
        event("Walkthrough Started", user: "w2", 0, day: 11, walkthrough: "layering", variation: "short", revision: 2),
        event("Hint Shown", user: "w2", 1, day: 11, walkthrough: "layering", step: "intro", variation: "short", revision: 2),
        event("Hint Shown", user: "w2", 2, day: 11, walkthrough: "layering", step: "panel-cell", variation: "short", revision: 2),
    ]

    /// Staging: two testers of `signup` who both complete, one of a flow only staging has, one walkthrough start.
    static let staging: [String] = [
        event("Flow Started", user: "s1", 0, day: 4, variation: "control"),
        event("Step Viewed", user: "s1", 1, day: 4, step: "splash", variation: "control"),
        event("Flow Completed", user: "s1", 2, day: 4, variation: "control"),
        event("Flow Started", user: "s2", 0, day: 4, variation: "control"),
        event("Flow Completed", user: "s2", 1, day: 4, variation: "control"),
        event("Flow Started", user: "s3", 0, day: 4, flow: "qa-only"),
        event("Walkthrough Started", user: "s4", 0, day: 4, walkthrough: "layering"),
        event("Hint Shown", user: "s4", 1, day: 4, walkthrough: "layering", step: "intro"),
    ]

    /// A server with the example document published to production and both environments' traffic.
    static func seeded(_ body: @Sendable @escaping (any TestClientProtocol) async throws -> Void) async throws {
        try await TestServer.run { client in
            let app = try await client.createApp("fitness")
            #expect(try await client.upload("fitness", try TestServer.example("waypoint.json")).status == .created)
            #expect(try await client.publish("fitness", revision: 1).status == .ok)
            #expect(try await client.postEvents(key: app.production, lines: production).text.hasPrefix(#"{"accepted":\#(production.count),"#))
            #expect(try await client.postEvents(key: app.staging, lines: staging).text.hasPrefix(#"{"accepted":\#(staging.count),"#))
            try await body(client)
        }
    }

    static func messageIDs(_ text: String) -> [String] {
        text.split(separator: "\n").map { line in
            (try? JSONDecoder().decode(OnboardingEvent.self, from: Data(line.utf8)))?.messageID ?? "?"
        }
    }

    static func ids(_ lines: [String]) -> [String] {
        lines.map { line in (try? JSONDecoder().decode(OnboardingEvent.self, from: Data(line.utf8)))?.messageID ?? "?" }
    }

    @Test func eachReportAndTheExportSeeOnlyTheirEnvironment() async throws {
        try await Self.seeded { client in
            for (query, expected) in [("", Self.production), ("&environment=production", Self.production), ("&environment=staging", Self.staging)] {
                let export = try await client.send("/v1/apps/fitness/events?format=jsonl\(query)", headers: TestServer.admin)
                #expect(export.status == .ok, "\(export.text)")
                #expect(Self.messageIDs(export.text) == Self.ids(expected), "\(query)")
            }
            let production = try await client.send("/v1/apps/fitness/funnel?flow=signup", headers: TestServer.admin).object()
            #expect(production["started"] as? Int == 5)
            #expect(production["completed"] as? Int == 2)
            #expect(production["abandoned"] as? Int == 1)
            let staging = try await client.send("/v1/apps/fitness/funnel?flow=signup&environment=staging", headers: TestServer.admin).object()
            #expect(staging["started"] as? Int == 2)
            #expect(staging["completed"] as? Int == 2)
            #expect(staging["abandoned"] as? Int == 0)

            let walkthrough = try await client.send("/v1/apps/fitness/walkthroughs/layering/report", headers: TestServer.admin).object()
            #expect(walkthrough["started"] as? Int == 2)
            #expect(walkthrough["completed"] as? Int == 1)
            let stagingWalkthrough = try await client.send(
                "/v1/apps/fitness/walkthroughs/layering/report?environment=staging", headers: TestServer.admin).object()
            #expect(stagingWalkthrough["started"] as? Int == 1)
            #expect(stagingWalkthrough["completed"] as? Int == 0)
        }
    }

    /// The parameters of each case; the CLI gets the same scope, over the export of the same environment.
    static let scopes = [
        "", "environment=production", "environment=staging", "revision=1", "revision=1&since=2026-11-05", "since=2026-11-05", "until=2026-11-05",
        "since=2026-11-02T10:00:00Z&until=2026-11-10T23:00:00%2B01:00", "by=variation", "by=variation&experiment=short-signup",
        "environment=staging&by=variation&since=2026-11-01&until=2026-12-01&revision=1",
    ]

    /// The scope the CLI is given for `query`: what `waypoint funnel --revision … --since … --until … --experiment …` reads.
    static func scope(_ query: String) throws -> (environment: String, scope: ReportScope, byVariation: Bool) {
        let items = URLComponents(string: "?" + query)?.queryItems ?? []
        let value = { (name: String) in items.first { $0.name == name }?.value }
        let scope = try ReportScope.parse(
            environment: value("environment"), revision: value("revision"), since: value("since"), until: value("until"),
            experiment: value("experiment"))
        return (value("environment") ?? "production", scope, value("by") == "variation")
    }

    /// The export of `environment` in a file, for the CLI's reports.
    static func exportFile(_ client: any TestClientProtocol, environment: String) async throws -> URL {
        let export = try await client.send("/v1/apps/fitness/events?format=jsonl&environment=\(environment)", headers: TestServer.admin)
        try #require(export.status == .ok)
        let file = TemporaryFiles.path("export").appendingPathExtension("jsonl")
        try export.data.write(to: file)
        return file
    }

    @Test(arguments: scopes)
    func theFunnelEqualsTheCLIOverTheExport(query: String) async throws {
        try await Self.seeded { client in
            let (environment, scope, byVariation) = try Self.scope(query)
            let file = try await Self.exportFile(client, environment: environment)
            defer { try? FileManager.default.removeItem(at: file) }
            let response = try await client.send("/v1/apps/fitness/funnel?flow=signup\(query.isEmpty ? "" : "&" + query)", headers: TestServer.admin)
            #expect(response.status == .ok, "\(response.text)")
            // The environment's published document, or the asked revision's (revision 1 is waypoint.json).
            let document = environment == "production" || scope.revision != nil
                ? try WaypointDocument(validating: try TestServer.example("waypoint.json")) : nil
            let cli = try Funnel.compute(
                file: file, query: FunnelQuery(flowID: "signup", groupByVariation: byVariation, document: document, scope: scope))
            #expect(response.text == String(decoding: cli.jsonData(), as: UTF8.self) + "\n")
        }
    }

    @Test(arguments: scopes)
    func theWalkthroughReportEqualsTheCLIOverTheExport(query: String) async throws {
        try await Self.seeded { client in
            let (environment, scope, byVariation) = try Self.scope(query)
            let file = try await Self.exportFile(client, environment: environment)
            defer { try? FileManager.default.removeItem(at: file) }
            let response = try await client.send("/v1/apps/fitness/walkthroughs/layering/report\(query.isEmpty ? "" : "?" + query)", headers: TestServer.admin)
            #expect(response.status == .ok, "\(response.text)")
            #expect(response.headers[.connection] == "close")
            // The environment's published document, or the asked revision's (revision 1 is waypoint.json).
            let document = environment == "production" || scope.revision != nil
                ? try WaypointDocument(validating: try TestServer.example("waypoint.json")) : nil
            let cli = try WalkthroughReport.compute(
                file: file,
                query: WalkthroughQuery(
                    walkthroughID: "layering", groupByVariation: byVariation,
                    declaredSteps: document?.reportedStepIDs(ofWalkthrough: "layering"), scope: scope))
            #expect(response.text == String(decoding: cli.jsonData(), as: UTF8.self) + "\n")
        }
    }

    @Test func theWalkthroughReportFollowsThePublishedDocument() async throws {
        try await Self.seeded { client in
            let response = try await client.send("/v1/apps/fitness/walkthroughs/layering/report?by=variation", headers: TestServer.admin)
            #expect(response.status == .ok, "\(response.text)")
            let object = try response.object()
            #expect(object["kind"] as? String == "walkthrough")
            let steps = try #require(object["steps"] as? [[String: Any]])
            #expect(steps.map { $0["stepId"] as? String } == ["intro", "panel-cell"])
            #expect(steps.map { $0["shown"] as? Int } == [2, 1])
            #expect(steps.map { $0["droppedHere"] as? Int } == [0, 1])
            let groups = try #require(object["byVariation"] as? [String: Any])
            #expect(groups.keys.sorted() == ["(none)", "short"])
        }
    }

    static let documentFlows = "The published document's flows: end-flow, signup, upgrade."

    @Test(arguments: [
        ("flow=sigup", "No events of flow \"sigup\" in production. Did you mean \"signup\"? Flows with events: end-flow, signup. "
            + documentFlows + " Check the flow; a flow the published document declares is reported even without events."),
        ("flow=onbaording", "No events of flow \"onbaording\" in production. Flows with events: end-flow, signup. "
            + documentFlows + " Check the flow; a flow the published document declares is reported even without events."),
        // qa-only has events in staging alone.
        ("flow=qa-onyl", "No events of flow \"qa-onyl\" in production. Flows with events: end-flow, signup. "
            + documentFlows + " Check the flow; a flow the published document declares is reported even without events."),
        ("flow=qa-onyl&environment=staging", "No events of flow \"qa-onyl\" in staging. Did you mean \"qa-only\"? Flows with events: qa-only, signup. "
            + "Nothing published to staging declares one. Check the flow; a flow the published document declares is reported even without events."),
    ])
    func aFlowWithoutEventsIs404WithADidYouMean(query: String, message: String) async throws {
        try await Self.seeded { client in
            let response = try await client.send("/v1/apps/fitness/funnel?\(query)", headers: TestServer.admin)
            #expect(response.status == .notFound)
            #expect(response.headers[.connection] == "close")
            #expect(try response.errorCode() == "unknown-flow")
            #expect((try response.object()["error"] as? [String: Any])?["message"] as? String == message)
        }
    }

    @Test(arguments: [
        ("layerng/report", "No events of walkthrough \"layerng\" in production. Did you mean \"layering\"? Walkthroughs with events: layering. "
            + "The published document's walkthroughs: layering. "
            + "Check the walkthrough id in the path; a walkthrough the published document declares is reported even without events."),
        ("tour/report?environment=staging", "No events of walkthrough \"tour\" in staging. Walkthroughs with events: layering. "
            + "Nothing published to staging declares one. "
            + "Check the walkthrough id in the path; a walkthrough the published document declares is reported even without events."),
    ])
    func aWalkthroughWithoutEventsIs404WithADidYouMean(path: String, message: String) async throws {
        try await Self.seeded { client in
            let response = try await client.send("/v1/apps/fitness/walkthroughs/\(path)", headers: TestServer.admin)
            #expect(response.status == .notFound)
            #expect(try response.errorCode() == "unknown-walkthrough")
            #expect((try response.object()["error"] as? [String: Any])?["message"] as? String == message)
        }
    }

    static let forms = "use a date such as 2026-11-21 (midnight UTC) or a time such as 2026-11-21T10:00:00Z or 2026-11-21T10:00:00+01:00."

    static let badScopes = [
        ("revision=two", "revision=two is not a revision; use the whole number of a revision, such as revision=3, or revision=all for every revision's runs."),
        ("revision=0", "revision=0 is not a revision; use the whole number of a revision, such as revision=3, or revision=all for every revision's runs."),
        ("since=yesterday", "since=yesterday is not a date or a time; \(forms)"),
        ("until=2026-11-21T10:00", "until=2026-11-21T10:00 is not a date or a time; \(forms)"),
        ("since=2026-11-22&until=2026-11-21",
         "since=2026-11-22 is not before until=2026-11-21; users are counted from since (included) to until (excluded)."),
        ("experiment=", "experiment= is empty; name the experiment whose variations split the users."),
        ("environment=qa", "environment=qa is not an environment of the app. Use production or staging."),
        ("environment=producton", "environment=producton is not an environment of the app. Did you mean environment=production? Use production or staging."),
    ]

    @Test(arguments: [
        ("/v1/apps/fitness/funnel?flow=signup&by=country",
         "by=country is not a split of the funnel. Use by=variation, by=revision, by=appVersion, by=locale or by=platform."),
        ("/v1/apps/fitness/funnel?flow=signup&steps=a,b&by=locale", "by=locale is not a split of the funnel. Use by=variation."),
        ("/v1/apps/fitness/walkthroughs/layering/report?by=platform", "by=platform is not a split of the walkthrough report. Use by=variation."),
        ("/v1/apps/fitness/experiments/short-signup?by=locales",
         "by=locales is not a split of the experiment report. Did you mean by=locale? Use by=appVersion, by=locale or by=platform."),
    ])
    func aSplitTheReportDoesNotTakeIs400NamingThoseItTakes(path: String, message: String) async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            let response = try await client.send(path, headers: TestServer.admin)
            #expect(response.status == .badRequest, "\(path)")
            #expect(try response.errorCode() == "bad-query")
            #expect((try response.object()["error"] as? [String: Any])?["message"] as? String == message, "\(path)")
        }
    }

    @Test(arguments: badScopes)
    func aBadScopeIs400WithTheFix(query: String, message: String) async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            for path in ["/v1/apps/fitness/funnel?flow=signup&", "/v1/apps/fitness/walkthroughs/layering/report?"] {
                let response = try await client.send(path + query, headers: TestServer.admin)
                #expect(response.status == .badRequest, "\(path)")
                #expect(try response.errorCode() == "bad-query")
                #expect((try response.object()["error"] as? [String: Any])?["message"] as? String == message, "\(path)")
            }
        }
    }

    @Test(arguments: [
        ("/v1/apps/fitness/funnel?flow=signup&sinse=2026-11-01",
         "sinse is not a parameter of the funnel. Did you mean since? It takes flow, steps, window, by, environment, revision, since, until and experiment."),
        ("/v1/apps/fitness/walkthroughs/layering/report?window=14d",
         "window is not a parameter of the walkthrough report. It takes by, environment, revision, since, until and experiment."),
        ("/v1/apps/fitness/events?format=jsonl&experiment=short-signup",
         "experiment is not a parameter of the export; it takes format=jsonl, environment, revision, since and until (\(EventTimeRange.acceptedForms))."),
        ("/v1/apps/fitness/events?format=jsonl&environment=qa", "environment=qa is not an environment of the app. Use production or staging."),
        ("/v1/apps/fitness/events?format=jsonl&revision=first",
         "revision=first is not a revision; use the whole number of a revision, such as revision=3, or revision=all for every revision's runs."),
    ])
    func anUnknownParameterIsRefusedWithTheAcceptedOnes(path: String, message: String) async throws {
        try await TestServer.run { client in
            _ = try await client.createApp("fitness")
            let response = try await client.send(path, headers: TestServer.admin)
            #expect(response.status == .badRequest)
            #expect(try response.errorCode() == "bad-query")
            #expect((try response.object()["error"] as? [String: Any])?["message"] as? String == message)
        }
    }

    /// `revision=N` on the export: the events that carry revision N, in storage order.
    @Test(arguments: [1, 2, 3])
    func theExportOfARevisionHoldsTheEventsCarryingIt(revision: Int) async throws {
        try await Self.seeded { client in
            let all = try await client.send("/v1/apps/fitness/events?format=jsonl", headers: TestServer.admin)
            let carrying = all.text.split(separator: "\n").map(String.init).filter { line in
                ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["revision"] as? Int == revision
            }
            let export = try await client.send("/v1/apps/fitness/events?format=jsonl&revision=\(revision)", headers: TestServer.admin)
            #expect(export.status == .ok)
            #expect(export.text == carrying.map { $0 + "\n" }.joined())
        }
    }
}
