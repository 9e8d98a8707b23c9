import Foundation
import Waypoint
import WaypointTools

/// The editor of a walkthrough's hint: its text per locale side by side, its position, shape and
/// trigger as form controls, and the overlay's preview (``OverlaySVG``) in a chosen locale; or, for a
/// variation of an experiment, the hint as that variation shows it and what it changes of the hint
/// (docs/ARCHITECTURE.md, "Experiments that change steps").
///
/// A sent form becomes `set-text` edits (one per changed locale) and one `set-step` edit of the
/// changed controls, or for a variation one `update-experiment` edit, applied by
/// ``AppAdministration/editRevision(appID:base:body:by:)`` as the JSON route applies them.
struct HintEditor: Sendable {
    typealias Variation = FlowStepEditor.Variation

    let document: WaypointDocument
    let walkthroughID: String
    let stepID: String
    /// The hint as the document has it (the first entry of the walkthrough that has it).
    let hint: WalkthroughStepEntry
    /// The variation whose changes are edited.
    let variation: Variation?
    /// What the variation changes of the hint now (nil: nothing).
    let change: WalkthroughStepChange?
    /// (walkthrough entry, step index) of every entry that has the hint.
    let places: [(Int, Int)]
    /// The locales shown, the default first.
    let columns: [String]

    /// The phone the preview is drawn on, and the target's frame on it (points).
    static let screen = OverlaySize(width: 390, height: 844)
    static let target = OverlayRect(x: 145, y: 380, width: 100, height: 48)

    /// The editor of hint `step` of walkthrough `walkthrough`; of the changes of `variation` of
    /// `experiment` when both are given. `locales` are the columns to show (nil: the document's);
    /// `adding` one more.
    init(
        document: WaypointDocument, walkthrough: String, step: String, experiment: String? = nil, variation: String? = nil,
        locales: [String]?, adding: String?
    ) throws {
        self.document = document
        walkthroughID = walkthrough
        stepID = step
        let entries = document.walkthroughs.indices.filter { document.walkthroughs[$0].id == walkthrough }
        guard !entries.isEmpty else {
            throw APIError.notFound("The revision has no walkthrough \"\(walkthrough)\"; open the revision page and choose a hint there.")
        }
        places = entries.compactMap { entry in document.walkthroughs[entry].steps.firstIndex { $0.id == step }.map { (entry, $0) } }
        guard let first = places.first else {
            throw APIError.notFound("The walkthrough \"\(walkthrough)\" has no step \"\(step)\"; open the revision page and choose a hint there.")
        }
        hint = document.walkthroughs[first.0].steps[first.1]
        self.variation = try Variation(experiment: experiment, variation: variation, in: document)
        change = self.variation.flatMap { document.experiments[$0.index].changes[$0.name] }?
            .first { $0.walkthrough == walkthrough && $0.step == step }
            .flatMap { change -> WalkthroughStepChange? in
                if case .walkthroughStep(_, _, let set) = change { return set }
                return nil
            }
        var columns = locales ?? DocumentEdits.locales(of: document)
        if let adding = adding?.trimmingCharacters(in: .whitespaces), !adding.isEmpty,
           !columns.contains(where: { $0.lowercased() == adding.lowercased() }) {
            columns.append(adding)
        }
        if columns.isEmpty { columns = ["en"] }
        self.columns = columns
    }

    var defaultLocale: String { document.defaultLocale ?? columns.first ?? "en" }

    /// The hint as shown: the variation's changes applied to the document's hint.
    var shown: WalkthroughStepEntry { change.map { hint.applying($0) } ?? hint }

    /// A text's string in `locale` (a plain text is the default locale's); nil when it has none.
    func string(_ text: LocalizedText, in locale: String) -> String? {
        switch text {
        case .plain(let string): locale.lowercased() == defaultLocale.lowercased() ? string : nil
        case .translations(let translations): translations.first { $0.key.lowercased() == locale.lowercased() }?.value
        }
    }

    // MARK: The form's controls

    enum ShapeChoice: String, CaseIterable { case rectangle, circle }
    enum TriggerChoice: String, CaseIterable { case button, tap, swipe, timer, event }

    static func words(_ trigger: TriggerChoice) -> String {
        switch trigger {
        case .button: "the tooltip's Next button"
        case .tap: "a tap on an element"
        case .swipe: "a swipe"
        case .timer: "a timer"
        case .event: "an app event"
        }
    }

    /// The controls' values now: from the hint, or as a refused form sent them.
    struct Controls: Equatable {
        var position: String
        var shape: String
        var cornerRadius: String
        var padding: String
        var trigger: String
        var triggerElement: String
        var triggerDirection: String
        var triggerSeconds: String
        var triggerEvent: String
        var canSkip: String

