import Foundation
import Observation

/// The runtime of the hint saga: holds its state, feeds it signals from components, and carries
/// out the effects (present and dismiss hints, run timers, save progress, report analytics).
///
/// Components register when they appear and unregister when they disappear; the coordinator alone
/// decides what shows next:
///
/// ```swift
/// let hints = HintCoordinator(catalog: WalkthroughCatalog([layering]), context: user, store: store)
/// await hints.start()
/// hints.anchorDidAppear("editor.layersButton", present: { hint in showTooltip(hint) }, dismiss: { _ in hideTooltip() })
/// hints.tap("editor.layersButton")
/// ```
///
/// Signals sent before ``start()`` has loaded saved progress are held and handled right after it.
@MainActor
@Observable
public final class HintCoordinator<Context> {
    /// The saga's state.
    package private(set) var state: HintState
    /// The hint on screen, if any (bind an overlay to it).
    public private(set) var presentation: HintPresentation?
    /// The most recent notes about ignored signals and repaired data (at most 100).
    package private(set) var diagnostics: [HintDiagnostic] = []
    /// Whether ``start()`` has loaded saved progress.
    package private(set) var isStarted = false
    /// The anchors of every overlay sharing this coordinator, which overlay draws each, and which
    /// overlays' scenes are active (see `reportAnchors(_:overlay:present:dismiss:)`).
    package internal(set) var overlays = OverlayAnchors()
    /// How to present and dismiss on each overlay, by overlay id.
    @ObservationIgnored var overlayHandlers: [String: OverlayHandlers] = [:]
    /// The overlay the hint on screen was presented on.
    @ObservationIgnored var presentingOverlay: String?
    /// The activity last sent from the overlays' scenes.
    @ObservationIgnored var sentSceneActivity: Bool?

    /// What conditions read; setting it decides again.
    @ObservationIgnored public var context: Context {
        didSet { send(.reevaluate) }
    }

    /// The definitions; setting them (for example from a newly downloaded document) decides again.
    @ObservationIgnored public var catalog: WalkthroughCatalog<Context> {
        didSet { send(.reevaluate) }
    }

    /// The app's own handler of every analytics event.
    ///
    /// There is one such handler; ``WalkthroughAnalytics`` watches the coordinator on its own, so
    /// setting this never cuts it off.
    @ObservationIgnored public var onAnalytics: (@MainActor (HintAnalyticsEvent) -> Void)?
    /// Receives every diagnostic: ignored signals, unreadable saved progress, store failures and
    /// problems in the catalog's definitions, each saying what to do about it.
    @ObservationIgnored public var onDiagnostic: (@MainActor (HintDiagnostic) -> Void)?

    @ObservationIgnored private let store: any ProgressStore
    @ObservationIgnored private let clock: any WaypointClock
    @ObservationIgnored private var registrations: [String: Registration] = [:]
    @ObservationIgnored private var queue: [Work] = []
    @ObservationIgnored private var isHandling = false
    @ObservationIgnored private var heldUntilStart: [Work] = []
    @ObservationIgnored private var runningTimer: HintTimer?
    @ObservationIgnored private var timerTask: Task<Void, Never>?
    @ObservationIgnored private var writeChain: Task<Void, Never>?
    @ObservationIgnored private var pendingWrites = 0
    @ObservationIgnored private var needsSave = false
    @ObservationIgnored private let observers = ObserverList<HintEffect>()

    struct OverlayHandlers {
        var present: @MainActor (HintPresentation) -> Void
        var dismiss: @MainActor (HintID) -> Void
    }

    private struct Registration {
        var present: @MainActor (HintPresentation) -> Void
        var dismiss: @MainActor (HintID) -> Void
    }

    private enum Work {
        case register(String, Registration)
        case signal(HintSignal)
        case unregister(String)
    }

    /// Creates a coordinator; call ``start()`` to load saved progress.
    ///
    /// - Parameters:
    ///   - catalog: the walkthroughs and rules.
    ///   - context: what conditions read.
    ///   - store: where progress, donations and the display schedule are kept.
    ///   - clock: the source of time for timers, durations and rules.
    ///   - appIsActive: whether the app is active now.
    public init(
        catalog: WalkthroughCatalog<Context>, context: Context, store: any ProgressStore,
        clock: any WaypointClock = SystemClock(), appIsActive: Bool = true
    ) {
        self.catalog = catalog
        self.context = context
        self.store = store
        self.clock = clock
        self.state = HintState(isAppActive: appIsActive)
    }

    /// The saga's phase.
    public var phase: HintPhase { state.phase }

    /// The testing overrides (stored in the catalog).
    public var testingOverrides: HintTestingOverrides {
        get { catalog.testingOverrides }
        set { catalog.testingOverrides = newValue }
    }

    // MARK: Signals from components

