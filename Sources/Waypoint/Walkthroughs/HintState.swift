import Foundation

/// The hint saga as a value: which walkthrough runs, which hint shows, what is on screen, and
/// everything the eligibility rules remember.
///
/// Feed it signals with ``handle(_:catalog:context:now:)`` (or the named methods in
/// `HintState+Signals.swift`); each returns the effects to carry out. It never performs I/O and never
/// reads the clock, so tests drive it directly:
///
/// ```swift
/// var state = HintState()
/// let effects = state.anchorDidAppear("editor.layersButton", catalog: catalog, context: user, now: now)
/// // effects: Walkthrough Started, Hint Shown, present(intro), saveProgress(…)
/// ```
///
/// Invariants, whatever the input: at most one hint is on screen; a hint is on screen only while its
/// anchor is and the app is active; a signal that does not apply changes nothing but a log line.
package struct HintState: Sendable, Equatable, Codable {
    /// Where the saga is.
    package internal(set) var phase: HintPhase
    /// Whether the app is active; nothing shows while it is not.
    package internal(set) var isAppActive: Bool
    /// The anchors on screen now.
    package internal(set) var anchors: Set<String>
    /// Saved progress by walkthrough id (as restored or last changed; see ``progress(of:)``).
    package internal(set) var savedProgress: [String: WalkthroughProgress]
    /// Donated events.
    package internal(set) var donations: EventDonations
    /// When a new walkthrough last started, for the display frequency.
    package internal(set) var schedule: HintSchedule
    /// The running walkthrough, if any.
    package internal(set) var run: WalkthroughRun?
    /// The timer that should be running, if any.
    package internal(set) var timer: HintTimer?
    /// Walkthroughs whose run ended while this state was alive; testing overrides do not start them over.
    package internal(set) var endedThisLaunch: Set<String>
    var timerGeneration: UInt64
    /// The last tap that completed a hint: the same tap reported again (by a gesture and by the
    /// control's action) within ``tapCoalescingInterval`` counts once.
    var lastCompletingTap: CompletingTap?

    /// Two taps on one element this close together (in seconds) are one tap reported twice: a
    /// tap gesture and the control's own action both saw it. A person cannot mean the second one
    /// for a hint that appeared in between and was not seen yet.
    package static let tapCoalescingInterval: TimeInterval = 0.3

    /// An element tapped at a time.
    struct CompletingTap: Sendable, Hashable, Codable {
        var elementId: String
        var at: Date
    }

    /// Creates a state from restored progress, donations and schedule.
    package init(
        progress: [WalkthroughProgress] = [],
        donations: EventDonations = EventDonations(),
        schedule: HintSchedule = HintSchedule(),
        isAppActive: Bool = true
    ) {
        phase = .inactive
        self.isAppActive = isAppActive
        anchors = []
        var byId: [String: WalkthroughProgress] = [:]
        for entry in progress { byId[entry.walkthroughId] = entry }
        savedProgress = byId
        self.donations = donations
        self.schedule = schedule
        run = nil
        timer = nil
        endedThisLaunch = []
        timerGeneration = 0
    }

    /// Handles one signal against the definitions in `catalog`, the `context` conditions read and the time `now`.
    ///
    /// - Returns: the effects to carry out, in order.
    package mutating func handle<Context>(
        _ signal: HintSignal, catalog: WalkthroughCatalog<Context>, context: Context, now: Date
    ) -> [HintEffect] {
        var step = Transition(catalog: catalog, context: context, now: now)
        switch signal {
        case .anchorAppeared(let id): anchorAppeared(id, &step)
        case .anchorDisappeared(let id): anchorDisappeared(id, &step)
        case .appBecameActive: appBecameActive(&step)
        case .appResignedActive: appResignedActive(&step)
        case .user(let event): userEvent(event, &step)
        case .event(let name): namedEvent(name, &step)
        case .skip: skip(&step)
        case .back: back(&step)
        case .close: close(&step)
        case .timerFired(let fired): timerFired(fired, &step)
        case .invalidate(let id, let reason): invalidate(id, reason: reason, &step)
        case .resetEligibility(let id): resetEligibility(id, &step)
        case .reevaluate: break
        }
        reconcile(&step)
        syncTimer(&step)
        return step.effects
    }
}

/// The inputs of one signal's handling and the effects it produced so far.
struct Transition<Context> {
    let catalog: WalkthroughCatalog<Context>
    let context: Context
    let now: Date
    var effects: [HintEffect] = []

    init(catalog: WalkthroughCatalog<Context>, context: Context, now: Date) {
        self.catalog = catalog
        self.context = context
        self.now = now
    }

    mutating func log(_ message: String) {
        effects.append(.log(HintDiagnostic(.ignoredSignal, message)))
    }

    func milliseconds(since date: Date?) -> Int? {
        guard let date else { return nil }
        return max(0, Int((now.timeIntervalSince(date) * 1000).rounded()))
    }
}

/// The walkthrough that is running now: when it started and which hints it has shown.
package struct WalkthroughRun: Sendable, Hashable, Codable {
    /// The running walkthrough's id.
    package var walkthroughId: String
    /// When this run started.
    package var startedAt: Date
    /// Steps shown earlier in this run and left (completed or skipped), oldest first; "Back" returns to the last.
    package var history: [String]
    /// When the current hint was first presented, or `nil` when it has not been presented yet.
    package var currentShownAt: Date?

    /// Creates a run.
    package init(walkthroughId: String, startedAt: Date, history: [String] = [], currentShownAt: Date? = nil) {
        self.walkthroughId = walkthroughId
        self.startedAt = startedAt
        self.history = history
        self.currentShownAt = currentShownAt
    }
}
