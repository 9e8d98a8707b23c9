import Foundation
import Waypoint

/// What changed from one document to another, one line per change in words, for the revision page
/// of a draft and for people who do not read JSON (docs/ARCHITECTURE.md, "Editing documents"):
///
/// ```
/// paywall · headline (es): 'Hazte premium'
/// paywall · headline (en): 'Go premium' → 'Go Premium'
/// paywall · trialDays: 7 → 14
/// hint 'tap-plus' · position: below → above
/// experiment paywall-copy added (2 variations, goal purchase)
/// ```
///
/// Flows, walkthroughs and experiments are matched by id (a flow's whole-flow variation entries by id
/// and variation), steps by id; a text's locales are compared one by one. The order is the after
/// document's, what was removed following what is kept.
public enum RevisionChanges {
    /// One change in words.
    public struct Line: Sendable, Hashable, CustomStringConvertible {
        /// Whether something was added, removed or changed.
        public enum Kind: String, Sendable, Hashable {
            case added, removed, changed
        }

        public let kind: Kind
        /// The change in words, such as `paywall · trialDays: 7 → 14`.
        public let text: String

        public init(_ kind: Kind, _ text: String) {
            self.kind = kind
            self.text = text
        }

        public var description: String { text }
    }

    /// A content value in words: `'Go premium'`, `7`, `true`, `[monthly, annual]`.
    public static func words(_ value: ContentValue) -> String { Words.value(value) }

    /// The changes from `before` to `after`, in words.
    public static func lines(from before: WaypointDocument, to after: WaypointDocument) -> [Line] {
        var lines = Lines(beforeLocale: before.defaultLocale, afterLocale: after.defaultLocale)
        if before.defaultLocale != after.defaultLocale {
            lines.compare("default locale", before.defaultLocale, after.defaultLocale) { $0 }
        }
        lines.flows(before.flows, after.flows)
        lines.walkthroughs(before.walkthroughs, after.walkthroughs)
        lines.experiments(before.experiments, after.experiments)
        return lines.result
    }
}

/// The lines as they are worked out.
private struct Lines {
    let beforeLocale: String?
    let afterLocale: String?
    var result: [RevisionChanges.Line] = []

    mutating func add(_ kind: RevisionChanges.Line.Kind, _ text: String) { result.append(.init(kind, text)) }

    /// A line for a value that was added, removed or changed (nothing when equal).
    mutating func compare<T: Equatable>(_ subject: String, _ old: T?, _ new: T?, _ words: (T) -> String) {
        switch (old, new) {
        case (nil, nil): break
        case (nil, let new?): add(.added, "\(subject): \(words(new))")
        case (let old?, nil): add(.removed, "\(subject) removed (was \(words(old)))")
        case (let old?, let new?) where old != new: add(.changed, "\(subject): \(words(old)) → \(words(new))")
        default: break
        }
    }

    // MARK: Flows

    mutating func flows(_ before: [FlowEntry], _ after: [FlowEntry]) {
        func key(_ flow: FlowEntry) -> String { flow.variation.map { "\(flow.id) (\($0))" } ?? flow.id }
        let old = Dictionary(before.map { (key($0), $0) }) { first, _ in first }
        let newKeys = Set(after.map(key))
        for flow in after {
            let name = key(flow)
            guard let previous = old[name] else {
                add(.added, "flow \(name) added (\(Words.count(flow.steps.count, "step")))")
                continue
            }
            compare("flow \(name) · version", previous.version, flow.version) { "\($0)" }
            compare("flow \(name) · start", previous.start, flow.start) { $0 }
            let oldSteps = Dictionary(previous.steps.map { ($0.id, $0) }) { first, _ in first }
            let label: (String) -> String = { step in flow.variation.map { "\(step) (\(flow.id), \($0))" } ?? step }
            for step in flow.steps {
                guard let was = oldSteps[step.id] else {
                    add(.added, "flow \(name) · step \(step.id) added")
                    continue
                }
                self.step(label(step.id), was, step)
            }
            let kept = Set(flow.steps.map(\.id))
            for step in previous.steps where !kept.contains(step.id) { add(.removed, "flow \(name) · step \(step.id) removed") }
        }
        for flow in before where !newKeys.contains(key(flow)) { add(.removed, "flow \(key(flow)) removed") }
    }

