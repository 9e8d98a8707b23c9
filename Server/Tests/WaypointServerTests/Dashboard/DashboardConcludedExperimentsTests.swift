import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WaypointServer

/// The app page's experiments, running and concluded, and the page of a concluded one.
@Suite("Dashboard concluded experiments")
struct DashboardConcludedExperimentsTests {
    @Test func theAppPageListsRunningAndConcludedExperimentsAndTheConcludedPageShowsTheFrozenResult() async throws {
        try await TestServer.run { client in
            try await ConcludedExperimentRouteTests.seeded(client)
            let shipped = try await ConcludedExperimentRouteTests.edit(client, base: 1, ConcludedExperimentRouteTests.shipShort)
            try await ConcludedExperimentRouteTests.publish(client, shipped)
            let frozen = try await ConcludedExperimentRouteTests.report(client, "short-signup").object()
            let concludedAt = try #require((frozen["concluded"] as? [String: Any])?["concludedAt"] as? String)

            var browser = DashboardBrowser(client)
            try await browser.signIn()
            let page = try await browser.get("/apps/fitness")
            #expect(page.status == .ok)
            let html = page.text
            #expect(html.contains(#"<tr data-experiment="paywall-copy" data-status="running"><td><a href="/apps/fitness/experiments/paywall-copy?environment=production">paywall-copy</a></td><td>running</td>"#), "\(html)")
            #expect(html.contains(#"<tr data-experiment="short-signup" data-status="concluded"><td><a href="/apps/fitness/experiments/short-signup?environment=production">short-signup</a></td><td>concluded</td>"#))
            #expect(html.contains(#"<td data-figure="decision">shipped short</td>"#))
            #expect(html.contains("No experiment has run in staging."))

            let experiment = try await browser.get("/apps/fitness/experiments/short-signup?environment=production")
            #expect(experiment.status == .ok)
            let text = experiment.text
            #expect(text.contains("Concluded on \(concludedAt.prefix(10)): shipped short"), "\(text)")
            let variations = try #require(frozen["variations"] as? [[String: Any]])
            for variation in variations {
                let name = try #require(variation["variation"] as? String), users = try #require(variation["users"] as? Int)
                #expect(text.contains(#"<tr data-variation="\#(name)">"#))
                #expect(text.contains(#"<td class="number" data-figure="users">\#(users)</td>"#))
            }
            #expect(text.contains(#"<span data-figure="revisions">1</span>"#))

            // Stopping paywall-copy: its page says so.
            try await ConcludedExperimentRouteTests.publish(
                client, try await ConcludedExperimentRouteTests.edit(client, base: shipped, ConcludedExperimentRouteTests.stopPaywall))
            let stopped = try await browser.get("/apps/fitness/experiments/paywall-copy?environment=production")
            #expect(stopped.status == .ok)
            #expect(stopped.text.contains(": stopped</p>"), "\(stopped.text)")
            // A key never run is still not found.
            #expect(try await browser.get("/apps/fitness/experiments/nothing?environment=production").status == .notFound)
        }
    }
}
