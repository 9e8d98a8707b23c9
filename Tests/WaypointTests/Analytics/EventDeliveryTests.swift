import Foundation
import Observation
import Testing
import Waypoint
import WaypointTesting

@MainActor
@Suite("Event delivery failures")
struct EventDeliveryTests {
    static let flow = Flow<Visitor>("tour") {
        Step("a")
        Step("b")
        Step("c")
    }

    @Test("A sink that fails N times then succeeds loses nothing, keeps the order and reports every failure",
          arguments: [1, 2, 5])
    func flakySinkLosesNothing(failures: Int) async throws {
        let sink = FailingSink(failures: failures)
        let navigator = FlowNavigator(Self.flow, context: Visitor())
        let analytics = FlowAnalytics(navigator, userID: "u1", sink: sink)
        var seen: [OnboardingEvent] = []
        analytics.onEvent = { seen.append($0) }
        let failuresStream = analytics.deliveryFailures()

        try await navigator.start()
        await analytics.waitForDelivery()
        for _ in 0..<3 {
            try navigator.next()
            await analytics.waitForDelivery()
        }
        while analytics.deliveryError != nil {
            await analytics.retryFailedDelivery()
        }

        #expect(await sink.failed == failures)
        #expect(await sink.events == seen)
        #expect(seen.last?.event == .flowCompleted)
        var reported: [DeliveryFailure] = []
        for await failure in failuresStream {
            reported.append(failure)
            if reported.count == failures { break }
        }
        #expect(reported.allSatisfy { $0.error is FailingSink.Unreachable })
        #expect(reported.allSatisfy { $0.events == Array(seen.prefix($0.events.count)) },
                "the oldest kept batch is sent again first")
        #expect(reported.first?.description.contains("kept, in order") == true)
    }

    @Test("Undelivered events are handed back in order and not sent again")
    func takeUndelivered() async throws {
        let sink = FailingSink(failures: .max)
        let navigator = FlowNavigator(Self.flow, context: Visitor())
        let analytics = FlowAnalytics(navigator, userID: "u1", sink: sink)
        var seen: [OnboardingEvent] = []
        analytics.onEvent = { seen.append($0) }

        try await navigator.start()
        try navigator.next()
        await analytics.waitForDelivery()
        let undelivered = analytics.takeUndelivered()

        #expect(undelivered == seen)
        #expect(analytics.deliveryError == nil)
        #expect(analytics.takeUndelivered().isEmpty)
        let failedBefore = await sink.failed
        await analytics.retryFailedDelivery()
        #expect(await sink.failed == failedBefore, "nothing is left to send")
    }

    @Test("The delivery error is observable")
    func deliveryErrorIsObservable() async throws {
        let sink = FailingSink(failures: .max)
        let navigator = FlowNavigator(Self.flow, context: Visitor())
        let analytics = FlowAnalytics(navigator, userID: "u1", sink: sink)
        let changed = Flag()
        withObservationTracking {
            _ = analytics.deliveryError
        } onChange: {
            changed.set()
        }

        try await navigator.start()
        await analytics.waitForDelivery()

        #expect(changed.isSet)
        #expect(analytics.deliveryError is FailingSink.Unreachable)
    }

    @Test("Walkthrough and state machine adapters keep failed batches too")
    func otherAdaptersKeepFailedBatches() async throws {
        let machineSink = FailingSink(failures: 1)
        let runtime = StateMachineRuntime(EffectObserverTests.machine)
        let machineAnalytics = StateMachineAnalytics(runtime, attribution: EventAttribution(userID: "u"), sink: machineSink) { "\($0)" }
        var machineSeen: [OnboardingEvent] = []
        machineAnalytics.onEvent = { machineSeen.append($0) }
        machineAnalytics.start()
        await machineAnalytics.waitForDelivery()
        #expect(machineAnalytics.deliveryError != nil)
        try runtime.send(.flip)
        await machineAnalytics.waitForDelivery()
        #expect(machineAnalytics.deliveryError == nil)
        #expect(await machineSink.events == machineSeen)

        let hintSink = FailingSink(failures: 1)
        let tour = Walkthrough<Member>(id: "tour", steps: [step("first", on: "a")])
        let hints = HintCoordinator(catalog: WalkthroughCatalog([tour]), context: Member(), store: InMemoryProgressStore())
        let hintAnalytics = WalkthroughAnalytics(hints, userID: "u", sink: hintSink)
        var hintSeen: [OnboardingEvent] = []
        hintAnalytics.onEvent = { hintSeen.append($0) }
        hints.anchorDidAppear("a", present: { _ in })
        await hints.start()
        await hintAnalytics.waitForDelivery()
        #expect(await hintSink.failed == 1)
        await hintAnalytics.retryFailedDelivery()
        #expect(hintAnalytics.deliveryError == nil)
        #expect(await hintSink.events == hintSeen)
    }
}