    mutating func step(_ subject: String, _ before: FlowStepEntry, _ after: FlowStepEntry) {
        compare("\(subject) · screen", before.screen, after.screen) { $0 }
        compare("\(subject) · subflow", before.subflow, after.subflow) { $0 }
        outcomes(subject, before.on, after.on)
        compare("\(subject) · condition", before.when, after.when) { _ in "set" }
        content(subject, before.content ?? [:], after.content ?? [:])
    }

    mutating func outcomes(_ subject: String, _ before: [FlowOutcome]?, _ after: [FlowOutcome]?) {
        let old = Dictionary((before ?? []).map { ($0.name, $0.target.description) }) { first, _ in first }
        let new = Dictionary((after ?? []).map { ($0.name, $0.target.description) }) { first, _ in first }
        let names = (after ?? []).map(\.name) + (before ?? []).map(\.name).filter { new[$0] == nil }
        for name in names { compare("\(subject) · on \(name)", old[name], new[name]) { $0 } }
    }

    /// Content key by key; a text locale by locale.
    mutating func content(_ subject: String, _ before: [String: ContentValue], _ after: [String: ContentValue], removals: Set<String> = []) {
        for key in Set(before.keys).union(after.keys).union(removals).sorted() {
            let field = "\(subject) · \(key)"
            switch (before[key], after[key]) {
            case (.text(let old)?, .text(let new)?):
                text(field, old, new)
            case (nil, .text(let new)?):
                // A new text: each locale added.
                text(field, nil, new)
            default:
                if removals.contains(key), after[key] == nil {
                    add(.removed, "\(field) removed")
                } else {
                    compare(field, before[key], after[key], Words.value)
                }
            }
        }
    }

    /// A text's locales compared one by one (a plain text is the default locale's).
    mutating func text(_ subject: String, _ before: LocalizedText?, _ after: LocalizedText?) {
        let old = before.map { Words.translations($0, defaultLocale: beforeLocale) } ?? [:]
        let new = after.map { Words.translations($0, defaultLocale: afterLocale) } ?? [:]
        let locales = Set(old.keys).union(new.keys).sorted { ($0 == afterLocale ? "" : $0) < ($1 == afterLocale ? "" : $1) }
        for locale in locales {
            compare(locale.isEmpty ? subject : "\(subject) (\(locale))", old[locale], new[locale], Words.quoted)
        }
    }

    // MARK: Walkthroughs

    mutating func walkthroughs(_ before: [WalkthroughEntry], _ after: [WalkthroughEntry]) {
        func key(_ walkthrough: WalkthroughEntry) -> String { walkthrough.variation.map { "\(walkthrough.id) (\($0))" } ?? walkthrough.id }
        let old = Dictionary(before.map { (key($0), $0) }) { first, _ in first }
        let newKeys = Set(after.map(key))
        for walkthrough in after {
            let name = key(walkthrough)
            guard let previous = old[name] else {
                add(.added, "walkthrough \(name) added (\(Words.count(walkthrough.steps.count, "hint")))")
                continue
            }
            compare("walkthrough \(name) · version", previous.version, walkthrough.version) { "\($0)" }
            compare("walkthrough \(name) · shown at most", previous.maxDisplayCount, walkthrough.maxDisplayCount) { Words.count($0, "time") }
            compare("walkthrough \(name) · condition", previous.when, walkthrough.when) { _ in "set" }
            let oldSteps = Dictionary(previous.steps.map { ($0.id, $0) }) { first, _ in first }
            for step in walkthrough.steps {
                guard let was = oldSteps[step.id] else {
                    add(.added, "walkthrough \(name) · hint '\(step.id)' added")
                    continue
                }
                hint("hint '\(step.id)'", was, step)
            }
            let kept = Set(walkthrough.steps.map(\.id))
            for step in previous.steps where !kept.contains(step.id) { add(.removed, "walkthrough \(name) · hint '\(step.id)' removed") }
        }
        for walkthrough in before where !newKeys.contains(key(walkthrough)) { add(.removed, "walkthrough \(key(walkthrough)) removed") }
    }

