import Foundation
import Waypoint
import WaypointTools

/// Runs a document's walkthrough hint by hint, as an app would, recording the analytics events it would send.
///
/// A thin shell over ``HintState`` (the walkthrough saga): each hint's target is reported on screen when the
/// hint waits for it, and the answers fire the hint's completion trigger or skip it. What it adds is what a
/// terminal needs: the current hint and the actions it offers.
struct WalkthroughPlayer {
    /// The action that fires a hint's completion trigger, as typed (`next` for the tooltip's button).
    static func triggerAction(_ trigger: CompletionTrigger) -> String {
        trigger == .button ? Outcome.next : trigger.analyticsName
    }

    let walkthrough: Walkthrough<Attributes>
    let attributes: Attributes
    /// The experiment choice that picked the walkthrough's entry, and eligibility.
    let choice: ResolutionReport.WalkthroughChoice?
    private let catalog: WalkthroughCatalog<Attributes>
    private(set) var state = HintState()
    private let attribution: EventAttribution
    private var recorder = WalkthroughEventRecorder()
    /// The events so far, in order.
    private(set) var events: [OnboardingEvent] = []
    /// Hints skipped by the last move (their condition was false).
    private(set) var lastSkipped: [String] = []
    /// The hints shown, in order.
    private(set) var shown: [String] = []
    /// Whether the walkthrough's last step was done.
    private(set) var isCompleted = false

    init(
        document: WaypointDocument, walkthroughID: String, attributes: Attributes, userID: String,
        forcedVariations: [String: String] = [:], platform: String? = nil
    ) throws {
        // Texts in the attribute `locale`, else the document's default locale (not the machine's languages).
        let resolution = try document.resolve(attributes: attributes, forcedVariations: forcedVariations, preferredLanguages: [])
        guard let walkthrough = resolution.walkthroughs[walkthroughID] else {
            let hint = Spelling.suggestion(for: walkthroughID, among: document.walkthroughIDs).map { "Did you mean `\($0)`? " } ?? ""
            let known = document.walkthroughIDs.isEmpty ? "It has none." : "Its walkthroughs are \(listed(document.walkthroughIDs))."
            throw CLIError("The document has no walkthrough `\(walkthroughID)`. \(hint)\(known)")
        }
        self.walkthrough = walkthrough
        self.attributes = attributes
        // The entry experiment's choice, else that of an experiment whose changes change the steps.
        let choice = try ResolveReport(document: document, attributes: attributes, forcedVariations: forcedVariations)
            .walkthroughs[walkthroughID]?.choice
        self.choice = choice
        catalog = WalkthroughCatalog([walkthrough])
        // The resolved walkthrough carries the user's experiment and variation when they are in one.
        attribution = EventAttribution(userID: userID, platform: platform)
            .filling(walkthrough.experiment, locale: walkthrough.locale ?? AttributesOption.locale(of: attributes))
    }

    /// The hint on screen and its step, or `nil` when none is.
    var current: (index: Int, step: WalkthroughStep<Attributes>)? {
        guard let hint = state.phase.shownHint, let index = walkthrough.steps.firstIndex(where: { $0.id == hint.stepId }) else { return nil }
        return (index, walkthrough.steps[index])
    }

    /// What the hint on screen offers: its trigger's action, then `skip` when it can be skipped.
    var actions: [String] {
        guard let step = current?.step else { return [] }
        return [Self.triggerAction(step.completionTrigger)] + (step.canSkip ? ["skip"] : [])
    }

    /// Whether a run is under way (started and not ended).
    var isRunning: Bool { state.run != nil }

    /// Starts the walkthrough: its first target appears on screen.
    mutating func start(at date: Date) {
        guard let first = walkthrough.steps.first else { return }
        handle(.anchorAppeared(first.targetElementId), at: date)
        showPending(at: date)
    }

    /// Fires the current hint's trigger, or skips it.
    mutating func send(_ action: String, at date: Date) {
        guard let step = current?.step else { return }
        if action == "skip" {
            handle(.skip, at: date)
        } else {
            switch step.completionTrigger {
            case .tap(let elementId): handle(.user(.tap(elementId: elementId)), at: date)
            case .swipe(let direction): handle(.user(.swipe(direction)), at: date)
            case .event(let name): handle(.event(name), at: date)
            case .button: handle(.user(.nextButton), at: date)
            case .timer:
                if let timer = state.timer { handle(.timerFired(timer), at: date) }
            }
        }
        showPending(at: date)
    }

    /// Reports the target of a hint that waits for it, as when the user reaches its screen.
    private mutating func showPending(at date: Date) {
        var reported: Set<String> = []
        while case .pending(let hint) = state.phase,
              let step = walkthrough.steps.first(where: { $0.id == hint.stepId }),
              reported.insert(step.id).inserted {
            handle(.anchorAppeared(step.targetElementId), at: date)
        }
    }

    private mutating func handle(_ signal: HintSignal, at date: Date) {
        let effects = state.handle(signal, catalog: catalog, context: attributes, now: date)
        if case .anchorAppeared = signal {} else { lastSkipped = [] }
        for effect in effects {
            guard case .analytics(let event) = effect else { continue }
            events += recorder.events(
                for: event, attribution: attribution, stepExperiments: walkthrough.stepExperiments,
                messageID: { UUID().uuidString.lowercased() })
            switch event.event {
            case .hintShown: if let id = event.stepId { shown.append(id) }
            case .hintSkipped where event.trigger == "condition": if let id = event.stepId { lastSkipped.append(id) }
            case .walkthroughCompleted: isCompleted = true
            default: break
            }
        }
    }
}
