import Foundation
import Observation

/// The runtime of a declared flow: holds a ``FlowState``, carries out its effects, and saves and
/// restores progress so the user resumes where they left off after a relaunch.
///
/// SwiftUI views observe it directly; tests drive it the same way on any platform.
///
/// ```swift
/// let navigator = FlowNavigator(onboarding, context: Onboarding(), store: try FileProgressStore(directory: url))
/// try await navigator.start()          // restores the saved path, or enters the first step
/// try navigator.next()                 // the user tapped "Continue"
/// navigator.context.notificationsAuthorized = true   // picked up at the next navigation
/// ```
///
/// After every change the navigator saves a versioned snapshot of the state (flow id, flow version,
/// visited path). Saves run in order, one at a time, off the caller's path; ``waitForSaves()``
/// waits for them — call it before a short-lived process (a command-line tool, a test) exits. A save that fails is reported in ``persistenceError`` and never interrupts the flow.
@MainActor
@Observable
public final class FlowNavigator<Context> {
    /// The flow this navigator runs.
    package let definition: FlowDefinition<Context>
    /// The context conditions are evaluated against; a change is picked up at the next navigation.
    public var context: Context
    /// The flow's state: visited path, outcomes, completion.
    public private(set) var state: FlowState
    /// What ``start()`` found in the store, once it has run.
    public private(set) var restoreResult: RestoreResult?
    /// The last problem reading or writing saved progress; the flow goes on regardless.
    public private(set) var persistenceError: ProgressStoreError?

    /// The app's own handler of every effect, called after the navigator has applied it.
    ///
    /// There is one such handler; to watch effects from several places (analytics, logging, tests),
    /// register observers with ``observeEffects(_:)``, which setting this never affects.
    @ObservationIgnored public var onEffect: (@MainActor (FlowEffect) -> Void)?

    /// The key under which progress is saved in the store.
    @ObservationIgnored package let storageKey: String
    @ObservationIgnored private let store: (any ProgressStore)?
    @ObservationIgnored private let clock: any WaypointClock
    @ObservationIgnored private var saves = SaveQueue()
    @ObservationIgnored private let observers = ObserverList<FlowEffect>()

    /// Creates a navigator for `definition`.
    ///
    /// - Parameters:
    ///   - store: where progress is saved; `nil` keeps it in memory only.
    ///   - key: the storage key; defaults to `waypoint.flow.<flow id>`.
    ///   - clock: the source of the snapshots' timestamps.
    public init(
        _ definition: FlowDefinition<Context>, context: Context,
        store: (any ProgressStore)? = nil, key: String? = nil, clock: any WaypointClock = SystemClock()
    ) {
        self.definition = definition
        self.context = context
        self.state = FlowState(for: definition)
        self.store = store
        self.storageKey = key ?? "waypoint.flow.\(definition.id)"
        self.clock = clock
    }

    /// The current visit, or `nil` before the start and after completion.
    public var currentVisit: Visit? { state.current }

    /// The declared step being shown, or `nil` for a custom step, before the start and after completion.
    package var currentStep: Step<Context>? {
        guard let visit = state.current, !visit.isCustom else { return nil }
        return definition.step(at: visit.path, context: context)
    }

    /// The name of the screen to present now, or `nil` when there is none.
    public var currentScreen: String? {
        guard let visit = state.current else { return nil }
        return visit.custom?.screen ?? currentStep?.screen ?? visit.path.leafID
    }

    /// What the current step's screen shows (`Step.content`), texts in the user's locale; empty
    /// when the step has no content, for a custom step, before the start and after completion.
    ///
    /// ```swift
    /// let content = navigator.currentContent
    /// headline.text = content.string("headline") ?? "Go premium"
    /// ```
    public var currentContent: StepContent { currentStep?.content ?? .empty }

    /// Whether the flow has ended successfully.
    public var isCompleted: Bool { state.isCompleted }

    /// Whether ``back()`` would succeed.
    public var canGoBack: Bool { state.canGoBack }

