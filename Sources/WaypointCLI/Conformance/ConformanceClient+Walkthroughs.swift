import Foundation
import Waypoint

extension ConformanceClient {
    /// A `walkthroughs` case: a document, the user's attributes (`id` is also the events' `userId`), the
    /// progress saved by an earlier launch, and a script of what the app reports, on a clock in seconds.
    struct WalkthroughsInput: ConformanceInput {
        static let keys: Set<String> = ["document", "attributes", "progress", "script"]
        let document: JSONValue
        let attributes: Attributes
        let progress: [SavedProgress]?
        let script: [ScriptLine]
    }

    /// One walkthrough's saved progress: `{"walkthroughId", "version", "completedStepIds", "displayCount", "invalidation"}`.
    struct SavedProgress: Decodable {
        let walkthroughId: String
        let version: Int
        let completedStepIds: [String]
        let displayCount: Int
        let invalidation: InvalidationReason?
    }

    /// One thing the app reports at `at` seconds of the script's clock: `appeared`/`disappeared` (an
    /// anchor, `id`), `tap` (`id`), `swipe` (`direction`), `next` (the tooltip's button), `event`
    /// (`name`), `skip`, `back`, `close`, `background`, `foreground`, or `wait` (only time passes).
    struct ScriptLine: Decodable {
        let at: Double
        let signal: String
        let id: String?
        let direction: SwipeDirection?
        let name: String?
    }

    /// The start of a script's clock: 2026-01-01T00:00:00Z.
    static let scriptEpoch = Date(timeIntervalSince1970: 1_767_225_600)

    /// The walkthroughs of the document run by the core's hint saga (``HintState``) as an app runs them,
    /// timers firing when the script's clock reaches them: `{"showing": STEP or null, "progress": {ID:
    /// {"version", "completedStepIds", "displayCount", "invalidation"}}, "events": [EVENT]}`, the events
    /// as sent without `messageId`.
    static func walkthroughs(_ input: WalkthroughsInput) throws -> JSONValue {
        let document = try conformanceDocument(input.document)
        let resolution = try document.resolve(attributes: input.attributes, preferredLanguages: [])
        var seen: Set<String> = []
        let ordered = document.walkthroughs.map(\.id).filter { seen.insert($0).inserted }.compactMap { resolution.walkthroughs[$0] }
        let catalog = WalkthroughCatalog(ordered)
        let saved = (input.progress ?? []).map {
            WalkthroughProgress(
                walkthroughId: $0.walkthroughId, version: $0.version, completedStepIds: $0.completedStepIds,
                displayCount: $0.displayCount, invalidation: $0.invalidation,
                invalidatedAt: $0.invalidation == nil ? nil : scriptEpoch)
        }
        let userID = input.attributes["id"]?.stringValue ?? ""
        var run = WalkthroughScriptRun(state: HintState(progress: saved), catalog: catalog, attributes: input.attributes, userID: userID)
        for line in input.script {
            let now = scriptEpoch.addingTimeInterval(line.at)
            run.fireTimers(until: now)
            guard let signal = try signal(line) else { continue }
            run.handle(signal, at: now)
            // A timer of 0 seconds runs out at once.
            run.fireTimers(until: now)
        }
        var progress: [String: JSONValue] = [:]
        for walkthrough in ordered {
            let kept = run.state.progress(of: walkthrough)
            progress[walkthrough.id] = [
                "version": .number(Double(kept.version)),
                "completedStepIds": .array(kept.completedStepIds.map(JSONValue.string)),
                "displayCount": .number(Double(kept.displayCount)),
                "invalidation": kept.invalidation.map { .string($0.rawValue) } ?? .null,
            ]
        }
        let events = try run.events.map { event -> JSONValue in
            var value = try JSONDecoder().decode(JSONValue.self, from: Data(event.jsonLine.utf8))
            if case .object(var fields) = value {
                fields["messageId"] = nil
                value = .object(fields)
            }
            return value
        }
        return [
            "showing": run.state.phase.shownHint.map { .string($0.stepId) } ?? .null,
            "progress": .object(progress),
            "events": .array(events),
        ]
    }

    private static func signal(_ line: ScriptLine) throws -> HintSignal? {
        func required<T>(_ value: T?, _ key: String) throws -> T {
            guard let value else { throw RequestError(description: "the script's `\(line.signal)` at \(line.at) needs `\(key)`") }
            return value
        }
        switch line.signal {
        case "appeared": return .anchorAppeared(try required(line.id, "id"))
        case "disappeared": return .anchorDisappeared(try required(line.id, "id"))
        case "tap": return .user(.tap(elementId: try required(line.id, "id")))
        case "swipe": return .user(.swipe(try required(line.direction, "direction")))
        case "next": return .user(.nextButton)
        case "event": return .event(try required(line.name, "name"))
        case "skip": return .skip
        case "back": return .back
        case "close": return .close
        case "background": return .appResignedActive
        case "foreground": return .appBecameActive
        case "wait": return nil
        default:
            throw RequestError(description: "unknown script signal `\(line.signal)`; one of appeared, disappeared, tap, swipe, next, "
                + "event, skip, back, close, background, foreground, wait")
        }
    }
}

/// The hint saga of one conformance case, with the events an app's ``WalkthroughAnalytics`` sends.
struct WalkthroughScriptRun {
    private(set) var state: HintState
    let catalog: WalkthroughCatalog<Attributes>
    let attributes: Attributes
    let userID: String
    private var recorder = WalkthroughEventRecorder()
    /// The events so far, in order.
    private(set) var events: [OnboardingEvent] = []

    init(state: HintState, catalog: WalkthroughCatalog<Attributes>, attributes: Attributes, userID: String) {
        self.state = state
        self.catalog = catalog
        self.attributes = attributes
        self.userID = userID
    }

    /// Fires, at its deadline, each timer that runs out by `date`.
    mutating func fireTimers(until date: Date) {
        var fired = 0
        while let timer = state.timer, timer.deadline <= date, fired < 1_000 {
            handle(.timerFired(timer), at: timer.deadline)
            fired += 1
        }
    }

    /// Hands `signal` to the saga at `date` and records the analytics events it answers.
    mutating func handle(_ signal: HintSignal, at date: Date) {
        let effects = state.handle(signal, catalog: catalog, context: attributes, now: date)
        for effect in effects {
            guard case .analytics(let event) = effect, let walkthrough = catalog.walkthrough(event.walkthroughId) else { continue }
            let attribution = EventAttribution(userID: userID, platform: nil).filling(walkthrough.experiment, locale: walkthrough.locale)
            events += recorder.events(
                for: event, attribution: attribution, stepExperiments: walkthrough.stepExperiments, messageID: { "" })
        }
    }
}
