import Foundation
import Waypoint
import WaypointTools

/// The editor of a walkthrough's hint: its text per locale side by side, its position, shape and
/// trigger as form controls, and the overlay's preview (``OverlaySVG``) in a chosen locale.
///
/// A sent form becomes `set-text` edits (one per changed locale) and one `set-step` edit of the
/// changed controls, applied by ``AppAdministration/editRevision(appID:base:body:by:)`` as the JSON
/// route applies them.
struct HintEditor: Sendable {
    let document: WaypointDocument
    let walkthroughID: String
    let stepID: String
    let hint: WalkthroughStepEntry
    /// (walkthrough entry, step index) of every entry that has the hint.
    let places: [(Int, Int)]
    /// The locales shown, the default first.
    let columns: [String]

    /// The phone the preview is drawn on, and the target's frame on it (points).
    static let screen = OverlaySize(width: 390, height: 844)
    static let target = OverlayRect(x: 145, y: 380, width: 100, height: 48)

    init(document: WaypointDocument, walkthrough: String, step: String, locales: [String]?, adding: String?) throws {
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
        var columns = locales ?? FlowStepEditor.locales(of: document)
        if let adding = adding?.trimmingCharacters(in: .whitespaces), !adding.isEmpty,
           !columns.contains(where: { $0.lowercased() == adding.lowercased() }) {
            columns.append(adding)
        }
        if columns.isEmpty { columns = ["en"] }
        self.columns = columns
    }

    var defaultLocale: String { document.defaultLocale ?? columns.first ?? "en" }

    func string(in locale: String) -> String? {
        switch hint.tooltipText {
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
        for (column, locale) in columns.enumerated() {
            guard let typed = form["text.\(column)"], !typed.trimmingCharacters(in: .whitespaces).isEmpty, typed != string(in: locale) else { continue }
            edits.append(.setText(walkthrough: walkthroughID, step: stepID, locale: locale, text: typed))
            origins.append("text.\(column)")
        }
        let before = Controls(hint)
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
        if !set.fieldNames.isEmpty {
            edits.append(.setStep(walkthrough: walkthroughID, step: stepID, set: set))
            origins.append(fields.count == 1 ? fields[0] : nil)
        }
        return (edits, origins, problems)
    }

    /// The fields diagnostics at these paths concern.
    var diagnosticPlaces: DiagnosticPlaces {
        var result = DiagnosticPlaces()
        for (entry, position) in places {
            let prefix = "walkthroughs[\(entry)].steps[\(position)]"
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

    /// The overlay's SVG in `locale`: the hint's text and the built-in labels ("Next", "Skip", "2 of 3")
    /// in that locale; nil, with why, when it cannot be drawn.
    func preview(locale: String) -> (svg: String?, problem: String?) {
        var attributes = Attributes()
        attributes[TextLocalization.localeAttribute] = .string(locale)
        do {
            let resolution = try document.resolve(attributes: attributes, preferredLanguages: [])
            guard let walkthrough = resolution.walkthroughs[walkthroughID] else {
                return (nil, "The walkthrough is not shown to a user of locale \(locale) without an experiment's variation, so there is no preview.")
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