    /// Restores saved progress (keeping the longest prefix the current definition allows) or
    /// enters the first step. A completed flow stays completed.
    ///
    /// Unreadable saved progress is moved aside by the store, reported in ``persistenceError`` and
    /// ``restoreResult``, and the flow starts fresh.
    ///
    /// - Throws: ``FlowError`` only when the definition itself is broken (for example its start
    ///   step does not exist).
    public func start() async throws(FlowError) {
        guard !state.hasStarted else { throw .alreadyStarted(flowID: definition.id) }
        var saved: FlowState?
        var discarded: RestoreResult?
        if let store {
            switch await store.loadSnapshot(FlowState.self, forKey: storageKey) {
            case .empty:
                break
            case .loaded(let snapshot):
                saved = snapshot.value
            case .recovered(let error):
                persistenceError = error
                discarded = .discarded(reason: error.description)
            }
        }
        let launch = try FlowState.launching(saved, in: definition, context: context)
        state = launch.state
        restoreResult = discarded ?? launch.result
        apply(launch.effects)
    }

    /// Leaves the current step with `outcome` (default `next`); `back` goes back.
    ///
    /// - Throws: ``FlowError`` naming the step and the outcomes it accepts; nothing changes then.
    public func next(_ outcome: String = Outcome.next) throws(FlowError) {
        var state = self.state
        let effects = try state.next(outcome, in: definition, context: context)
        self.state = state
        apply(effects)
    }

    /// Goes back to the previous step of the visited path.
    public func back() throws(FlowError) {
        var state = self.state
        let effects = try state.back()
        self.state = state
        apply(effects)
    }

    /// Jumps to a declared step, then continues in declared order from there.
    public func jump(to id: String) throws(FlowError) {
        var state = self.state
        let effects = try state.jump(to: id, in: definition, context: context)
        self.state = state
        apply(effects)
    }

    /// Shows an ad-hoc step; finishing it returns to the current step.
    public func push(custom step: CustomStep) throws(FlowError) {
        var state = self.state
        let effects = try state.push(custom: step)
        self.state = state
        apply(effects)
    }

    /// Completes the flow now, from the current step.
    public func complete() throws(FlowError) {
        var state = self.state
        let effects = try state.complete()
        self.state = state
        apply(effects)
    }

    /// Forgets all progress (saved progress included) and starts the flow again from its first step.
    public func reset() async throws(FlowError) {
        await waitForSaves()
        if let store {
            do { try await store.removeData(forKey: storageKey) } catch {
                persistenceError = ProgressStoreError.removing(error, key: storageKey)
            }
        }
        var state = FlowState(for: definition)
        let effects = try state.start(in: definition, context: context)
        self.state = state
        restoreResult = .fresh
        apply(effects)
    }

    /// Waits until every save scheduled so far has finished.
    public func waitForSaves() async {
        await saves.wait()
    }

    /// Registers an observer of every effect from now on, called after the navigator has applied
    /// it, after ``onEffect``, and after the observers registered before it.
    ///
    /// Any number of observers can watch one navigator; each runs until the returned observation
    /// is cancelled or released, whatever happens to ``onEffect``.
    ///
    /// ```swift
    /// let logging = navigator.observeEffects { effect in logger.debug("\(effect)") }
    /// ```
    public func observeEffects(_ handler: @escaping @MainActor (FlowEffect) -> Void) -> EffectObservation {
        observers.add(handler)
    }

    /// A stream of every effect from now on, in order; it ends when the navigator is released.
    public func effects() -> AsyncStream<FlowEffect> {
        observers.stream()
    }

    private func apply(_ effects: [FlowEffect]) {
        for effect in effects {
            if case .persist = effect { scheduleSave() }
            onEffect?(effect)
            observers.send(effect)
            // After the observers: the first effect of a run restored after a relaunch shows them
            // the exposures saved with it, not one its current step makes now (docs/ARCHITECTURE.md, "Exposure").
            state.recordExposures(of: [effect], in: definition, context: context)
        }
    }

    private func scheduleSave() {
        guard let store else { return }
        let snapshot = state
        let date = clock.now
        let key = storageKey
        saves.schedule {
            try await store.saveSnapshot(snapshot, forKey: key, at: date)
        } failed: { [weak self] error in
            self?.persistenceError = ProgressStoreError.saving(error, key: key)
        }
    }
}