    mutating func hint(_ subject: String, _ before: WalkthroughStepEntry, _ after: WalkthroughStepEntry) {
        compare("\(subject) · target", before.targetElementId, after.targetElementId) { $0 }
        text("\(subject) · text", before.tooltipText, after.tooltipText)
        compare("\(subject) · position", before.tooltipPosition, after.tooltipPosition) { $0.rawValue }
        compare("\(subject) · shape", before.highlightShape, after.highlightShape, Words.shape)
        compare("\(subject) · trigger", before.completionTrigger, after.completionTrigger, Words.trigger)
        compare("\(subject) · can skip", before.canSkip, after.canSkip) { $0 ? "yes" : "no" }
        compare("\(subject) · condition", before.when, after.when) { _ in "set" }
        compare("\(subject) · target timeout", before.targetTimeout, after.targetTimeout) { Words.seconds($0) }
    }

    // MARK: Experiments

    mutating func experiments(_ before: [ExperimentEntry], _ after: [ExperimentEntry]) {
        let old = Dictionary(before.map { ($0.key, $0) }) { first, _ in first }
        let newKeys = Set(after.map(\.key))
        for experiment in after {
            guard let previous = old[experiment.key] else {
                var details = [Words.count(experiment.variations.count, "variation")]
                if let goal = experiment.goal { details.append("goal \(goal)") }
                add(.added, "experiment \(experiment.key) added (\(details.joined(separator: ", ")))")
                // What each variation changes, as for any other change of a variation.
                for variation in experiment.variations {
                    changes("experiment \(experiment.key) · \(variation)", [], experiment.changes[variation] ?? [])
                }
                continue
            }
            let subject = "experiment \(experiment.key)"
            compare("\(subject) · variations", previous.variations, experiment.variations) { $0.joined(separator: ", ") }
            compare("\(subject) · weights", previous.weights, experiment.weights) { $0.map(Words.percent).joined(separator: " / ") }
            compare("\(subject) · coverage", previous.coverage, experiment.coverage, Words.percent)
            compare("\(subject) · condition", previous.condition, experiment.condition) { _ in "set" }
            compare("\(subject) · active", previous.active, experiment.active) { $0 ? "yes" : "no" }
            compare("\(subject) · goal", previous.goal, experiment.goal) { $0 }
            compare("\(subject) · guardrails", previous.guardrails, experiment.guardrails) { $0.joined(separator: ", ") }
            compare("\(subject) · minimum detectable effect", previous.minimumDetectableEffect, experiment.minimumDetectableEffect, Words.percent)
            compare("\(subject) · hypothesis", previous.hypothesis, experiment.hypothesis, Words.quoted)
            let variations = experiment.variations + previous.variations.filter { !experiment.variations.contains($0) }
            for variation in variations {
                changes("\(subject) · \(variation)", previous.changes[variation] ?? [], experiment.changes[variation] ?? [])
            }
        }
        for experiment in before where !newKeys.contains(experiment.key) { add(.removed, "experiment \(experiment.key) removed") }
    }