    /// A component's anchor appeared; `present` is called when a hint should show on it, `dismiss` when it should go.
    public func anchorDidAppear(
        _ id: String,
        present: @escaping @MainActor (HintPresentation) -> Void,
        dismiss: @escaping @MainActor (HintID) -> Void = { _ in }
    ) {
        submit(.register(id, Registration(present: present, dismiss: dismiss)))
        submit(.signal(.anchorAppeared(id)))
    }

    /// A component's anchor disappeared; a hint on it is dismissed and waits for it to come back.
    public func anchorDidDisappear(_ id: String) {
        submit(.signal(.anchorDisappeared(id)))
        submit(.unregister(id))
    }

    /// The app became active; a hint interrupted by going inactive shows again.
    public func appBecameActive() { submit(.signal(.appBecameActive)) }

    /// The app resigned active; the hint on screen is dismissed and nothing shows until it is active again.
    public func appResignedActive() { submit(.signal(.appResignedActive)) }

    /// The user activated the element with `elementId`: it completes a hint waiting for a tap on it.
    ///
    /// Call it from the action of the control a `tap` step points at, so that every way of
    /// activating it counts: a finger, Voice Control, Full Keyboard Access, Switch Control, a tvOS
    /// select press or VoiceOver all run the action, while only a finger runs a tap gesture.
    /// `.walkthroughAnchor(_:)` and the UIKit controller report finger taps (and a `UIControl`'s
    /// action) themselves; a tap both report within 0.3 seconds counts once.
    ///
    /// ```swift
    /// Button("Layers") { hints.tap("editor.layersButton"); showLayers() }
    ///     .walkthroughAnchor("editor.layersButton", label: "Layers")
    /// ```
    public func tap(_ elementId: String) { submit(.signal(.user(.tap(elementId: elementId)))) }

    /// The user swiped.
    public func swipe(_ direction: SwipeDirection) { submit(.signal(.user(.swipe(direction)))) }

    /// The user pressed the tooltip's "Next" button.
    public func next() { submit(.signal(.user(.nextButton))) }

    /// A named app event happened: it is donated for donation rules and completes a hint waiting for it.
    public func event(_ name: String) { submit(.signal(.event(name))) }

    /// The user skipped the hint on screen.
    public func skip() { submit(.signal(.skip)) }

    /// The user went back to the previous hint.
    public func back() { submit(.signal(.back)) }

    /// The user closed the walkthrough; it will not start again.
    public func close() { submit(.signal(.close)) }

    /// Invalidates a walkthrough, for example with ``InvalidationReason/actionPerformed`` when the user did what it teaches.
    public func invalidate(_ walkthroughId: String, reason: InvalidationReason = .actionPerformed) {
        submit(.signal(.invalidate(walkthroughId: walkthroughId, reason: reason)))
    }

    /// Makes a walkthrough eligible again, forgetting its progress and display count.
    public func resetEligibility(_ walkthroughId: String) {
        submit(.signal(.resetEligibility(walkthroughId: walkthroughId)))
    }

    /// Sends any signal.
    package func send(_ signal: HintSignal) { submit(.signal(signal)) }

    /// Whether the rules let the walkthrough start now, and if not, why.
    package func eligibility(of walkthroughId: String) -> WalkthroughEligibility {
        state.eligibility(of: walkthroughId, catalog: catalog, context: context, now: clock.now)
    }

    // MARK: Lifecycle

    /// Loads saved progress, donations and the display schedule, then decides what to show.
    ///
    /// A record that cannot be read is moved aside, reported to ``onDiagnostic``, and started fresh.
    public func start() async {
        guard !isStarted else {
            record(HintDiagnostic(.ignoredSignal, "start() was called twice; the second call did nothing."))
            return
        }
        let loaded = await HintPersistence.load(from: store)
        for problem in loaded.problems { record(HintDiagnostic(.corruptProgress, problem)) }
        for problem in catalog.problems { record(HintDiagnostic(.badDefinition, problem)) }
        let anchors = state.anchors
        state = HintState(
            progress: loaded.record.progress, donations: loaded.record.donations,
            schedule: loaded.record.schedule, isAppActive: state.isAppActive
        )
        state.anchors = anchors
        isStarted = true
        let held = heldUntilStart
        heldUntilStart = []
        for work in held { submit(work) }
        if !held.contains(where: { if case .signal = $0 { true } else { false } }) {
            submit(.signal(.reevaluate))
        }
    }

    /// Forgets all saved progress, donations and the display schedule (testing override "reset the store").
    public func resetStore() async {
        if let shown = presentation { registrations[shown.anchorId]?.dismiss(shown.hint) }
        presentation = nil
        cancelTimer()
        await settle()
        do { try await store.removeData(forKey: HintPersistence.key) } catch {
            record(HintDiagnostic(.storeFailure, "Could not remove '\(HintPersistence.key)' from the store (\(error))."))
        }
        let anchors = state.anchors
        state = HintState(isAppActive: state.isAppActive)
        state.anchors = anchors
        submit(.signal(.reevaluate))
    }

