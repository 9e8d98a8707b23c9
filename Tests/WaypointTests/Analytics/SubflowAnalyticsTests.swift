import Foundation
import Testing
import Waypoint
import WaypointTesting

@MainActor
@Suite("Composed flow analytics")
struct SubflowAnalyticsTests {
    enum Role: Sendable { case player, coach }

    static func summary(_ events: [OnboardingEvent]) -> [String] {
        events.map { event in
            [event.event.rawValue, event.stepID, event.stepIndex.map(String.init), event.outcome,
             event.durationMs.map { "\($0)ms" }].compactMap(\.self).joined(separator: " ")
        }
    }

    @Test func aComposedRunReportsLikeADeclaredFlow() async throws {
        let clock = FixedClock()
        let sink = InMemoryEventSink()
        let analytics = SubflowAnalytics(
            attribution: EventAttribution(userID: "u1", experiment: "end", variation: "short"), flowVersion: 3,
            sink: sink, clock: clock)
        var seen: [OnboardingEvent] = []
        analytics.onEvent = { seen.append($0) }
        let role = Subflow<Void, Role>.step("role") { clock.advance(by: .seconds(2)); return .coach }
        let e = Subflow<Role, Void>.step("e") { _ in clock.advance(by: .seconds(1)) }
        let f = Subflow<Void, Void>.step("f") { clock.advance(by: .seconds(3)) }
        let flow = (role |> (e |> f).named("end")).named("onboarding")

        try await flow.run(observer: analytics)
        await analytics.waitForDelivery()

        #expect(Self.summary(seen) == [
            "Experiment Viewed",
            "Flow Started",
            "Step Viewed role 0",
            "Step Completed role 0 coach 2000ms",
            "Step Viewed end 1",
            "Step Viewed end/e 2",
            "Step Completed end/e 2 next 1000ms",
            "Step Viewed end/f 3",
            "Step Completed end/f 3 next 3000ms",
            "Step Completed end next",
            "Flow Completed 6000ms",
        ])
        #expect(seen.allSatisfy { $0.flowID == "onboarding" && $0.flowVersion == 3 && $0.userID == "u1"
            && $0.experiment == "end" && $0.variation == "short" })
        #expect(await sink.events == seen)
    }

    @Test("A step that is cancelled abandons the flow at that step", arguments: ["a", "b"])
    func cancellationAbandons(at name: String) async throws {
        let analytics = SubflowAnalytics(userID: "u1")
        var seen: [OnboardingEvent] = []
        analytics.onEvent = { seen.append($0) }
        let a = Subflow<Void, Void>.step("a") { if name == "a" { throw CancellationError() } }
        let b = Subflow<Void, Void>.step("b") { if name == "b" { throw CancellationError() } }

        await #expect(throws: CancellationError.self) {
            try await (a |> b).named("flow").run(observer: analytics)
        }

        #expect(seen.last?.event == .flowAbandoned)
        #expect(seen.last?.stepID == name)
        #expect(!seen.contains { $0.event == .flowCompleted })
        analytics.abandon()
        #expect(seen.filter { $0.event == .flowAbandoned }.count == 1, "a finished run is abandoned once")
    }
}
