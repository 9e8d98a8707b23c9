import Foundation
import Testing
@testable import Waypoint

/// The context the test walkthroughs read.
struct Member: Sendable, Equatable {
    var isPro = false
    var launches = 1
}

let day: TimeInterval = 86_400
let startDate = Date(timeIntervalSince1970: 1_767_225_600)

/// A step with a button trigger on `target`.
func step(
    _ id: String, on target: String, trigger: CompletionTrigger = .button, canSkip: Bool = true,
    condition: (@Sendable (Member) -> Bool)? = nil, timeout: Duration? = nil
) -> WalkthroughStep<Member> {
    WalkthroughStep(
        id: id, targetElementId: target, tooltipText: "Text of \(id)",
        completionTrigger: trigger, canSkip: canSkip, condition: condition, targetTimeout: timeout
    )
}

/// A ``HintState`` driven directly, with the catalog, context and time it is evaluated against.
struct Saga {
    var state: HintState
    var catalog: WalkthroughCatalog<Member>
    var member = Member()
    var now = startDate
    /// Every effect so far, in order.
    var log: [HintEffect] = []

    init(_ catalog: WalkthroughCatalog<Member>, state: HintState = HintState()) {
        self.catalog = catalog
        self.state = state
    }

    init(_ walkthroughs: [Walkthrough<Member>]) {
        self.init(WalkthroughCatalog(walkthroughs))
    }

    @discardableResult
    mutating func send(_ signal: HintSignal) -> [HintEffect] {
        let effects = state.handle(signal, catalog: catalog, context: member, now: now)
        log += effects
        return effects
    }

    @discardableResult
    mutating func appear(_ anchors: String...) -> [HintEffect] {
        anchors.flatMap { send(.anchorAppeared($0)) }
    }

    @discardableResult
    mutating func disappear(_ anchors: String...) -> [HintEffect] {
        anchors.flatMap { send(.anchorDisappeared($0)) }
    }

    mutating func wait(_ seconds: TimeInterval) { now = now.addingTimeInterval(seconds) }

    /// Fires the running timer after moving time to its deadline.
    @discardableResult
    mutating func fireTimer() -> [HintEffect] {
        guard let timer = state.timer else { return [] }
        now = max(now, timer.deadline)
        return send(.timerFired(timer))
    }

    var showing: HintID? { state.phase.shownHint }
    var showingStep: String? { showing?.stepId }
}

extension [HintEffect] {
    /// The analytics events, as "Name stepId(trigger)" strings.
    var analytics: [String] {
        compactMap {
            guard case .analytics(let event) = $0 else { return nil }
            var text = event.event.rawValue
            if let step = event.stepId { text += " \(step)" }
            if let trigger = event.trigger { text += "(\(trigger))" }
            return text
        }
    }

    var analyticsEvents: [HintAnalyticsEvent] {
        compactMap { if case .analytics(let event) = $0 { event } else { nil } }
    }

    var presented: [String] {
        compactMap { if case .present(let hint) = $0 { hint.hint.stepId } else { nil } }
    }

    var dismissed: [String] {
        compactMap { if case .dismiss(let hint, _) = $0 { hint.stepId } else { nil } }
    }

    var logs: [String] {
        compactMap { if case .log(let note) = $0 { note.message } else { nil } }
    }

    var savedProgress: [WalkthroughProgress] {
        compactMap { if case .saveProgress(let progress) = $0 { progress } else { nil } }
    }
}
