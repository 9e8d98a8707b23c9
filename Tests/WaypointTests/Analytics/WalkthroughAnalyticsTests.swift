import Foundation
import Testing
import Waypoint
import WaypointTesting

@MainActor
@Suite("Walkthrough analytics")
struct WalkthroughAnalyticsTests {
    @Test func coordinatorEventsBecomeOnboardingEventsWithAttributionAndDurations() async throws {
        let clock = FixedClock()
        let sink = InMemoryEventSink()
        let tour = Walkthrough<Member>(id: "tour", version: 3, steps: [
            step("first", on: "a", trigger: .tap(elementId: "a")),
            step("second", on: "a"),
        ])
        let hints = HintCoordinator(catalog: WalkthroughCatalog([tour]), context: Member(), store: InMemoryProgressStore(), clock: clock)
        var counter = 0
        let analytics = WalkthroughAnalytics(
            hints, attribution: EventAttribution(userID: "u-1", experiment: "tips", variation: "short"), sink: sink,
            messageID: { "fixed" })
        var seen: [OnboardingEvent] = []
        analytics.onEvent = { seen.append($0); counter += 1 }
        let screens = Screens()
        screens.register("a", on: hints)
        await hints.start()
        clock.advance(by: .milliseconds(1500))
        hints.tap("a")
        hints.next()
        await analytics.waitForDelivery()

        #expect(seen.map(\.event.rawValue) == [
            "Experiment Viewed", "Walkthrough Started", "Hint Shown", "Hint Completed", "Hint Shown", "Hint Completed",
            "Walkthrough Completed",
        ])
        let completed = try #require(seen.first { $0.event.rawValue == "Hint Completed" })
        #expect(completed.userID == "u-1")
        #expect(completed.walkthroughID == "tour")
        #expect(completed.walkthroughVersion == 3)
        #expect(completed.stepID == "first")
        #expect(completed.trigger == "tap")
        #expect(completed.durationMs == 1500)
        #expect(completed.experiment == "tips")
        #expect(completed.variation == "short")
        #expect(completed.flowID == nil)
        let line = completed.jsonLine
        #expect(line.contains("\"walkthroughId\":\"tour\""))
        #expect(!line.contains("flowId"))
        #expect(await sink.events.count == seen.count)
        #expect(counter == 7)
    }
}