    /// Fires every timer that is due on the clock and waits until every save has reached the store.
    ///
    /// Tests advance a `FixedClock` and then `await settle()`; nothing sleeps for real.
    public func settle() async {
        for _ in 0..<10_000 {
            if let timer = runningTimer, timer.deadline <= clock.now {
                // Deliver a due timer here rather than waiting for its task: the task may have
                // started sleeping after the clock moved and would then wake too late.
                cancelTimer()
                send(.timerFired(timer))
                continue
            }
            if pendingWrites > 0, let chain = writeChain {
                await chain.value
                continue
            }
            return
        }
    }

    // MARK: Observing effects

    /// Registers an observer of every effect from now on (hints presented and dismissed, timers,
    /// saves, analytics events, notes), called after the coordinator has carried it out, and after
    /// the observers registered before it.
    ///
    /// Any number of observers can watch one coordinator; each runs until the returned observation
    /// is cancelled or released, whatever happens to ``onAnalytics``.
    package func observeEffects(_ handler: @escaping @MainActor (HintEffect) -> Void) -> EffectObservation {
        observers.add(handler)
    }

    /// A stream of every effect from now on, in order; it ends when the coordinator is released.
    package func effects() -> AsyncStream<HintEffect> {
        observers.stream()
    }

    // MARK: Carrying out effects

    private func submit(_ work: Work) {
        guard isStarted else {
            heldUntilStart.append(work)
            return
        }
        queue.append(work)
        guard !isHandling else { return }
        isHandling = true
        defer { isHandling = false }
        while !queue.isEmpty {
            switch queue.removeFirst() {
            case .signal(let signal):
                var next = state
                let effects = next.handle(signal, catalog: catalog, context: context, now: clock.now)
                if next != state { state = next }
                for effect in effects {
                    perform(effect)
                    observers.send(effect)
                    // After the observers: a resumed run's `Walkthrough Started` shows them the exposures
                    // saved before it, not one it makes now (docs/ARCHITECTURE.md, "Exposure").
                    if case .analytics(let event) = effect, state.recordExposures(of: event, catalog: catalog) {
                        needsSave = true
                    }
                }
            case .register(let id, let registration):
                registrations[id] = registration
                // A component that registers again while its hint shows takes over presenting it.
                if let shown = presentation, shown.anchorId == id { registration.present(shown) }
            case .unregister(let id):
                registrations[id] = nil
            }
        }
        if needsSave {
            needsSave = false
            persist()
        }
    }

    private func perform(_ effect: HintEffect) {
        switch effect {
        case .present(let hint):
            presentation = hint
            if let registration = registrations[hint.anchorId] {
                registration.present(hint)
            } else {
                record(HintDiagnostic(.ignoredSignal, "Hint \(hint.hint) should show on anchor '\(hint.anchorId)', which registered no present closure."))
            }
        case .dismiss(let hint, let anchorId):
            if presentation?.hint == hint { presentation = nil }
            registrations[anchorId]?.dismiss(hint)
        case .startTimer(let timer):
            startTimer(timer)
        case .cancelTimer:
            cancelTimer()
        case .saveProgress, .saveDonations, .saveSchedule:
            // Saved once, after the signals queued now are handled.
            needsSave = true
        case .analytics(let event):
            onAnalytics?(event)
        case .log(let diagnostic):
            record(diagnostic)
        }
    }

    private func record(_ diagnostic: HintDiagnostic) {
        diagnostics.append(diagnostic)
        if diagnostics.count > 100 { diagnostics.removeFirst(diagnostics.count - 100) }
        onDiagnostic?(diagnostic)
    }

    private func startTimer(_ timer: HintTimer) {
        timerTask?.cancel()
        runningTimer = timer
        let clock = self.clock
        timerTask = Task { [weak self] in
            // Sleep for what is left *now*, so a clock advanced before this task ran still fires it.
            let remaining = timer.deadline.timeIntervalSince(clock.now)
            if remaining > 0 {
                do { try await clock.sleep(for: .seconds(remaining)) } catch { return }
            }
            guard !Task.isCancelled, let self, self.runningTimer == timer else { return }
            self.runningTimer = nil
            self.timerTask = nil
            self.send(.timerFired(timer))
        }
    }

    private func cancelTimer() {
        timerTask?.cancel()
        timerTask = nil
        runningTimer = nil
    }

    private func persist() {
        let snapshot = state
        let savedAt = clock.now
        let previous = writeChain
        let store = self.store
        pendingWrites += 1
        // Encoding and writing happen off the main actor, in order, one save after another.
        let write = Task.detached { () -> (any Error)? in
            await previous?.value
            do {
                try await HintPersistence.save(snapshot, at: savedAt, to: store)
                return nil
            } catch {
                return error
            }
        }
        writeChain = Task { [weak self] in
            if let error = await write.value {
                self?.record(HintDiagnostic(.storeFailure, "Could not save hint progress (\(error)); it may be lost on the next launch."))
            }
            self?.pendingWrites -= 1
        }
    }
}
