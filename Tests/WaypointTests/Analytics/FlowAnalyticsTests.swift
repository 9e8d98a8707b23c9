import Foundation
import Testing
import Waypoint
import WaypointTesting

/// Counts ids so events get predictable `messageId`s.
private final class Counter: @unchecked Sendable {
    // @unchecked Sendable: `value` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var value = 0
    func next() -> String { lock.withLock { value += 1; return "m\(value)" } }
}

struct Visitor: Sendable { var country = "FR" }

@MainActor
@Suite("Flow and state machine analytics")
struct FlowAnalyticsTests {
    static let inner = Flow<Visitor>("end") {
        Step("e")
        Step("f")
    }
    static let flow = Flow<Visitor>("signup", version: 2) {
        Step("splash").on("register", to: "registration")
        Step("registration")
        Step("personalization").when { $0.country == "US" }
        Step("shared-end", subflow: inner)
    }

    @Test func aFlowRunIsReportedStepByStepWithDurations() async throws {
        let clock = FixedClock()
        let counter = Counter()
        let sink = InMemoryEventSink()
        let navigator = FlowNavigator(Self.flow, context: Visitor(), clock: clock)
        var effects = 0
        navigator.onEffect = { _ in effects += 1 }
        let analytics = FlowAnalytics(
            navigator, attribution: EventAttribution(userID: "u1", experiment: "short-signup", variation: "short"),
            sink: sink, clock: clock, messageID: { counter.next() })
        var seen: [OnboardingEvent] = []
        analytics.onEvent = { seen.append($0) }

        try await navigator.start()
        clock.advance(by: .milliseconds(1500))
        try navigator.next("register")
        clock.advance(by: .seconds(3))
        try navigator.next()            // personalization is skipped; enters shared-end/e
        clock.advance(by: .seconds(2))
        try navigator.back()
        clock.advance(by: .seconds(1))
        try navigator.next()
        try navigator.next()
        try navigator.next()            // completes
        analytics.abandon()             // after completion: nothing
        await analytics.waitForDelivery()

        let summary = seen.map { [$0.event.rawValue, $0.stepID ?? "-", $0.stepIndex.map(String.init) ?? "-",
                                  $0.outcome ?? "-", $0.durationMs.map(String.init) ?? "-"] }
        #expect(summary == [
            ["Experiment Viewed", "-", "-", "-", "-"],
            ["Flow Started", "-", "-", "-", "-"],
            ["Step Viewed", "splash", "0", "-", "-"],
            ["Step Completed", "splash", "0", "register", "1500"],
            ["Step Viewed", "registration", "1", "-", "-"],
            ["Step Completed", "registration", "1", "next", "3000"],
            ["Step Skipped", "personalization", "-", "-", "-"],
            ["Step Viewed", "shared-end/e", "2", "-", "-"],
            ["Step Completed", "shared-end/e", "2", "back", "2000"],
            ["Step Viewed", "registration", "1", "-", "-"],
            ["Step Completed", "registration", "1", "next", "1000"],
            ["Step Skipped", "personalization", "-", "-", "-"],
            ["Step Viewed", "shared-end/e", "2", "-", "-"],
            ["Step Completed", "shared-end/e", "2", "next", "0"],
            ["Step Viewed", "shared-end/f", "3", "-", "-"],
            ["Step Completed", "shared-end/f", "3", "next", "0"],
            ["Flow Completed", "-", "-", "-", "7500"],
        ])
        #expect(effects > 0)  // the handler set before keeps working
        #expect(Set(seen.map(\.messageID)).count == seen.count)
        #expect(seen.allSatisfy { $0.userID == "u1" && $0.flowID == "signup" && $0.flowVersion == 2
            && $0.experiment == "short-signup" && $0.variation == "short" })
        #expect(seen[0].timestamp == clock.now.addingTimeInterval(-7.5))
        #expect(await sink.events == seen)
    }

    @Test func abandoningReportsTheCurrentStep() async throws {
        let clock = FixedClock()
        let navigator = FlowNavigator(Self.flow, context: Visitor(), clock: clock)
        let analytics = FlowAnalytics(navigator, attribution: EventAttribution(userID: "u2"), clock: clock)
        var seen: [OnboardingEvent] = []
        analytics.onEvent = { seen.append($0) }
        try await navigator.start()
        clock.advance(by: .seconds(4))
        analytics.abandon()
        analytics.abandon()
        #expect(seen.map(\.event) == [.flowStarted, .stepViewed, .flowAbandoned])
        #expect(seen[2].stepID == "splash")
        #expect(seen[2].stepIndex == 0)
        #expect(seen[2].durationMs == 4000)
        #expect(seen[2].experiment == nil && seen[2].variation == nil)
        #expect(!seen[2].jsonLine.contains("variation"))
    }

    enum SignUp: Hashable, Sendable { case splash, login, complete }
    enum Tap: Sendable { case login, done }

    @Test func stateMachineChangesAreReportedWithTheAppsStepIDs() async throws {
        let clock = FixedClock()
        let machine = StateMachine<SignUp, Tap>("machine-signup", version: 4, initial: .splash, isFinal: { $0 == .complete }) { state, tap in
            switch (state, tap) {
            case (.splash, .login): .login
            case (.login, .done): .complete
            default: nil
            }
        }
        let runtime = StateMachineRuntime(machine)
        let analytics = StateMachineAnalytics(runtime, attribution: EventAttribution(userID: "u3"), clock: clock) { "\($0)" }
        var seen: [OnboardingEvent] = []
        analytics.onEvent = { seen.append($0) }
        analytics.start()
        clock.advance(by: .seconds(2))
        try runtime.send(.login)
        clock.advance(by: .seconds(1))
        try runtime.back()
        try runtime.send(.login)
        clock.advance(by: .seconds(5))
        try runtime.send(.done)
        let summary = seen.map { "\($0.event.rawValue) \($0.stepID ?? "-") \($0.stepIndex.map(String.init) ?? "-") \($0.outcome ?? "-") \($0.durationMs.map(String.init) ?? "-")" }
        #expect(summary == [
            "Flow Started - - - -", "Step Viewed splash 0 - -",
            "Step Completed splash 0 - 2000", "Step Viewed login 1 - -",
            "Step Completed login 1 back 1000", "Step Viewed splash 0 - -",
            "Step Completed splash 0 - 0", "Step Viewed login 1 - -",
            "Step Completed login 1 - 5000", "Flow Completed - - - 8000",
        ])
        #expect(seen.allSatisfy { $0.flowID == "machine-signup" && $0.flowVersion == 4 })
    }
}
