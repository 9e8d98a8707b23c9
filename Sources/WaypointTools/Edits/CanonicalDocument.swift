import Waypoint

/// A document as text in one form: 2-space indentation, keys in the order of the schema
/// (``DocumentSchema``), the members of content, localized texts, conditions and `changes` sorted by
/// key, a step's outcomes in their order, and values equal to the format's defaults left out (a hint's
/// `tooltipPosition` `auto`, `canSkip` `true`, `completionTrigger` `button`, `highlightShape` a rectangle
/// with square corners and 8 points of padding).
///
/// Equal documents give equal text, so a revision made by ``DocumentEdits`` in the dashboard and one
/// made by `waypoint edit` on a file are the same bytes (docs/ARCHITECTURE.md, "Editing documents").
public enum CanonicalDocument {
    /// The text of `document`, ending with a newline.
    public static func text(_ document: WaypointDocument) -> String {
        json(document).text() + "\n"
    }

    static func json(_ document: WaypointDocument) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = [("schemaVersion", .number(Double(document.schemaVersion)))]
        if let locale = document.defaultLocale { members.append(("defaultLocale", .string(locale))) }
        members.append(("flows", .array(document.flows.map(json))))
        members.append(("walkthroughs", .array(document.walkthroughs.map(json))))
        members.append(("experiments", .array(document.experiments.map(json))))
        return .object(members)
    }

    static func json(_ flow: FlowEntry) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = [("id", .string(flow.id)), ("version", .number(Double(flow.version)))]
        if let start = flow.start { members.append(("start", .string(start))) }
        if let experiment = flow.experiment { members.append(("experiment", .string(experiment))) }
        if let variation = flow.variation { members.append(("variation", .string(variation))) }
        members.append(("steps", .array(flow.steps.map(json))))
        return .object(members)
    }

    static func json(_ step: FlowStepEntry) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = [("id", .string(step.id))]
        if let screen = step.screen { members.append(("screen", .string(screen))) }
        if let on = step.on { members.append(("on", outcomes(on))) }
        if let when = step.when { members.append(("when", OrderedJSON(when.json))) }
        if let subflow = step.subflow { members.append(("subflow", .string(subflow))) }
        if let content = step.content { members.append(("content", json(content))) }
        return .object(members)
    }

    static func outcomes(_ outcomes: [FlowOutcome]) -> OrderedJSON {
        .object(outcomes.map { ($0.name, .string($0.target.description)) })
    }

    static func json(_ content: [String: ContentValue]) -> OrderedJSON {
        .object(content.keys.sorted().map { ($0, json(content[$0]!)) })
    }

    static func json(_ value: ContentValue) -> OrderedJSON {
        switch value {
        case .text(let text): json(text)
        case .number(let number): .number(number)
        case .bool(let bool): .bool(bool)
        case .array(let elements): .array(elements.map(json))
        case .object(let members): json(members)
        }
    }

    static func json(_ text: LocalizedText) -> OrderedJSON {
        switch text {
        case .plain(let string): .string(string)
        case .translations(let translations):
            .object([("$text", .object(translations.keys.sorted().map { ($0, .string(translations[$0]!)) }))])
        }
    }

    static func json(_ walkthrough: WalkthroughEntry) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = [("id", .string(walkthrough.id)), ("version", .number(Double(walkthrough.version)))]
        if let count = walkthrough.maxDisplayCount { members.append(("maxDisplayCount", .number(Double(count)))) }
        if let when = walkthrough.when { members.append(("when", OrderedJSON(when.json))) }
        if let experiment = walkthrough.experiment { members.append(("experiment", .string(experiment))) }
        if let variation = walkthrough.variation { members.append(("variation", .string(variation))) }
        members.append(("steps", .array(walkthrough.steps.map(json))))
        return .object(members)
    }

    static func json(_ step: WalkthroughStepEntry) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = [("id", .string(step.id)), ("targetElementId", .string(step.targetElementId))]
        if step.highlightShape != .rectangle() { members.append(("highlightShape", json(step.highlightShape))) }
        members.append(("tooltipText", json(step.tooltipText)))
        if step.tooltipPosition != .auto { members.append(("tooltipPosition", .string(step.tooltipPosition.rawValue))) }
        if step.completionTrigger != .button { members.append(("completionTrigger", json(step.completionTrigger))) }
        if !step.canSkip { members.append(("canSkip", .bool(false))) }
        if let when = step.when { members.append(("when", OrderedJSON(when.json))) }
        if let timeout = step.targetTimeout { members.append(("targetTimeout", .number(timeout))) }
        return .object(members)
    }

    static func json(_ shape: HighlightShape) -> OrderedJSON {
        var members: [(String, OrderedJSON)]
        switch shape.kind {
        case .circle: members = [("type", .string("circle"))]
        case .rectangle(let radius):
            members = [("type", .string("rectangle"))]
            if radius != 0 { members.append(("cornerRadius", .number(radius))) }
        }
        if shape.padding != HighlightShape.defaultPadding { members.append(("padding", .number(shape.padding))) }
        return .object(members)
    }

    static func json(_ trigger: CompletionTrigger) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = [("type", .string(trigger.analyticsName))]
        switch trigger {
        case .tap(let element): members.append(("elementId", .string(element)))
        case .swipe(let direction): members.append(("direction", .string(direction.rawValue)))
        case .timer(let seconds): members.append(("seconds", .number(seconds)))
        case .event(let name): members.append(("name", .string(name)))
        case .button: break
        }
        return .object(members)
    }

    static func json(_ experiment: ExperimentEntry) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = [("key", .string(experiment.key)), ("variations", .array(experiment.variations.map(OrderedJSON.string)))]
        if let weights = experiment.weights { members.append(("weights", .array(weights.map(OrderedJSON.number)))) }
        if let coverage = experiment.coverage { members.append(("coverage", .number(coverage))) }
        if let attribute = experiment.hashAttribute { members.append(("hashAttribute", .string(attribute))) }
        if let version = experiment.hashVersion { members.append(("hashVersion", .number(Double(version)))) }
        if let seed = experiment.seed { members.append(("seed", .string(seed))) }
        if let namespace = experiment.namespace {
            members.append(("namespace", .array([
                .string(namespace.id), .number(namespace.range.lowerBound), .number(namespace.range.upperBound),
            ])))
        }
        if let condition = experiment.condition { members.append(("condition", OrderedJSON(condition.json))) }
        if let active = experiment.active { members.append(("active", .bool(active))) }
        if let goal = experiment.goal { members.append(("goal", .string(goal))) }
        if let guardrails = experiment.guardrails { members.append(("guardrails", .array(guardrails.map(OrderedJSON.string)))) }
        if let effect = experiment.minimumDetectableEffect { members.append(("minimumDetectableEffect", .number(effect))) }
        if let hypothesis = experiment.hypothesis { members.append(("hypothesis", .string(hypothesis))) }
        let changed = experiment.changes.filter { !$0.value.isEmpty }
        if !changed.isEmpty {
            // Variations in the experiment's order, then any other in the order of their names.
            let order = experiment.variations.filter { changed[$0] != nil } + changed.keys.filter { !experiment.variations.contains($0) }.sorted()
            var seen: Set<String> = []
            members.append(("changes", .object(order.filter { seen.insert($0).inserted }.map { ($0, .array(changed[$0]!.map(json))) })))
        }
        return .object(members)
    }

    static func json(_ change: ExperimentChange) -> OrderedJSON {
        switch change {
        case .flowStep(let flow, let step, let set):
            return .object([("flow", .string(flow)), ("step", .string(step)), ("set", json(set))])
        case .walkthroughStep(let walkthrough, let step, let set):
            return .object([("walkthrough", .string(walkthrough)), ("step", .string(step)), ("set", json(set))])
        }
    }

    static func json(_ set: FlowStepChange) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = []
        if let screen = set.screen { members.append(("screen", .string(screen))) }
        if let content = set.content {
            members.append(("content", .object(content.keys.map { key in (key, content.values[key].map(json) ?? .null) })))
        }
        if let when = set.when { members.append(("when", OrderedJSON(when.json))) }
        if let on = set.on { members.append(("on", outcomes(on))) }
        if let skip = set.skip { members.append(("skip", .bool(skip))) }
        return .object(members)
    }

    static func json(_ set: WalkthroughStepChange) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = []
        if let text = set.tooltipText { members.append(("tooltipText", json(text))) }
        if let position = set.tooltipPosition { members.append(("tooltipPosition", .string(position.rawValue))) }
        if let shape = set.highlightShape { members.append(("highlightShape", json(shape))) }
        if let trigger = set.completionTrigger { members.append(("completionTrigger", json(trigger))) }
        if let canSkip = set.canSkip { members.append(("canSkip", .bool(canSkip))) }
        if let when = set.when { members.append(("when", OrderedJSON(when.json))) }
        if let target = set.targetElementId { members.append(("targetElementId", .string(target))) }
        return .object(members)
    }
}