        init(_ hint: WalkthroughStepEntry) {
            position = hint.tooltipPosition.rawValue
            switch hint.highlightShape.kind {
            case .circle:
                shape = ShapeChoice.circle.rawValue
                cornerRadius = "0"
            case .rectangle(let radius):
                shape = ShapeChoice.rectangle.rawValue
                cornerRadius = RevisionChanges.words(.number(radius))
            }
            padding = RevisionChanges.words(.number(hint.highlightShape.padding))
            triggerElement = hint.targetElementId
            triggerDirection = SwipeDirection.left.rawValue
            triggerSeconds = "3"
            triggerEvent = ""
            switch hint.completionTrigger {
            case .button: trigger = TriggerChoice.button.rawValue
            case .tap(let element):
                trigger = TriggerChoice.tap.rawValue
                triggerElement = element
            case .swipe(let direction):
                trigger = TriggerChoice.swipe.rawValue
                triggerDirection = direction.rawValue
            case .timer(let seconds):
                trigger = TriggerChoice.timer.rawValue
                triggerSeconds = RevisionChanges.words(.number(seconds))
            case .event(let name):
                trigger = TriggerChoice.event.rawValue
                triggerEvent = name
            }
            canSkip = hint.canSkip ? "yes" : "no"
        }

        mutating func read(_ form: FormFields) {
            position = form["position"] ?? position
            shape = form["shape"] ?? shape
            cornerRadius = form["cornerRadius"]?.trimmingCharacters(in: .whitespaces) ?? cornerRadius
            padding = form["padding"]?.trimmingCharacters(in: .whitespaces) ?? padding
            trigger = form["trigger"] ?? trigger
            triggerElement = form["triggerElement"]?.trimmingCharacters(in: .whitespaces) ?? triggerElement
            triggerDirection = form["triggerDirection"] ?? triggerDirection
            triggerSeconds = form["triggerSeconds"]?.trimmingCharacters(in: .whitespaces) ?? triggerSeconds
            triggerEvent = form["triggerEvent"]?.trimmingCharacters(in: .whitespaces) ?? triggerEvent
            canSkip = form["canSkip"] ?? canSkip
        }
    }

    // MARK: Reading the form

    /// The edits a sent form asks for, the field each came from, and the problems of values that
    /// cannot be read (a corner radius that is not a number).
    func edits(from form: FormFields) -> (edits: [DocumentEdit], origins: [String?], problems: FieldProblems) {
        var problems = FieldProblems()
        var edits: [DocumentEdit] = []
        var origins: [String?] = []
        let shown = self.shown
        var text = shown.tooltipText
        for (column, locale) in columns.enumerated() {
            guard let typed = form["text.\(column)"], !typed.trimmingCharacters(in: .whitespaces).isEmpty, typed != string(text, in: locale) else { continue }
            edits.append(.setText(walkthrough: walkthroughID, step: stepID, locale: locale, text: typed))
            origins.append("text.\(column)")
            text = DocumentEdits.text(text, setting: locale, to: typed, defaultLocale: defaultLocale)
        }
        let before = Controls(shown)
        var after = before
        after.read(form)
        var set = WalkthroughStepChange()
        var fields: [String] = []
        if after.position != before.position {
            if let position = TooltipPosition(rawValue: after.position) {
                set.tooltipPosition = position
                fields.append("position")
            } else {
                problems.add("Choose a position: above, below or auto.", field: "position")
            }
        }
        if (after.shape, after.cornerRadius, after.padding) != (before.shape, before.cornerRadius, before.padding) {
            let radius = Double(after.cornerRadius)
            let padding = Double(after.padding)
            if radius == nil || !(radius?.isFinite ?? false) { problems.add("\"\(after.cornerRadius)\" is not a corner radius; write a number of points such as 8.", field: "shape") }
            if padding == nil || !(padding?.isFinite ?? false) { problems.add("\"\(after.padding)\" is not a padding; write a number of points such as 8.", field: "shape") }
            if let radius, let padding {
                switch ShapeChoice(rawValue: after.shape) {
                case .circle?: set.highlightShape = .circle(padding: padding)
                case .rectangle?: set.highlightShape = .rectangle(cornerRadius: radius, padding: padding)
                case nil: problems.add("Choose a shape: rectangle or circle.", field: "shape")
                }
                if set.highlightShape != nil { fields.append("shape") }
            }
        }
        let triggerChanged = after.trigger != before.trigger || {
            switch TriggerChoice(rawValue: after.trigger) {
            case .tap?: after.triggerElement != before.triggerElement
            case .swipe?: after.triggerDirection != before.triggerDirection
            case .timer?: after.triggerSeconds != before.triggerSeconds
            case .event?: after.triggerEvent != before.triggerEvent
            case .button?, nil: false
            }
        }()
        if triggerChanged {
            switch TriggerChoice(rawValue: after.trigger) {
            case .button?: set.completionTrigger = .button
            case .tap?: set.completionTrigger = .tap(elementId: after.triggerElement)
            case .swipe?:
                if let direction = SwipeDirection(rawValue: after.triggerDirection) {
                    set.completionTrigger = .swipe(direction)
                } else {
                    problems.add("Choose a direction: left, right, up or down.", field: "trigger")
                }
            case .timer?:
                if let seconds = Double(after.triggerSeconds), seconds.isFinite {
                    set.completionTrigger = .timer(seconds: seconds)
                } else {
                    problems.add("\"\(after.triggerSeconds)\" is not a number of seconds; write one such as 4.", field: "trigger")
                }
            case .event?: set.completionTrigger = .event(name: after.triggerEvent)
            case nil: problems.add("Choose a trigger: \(TriggerChoice.allCases.map(\.rawValue).joined(separator: ", ")).", field: "trigger")
            }
            if set.completionTrigger != nil { fields.append("trigger") }
        }
        if after.canSkip != before.canSkip {
            set.canSkip = after.canSkip == "yes"
            fields.append("canSkip")
        }
        if let variation {
            var wanted = shown.applying(set)
            wanted.tooltipText = text
            return (variationEdit(variation, wanted: wanted).map { [$0] } ?? [], [nil], problems)
        }
        if set != WalkthroughStepChange() {
            edits.append(.setStep(walkthrough: walkthroughID, step: stepID, set: set))
            origins.append(fields.count == 1 ? fields[0] : nil)
        }
        return (edits, origins, problems)
    }

