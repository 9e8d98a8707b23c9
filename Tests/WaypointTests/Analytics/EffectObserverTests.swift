import Foundation
import Testing
import Waypoint
import WaypointTesting

@MainActor
@Suite("Effect observers")
struct EffectObserverTests {
    static let flow = Flow<Visitor>("tour") {
        Step("a")
        Step("b")
    }

    enum Light: Hashable, Sendable { case red, green }
    enum Switch: Sendable { case flip }

    static let machine = StateMachine<Light, Switch>("light", initial: .red, isFinal: { _ in false }) { state, _ in
        state == .red ? .green : .red
    }

    @Test func flowAnalyticsSurviveALaterOnEffectAssignment() async throws {
        let navigator = FlowNavigator(Self.flow, context: Visitor())
        let analytics = FlowAnalytics(navigator, userID: "u1")
        var seen: [EventName] = []
        analytics.onEvent = { seen.append($0.event) }
        var own: [FlowEffect] = []
        navigator.onEffect = { own.append($0) }   // set after analytics attached

        try await navigator.start()
        try navigator.next()
        try navigator.next()

        #expect(seen == [.flowStarted, .stepViewed, .stepCompleted, .stepViewed, .stepCompleted, .flowCompleted])
        #expect(own.contains(.flowCompleted))
        withExtendedLifetime(analytics) {}
    }

    @Test func stateMachineAnalyticsSurviveALaterOnChangeAssignment() throws {
        let runtime = StateMachineRuntime(Self.machine)
        let analytics = StateMachineAnalytics(runtime, attribution: EventAttribution(userID: "u1")) { "\($0)" }
        var seen: [String] = []
        analytics.onEvent = { seen.append("\($0.event.rawValue) \($0.stepID ?? "-")") }
        var own = 0
        runtime.onChange = { _ in own += 1 }
        analytics.start()

        try runtime.send(.flip)

        #expect(seen == ["Flow Started -", "Step Viewed red", "Step Completed red", "Step Viewed green"])
        #expect(own == 1)
        withExtendedLifetime(analytics) {}
    }

    @Test func walkthroughAnalyticsSurviveALaterOnAnalyticsAssignment() async {
        let tour = Walkthrough<Member>(id: "tour", steps: [step("first", on: "a", trigger: .tap(elementId: "a"))])
        let hints = HintCoordinator(catalog: WalkthroughCatalog([tour]), context: Member(), store: InMemoryProgressStore())
        let analytics = WalkthroughAnalytics(hints, userID: "u1")
        var seen: [String] = []
        analytics.onEvent = { seen.append($0.event.rawValue) }
        var own: [String] = []
        hints.onAnalytics = { own.append($0.event.rawValue) }
        let screens = Screens()
        screens.register("a", on: hints)

        await hints.start()
        hints.tap("a")

        let expected = ["Walkthrough Started", "Hint Shown", "Hint Completed", "Walkthrough Completed"]
        #expect(seen == expected)
        #expect(own == expected)
        withExtendedLifetime((analytics, screens)) {}
    }

    @Test func observersRunInRegistrationOrderUntilCancelledOrReleased() async throws {
        let navigator = FlowNavigator(Self.flow, context: Visitor())
        var calls: [String] = []
        navigator.onEffect = { _ in calls.append("onEffect") }
        let first = navigator.observeEffects { _ in calls.append("first") }
        var second: EffectObservation? = navigator.observeEffects { _ in calls.append("second") }
        let third = navigator.observeEffects { _ in calls.append("third") }
        #expect(second?.isCancelled == false)

        try await navigator.start()   // flowStarted, entered, persist
        #expect(calls == Array(repeating: ["onEffect", "first", "second", "third"], count: 3).flatMap { $0 })

        calls = []
        first.cancel()
        second = nil
        try navigator.next()          // left, entered, persist
        #expect(calls == Array(repeating: ["onEffect", "third"], count: 3).flatMap { $0 })
        #expect(first.isCancelled)
        withExtendedLifetime(third) {}
    }

    @Test func theEffectStreamSeesWhatObserversSee() async throws {
        let navigator = FlowNavigator(Self.flow, context: Visitor())
        let stream = navigator.effects()
        var observed: [FlowEffect] = []
        let observation = navigator.observeEffects { observed.append($0) }

        try await navigator.start()
        try navigator.next()
        try navigator.next()

        var streamed: [FlowEffect] = []
        for await effect in stream {
            streamed.append(effect)
            if streamed.count == observed.count { break }
        }
        #expect(streamed == observed)
        #expect(observed.contains(.flowCompleted))
        observation.cancel()
    }

    @Test func stateChangesAndHintEffectsHaveObserversToo() async throws {
        let runtime = StateMachineRuntime(Self.machine)
        var changes: [StateChange<Light>] = []
        let observation = runtime.observeChanges { changes.append($0) }
        try runtime.send(.flip)
        try runtime.send(.flip)
        #expect(changes.map(\.to) == [.green, .red])
        observation.cancel()
        try runtime.send(.flip)
        #expect(changes.count == 2)

        let tour = Walkthrough<Member>(id: "tour", steps: [step("first", on: "a")])
        let hints = HintCoordinator(catalog: WalkthroughCatalog([tour]), context: Member(), store: InMemoryProgressStore())
        var presented: [String] = []
        let hintObservation = hints.observeEffects { effect in
            if case .present(let presentation) = effect { presented.append(presentation.hint.stepId) }
        }
        Screens().register("a", on: hints)
        await hints.start()
        #expect(presented == ["first"])
        withExtendedLifetime(hintObservation) {}
    }
}