    /// A variation's step changes, step by step.
    mutating func changes(_ subject: String, _ before: [ExperimentChange], _ after: [ExperimentChange]) {
        func key(_ change: ExperimentChange) -> String {
            switch change {
            case .flowStep(let flow, let step, _): "flow \(flow) · \(step)"
            case .walkthroughStep(let walkthrough, let step, _): "walkthrough \(walkthrough) · \(step)"
            }
        }
        func label(_ change: ExperimentChange) -> String {
            change.walkthrough == nil ? change.step : "hint '\(change.step)'"
        }
        let old = Dictionary(before.map { (key($0), $0) }) { first, _ in first }
        let newKeys = Set(after.map(key))
        for change in after {
            let name = "\(subject) · \(label(change))"
            // A step the variation did not change before is compared with a change of nothing: each
            // field it sets is a line of its own, with its value.
            let previous = old[key(change)] ?? {
                switch change {
                case .flowStep(let flow, let step, _): .flowStep(flow: flow, step: step, set: FlowStepChange())
                case .walkthroughStep(let walkthrough, let step, _): .walkthroughStep(walkthrough: walkthrough, step: step, set: WalkthroughStepChange())
                }
            }()
            switch (previous, change) {
            case (.flowStep(_, _, let was), .flowStep(_, _, let set)):
                compare("\(name) · screen", was.screen, set.screen) { $0 }
                outcomes(name, was.on, set.on)
                compare("\(name) · condition", was.when, set.when) { _ in "set" }
                compare("\(name) · skipped", was.skip, set.skip) { $0 ? "yes" : "no" }
                let removals = (set.content?.removals ?? []).subtracting(was.content?.removals ?? [])
                content(name, was.content?.values ?? [:], set.content?.values ?? [:], removals: removals)
            case (.walkthroughStep(_, _, let was), .walkthroughStep(_, _, let set)):
                compare("\(name) · text", was.tooltipText, set.tooltipText) { Words.quoted($0.description) }
                compare("\(name) · position", was.tooltipPosition, set.tooltipPosition) { $0.rawValue }
                compare("\(name) · shape", was.highlightShape, set.highlightShape, Words.shape)
                compare("\(name) · trigger", was.completionTrigger, set.completionTrigger, Words.trigger)
                compare("\(name) · can skip", was.canSkip, set.canSkip) { $0 ? "yes" : "no" }
                compare("\(name) · condition", was.when, set.when) { _ in "set" }
                compare("\(name) · target", was.targetElementId, set.targetElementId) { $0 }
            default:
                break
            }
        }
        for change in before where !newKeys.contains(key(change)) {
            add(.removed, "\(subject) · \(label(change)): no longer changed")
        }
    }
}

/// Values in words.
enum Words {
    static func quoted(_ text: String) -> String {
        let short = text.count > 60 ? String(text.prefix(57)) + "…" : text
        return "'" + short + "'"
    }

    static func number(_ value: Double) -> String { JavaScript.numberToString(value) }

    static func percent(_ fraction: Double) -> String { number((fraction * 1000).rounded() / 10) + "%" }

    static func seconds(_ value: Double) -> String { number(value) + " s" }

    static func count(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// A text by locale; a plain text under the default locale ("" when the document has none).
    static func translations(_ text: LocalizedText, defaultLocale: String?) -> [String: String] {
        switch text {
        case .plain(let string): [defaultLocale ?? "": string]
        case .translations(let translations): translations
        }
    }

    static func value(_ value: ContentValue) -> String {
        switch value {
        case .text(let text):
            switch text {
            case .plain(let string): quoted(string)
            case .translations(let translations):
                translations.keys.sorted().map { "\($0) \(quoted(translations[$0]!))" }.joined(separator: ", ")
            }
        case .number(let number): self.number(number)
        case .bool(let bool): bool ? "true" : "false"
        case .array(let elements): "[" + elements.map(Self.value).joined(separator: ", ") + "]"
        case .object(let members): "{" + members.keys.sorted().map { "\($0): \(Self.value(members[$0]!))" }.joined(separator: ", ") + "}"
        }
    }

    static func shape(_ shape: HighlightShape) -> String {
        var words: String
        switch shape.kind {
        case .circle: words = "circle"
        case .rectangle(let radius): words = radius == 0 ? "rectangle" : "rectangle (corner radius \(number(radius)))"
        }
        if shape.padding != HighlightShape.defaultPadding { words += ", padding \(number(shape.padding))" }
        return words
    }

    static func trigger(_ trigger: CompletionTrigger) -> String {
        switch trigger {
        case .tap(let element): "tap on \(element)"
        case .swipe(let direction): "swipe \(direction.rawValue)"
        case .timer(let seconds): "after \(self.seconds(seconds))"
        case .event(let name): "event \(name)"
        case .button: "the Next button"
        }
    }
}