    /// The `update-experiment` edit that gives the variation the hint `wanted` (nil when nothing
    /// changes): each value equal to the hint's own is no change, the others are the variation's `set`;
    /// the other variations' changes and the variation's changes to other steps are kept.
    func variationEdit(_ variation: Variation, wanted: WalkthroughStepEntry) -> DocumentEdit? {
        var set = change ?? WalkthroughStepChange()
        set.tooltipText = wanted.tooltipText == hint.tooltipText ? nil : wanted.tooltipText
        set.tooltipPosition = wanted.tooltipPosition == hint.tooltipPosition ? nil : wanted.tooltipPosition
        set.highlightShape = wanted.highlightShape == hint.highlightShape ? nil : wanted.highlightShape
        set.completionTrigger = wanted.completionTrigger == hint.completionTrigger ? nil : wanted.completionTrigger
        set.canSkip = wanted.canSkip == hint.canSkip ? nil : wanted.canSkip
        guard set != change ?? WalkthroughStepChange() else { return nil }
        return variation.edit(
            setting: .walkthroughStep(walkthrough: walkthroughID, step: stepID, set: set), setsNothing: set == WalkthroughStepChange(),
            isSameStep: { $0.walkthrough == walkthroughID && $0.step == stepID }, in: document)
    }

    /// The fields diagnostics at these paths concern.
    var diagnosticPlaces: DiagnosticPlaces {
        var result = DiagnosticPlaces()
        var prefixes = places.map { "walkthroughs[\($0.0)].steps[\($0.1)]" }
        if let variation {
            let list = document.experiments[variation.index].changes[variation.name]
            let changes = DiagnosticPlaces.appending(variation.name, to: "experiments[\(variation.index)].changes")
            let position = list?.firstIndex { $0.walkthrough == walkthroughID && $0.step == stepID } ?? list?.count ?? 0
            prefixes = ["\(changes)[\(position)].set"]
        }
        for prefix in prefixes {
            for (key, field) in [
                ("tooltipText", "text"), ("tooltipPosition", "position"), ("highlightShape", "shape"), ("completionTrigger", "trigger"),
                ("canSkip", "canSkip"),
            ] {
                result.add(DiagnosticPlaces.appending(key, to: prefix), field: field)
            }
        }
        return result
    }

    // MARK: The preview

    /// The overlay's SVG in `locale`, as the variation shows it when one is edited: the hint's text and the built-in labels ("Next", "Skip", "2 of 3")
    /// in that locale; nil, with why, when it cannot be drawn.
    func preview(locale: String) -> (svg: String?, problem: String?) {
        var attributes = Attributes()
        attributes[TextLocalization.localeAttribute] = .string(locale)
        do {
            let forced = variation.map { [$0.experiment: $0.name] } ?? [:]
            let resolution = try document.resolve(attributes: attributes, forcedVariations: forced, preferredLanguages: [])
            guard let walkthrough = resolution.walkthroughs[walkthroughID] else {
                let who = variation.map { "in variation \($0.name) of experiment \($0.experiment)" } ?? "without an experiment's variation"
                return (nil, "The walkthrough is not shown to a user of locale \(locale) \(who), so there is no preview.")
            }
            let svg = try OverlaySVG.document(
                walkthrough: walkthrough, stepId: stepID, screen: Self.screen, target: Self.target,
                labels: OverlayLabels(locale: Locale(identifier: locale)))
            return (svg, nil)
        } catch {
            return (nil, "The preview cannot be drawn: \(error)")
        }
    }
}
