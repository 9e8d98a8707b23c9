/// The sections of the format: document, flows, walkthroughs, experiments.
extension DocumentDecoder {
    static let documentKeys = KeySet(["$schema", "schemaVersion", "flows", "walkthroughs", "experiments", "defaultLocale"])
    static let flowKeys = KeySet(["id", "version", "start", "experiment", "variation", "steps"])
    static let flowStepKeys = KeySet(["id", "screen", "on", "when", "subflow", "content"])
    static let walkthroughKeys = KeySet(["id", "version", "maxDisplayCount", "when", "experiment", "variation", "steps"])
    static let walkthroughStepKeys = KeySet([
        "id", "targetElementId", "highlightShape", "tooltipText", "tooltipPosition", "completionTrigger", "canSkip", "when",
        "targetTimeout",
    ])
    static let shapeKeys = KeySet(["type", "cornerRadius", "padding"])
    static let triggerKeys = KeySet(["type", "elementId", "direction", "seconds", "name"])
    static let experimentKeys = KeySet([
        "key", "variations", "weights", "coverage", "hashAttribute", "hashVersion", "seed", "namespace", "condition", "active",
        "goal", "guardrails", "minimumDetectableEffect", "hypothesis", "changes",
    ])

    /// Reads the whole document; `nil` when there was any error.
    mutating func decodeDocument() -> WaypointDocument? {
        let root = 0
        guard tape.kind(root) == .object else {
            report(.wrongType, at: root, nil,
                   "the document must be a JSON object such as {\"schemaVersion\": 1, \"flows\": []}, but this is \(describe(root))")
            return nil
        }
        let field = fields(of: root, Self.documentKeys, what: "the document")
        if field[0] >= 0 { _ = string(field[0], .key("$schema"), label: "$schema") }
        if field[1] < 0 {
            missing("schemaVersion", in: root, what: "the document", hint: "; write \"schemaVersion\": \(WaypointDocument.currentSchemaVersion)")
        } else if let version = integer(field[1], .key("schemaVersion"), label: "schemaVersion", minimum: 0),
                  version != WaypointDocument.currentSchemaVersion {
            report(.unsupportedSchemaVersion, at: field[1], .key("schemaVersion"),
                   "schemaVersion \(version) is not supported; this version of Waypoint reads schemaVersion \(WaypointDocument.currentSchemaVersion)")
            // The rest was written for another format: checking it against this one would only add noise.
            return nil
        }
        if field[5] >= 0 {
            if let tag = string(field[5], .key("defaultLocale"), label: "defaultLocale"),
               localeTag(tag, at: field[5], .key("defaultLocale"), label: "defaultLocale") {
                defaultLocale = .valid(tag)
            } else {
                defaultLocale = .invalid
            }
        }
        // Only experiments' changes name steps: without experiments, the steps need no index.
        if field[4] >= 0, tape.kind(field[4]) == .array, tape[field[4]].length > 0 {
            changeTargets = ChangeTargets(tape: tape, flows: field[2], walkthroughs: field[3])
        }
        let flows = list(field[2], key: "flows") { decoder, node in decoder.decodeFlow(node) }
        let walkthroughs = list(field[3], key: "walkthroughs") { decoder, node in decoder.decodeWalkthrough(node) }
        let experiments = list(field[4], key: "experiments") { decoder, node in decoder.decodeExperiment(node) }
        guard errorCount == 0 else { return nil }
        return WaypointDocument(
            schemaVersion: WaypointDocument.currentSchemaVersion, flows: flows, walkthroughs: walkthroughs, experiments: experiments,
            defaultLocale: defaultLocaleTag)
    }

    /// Reads an optional array member with `element`; empty when absent.
    mutating func list<T>(_ node: Int, key: String, _ element: (inout DocumentDecoder, Int) -> T?) -> [T] {
        guard node >= 0 else { return [] }
        path.append(.key(key))
        defer { path.removeLast() }
        guard expectArray(node, nil, label: key) else { return [] }
        var result: [T] = []
        result.reserveCapacity(Int(tape[node].length))
        var child = tape.firstChild(node)
        for index in 0..<Int(tape[node].length) {
            path.append(.index(index))
            if let value = element(&self, child) { result.append(value) }
            path.removeLast()
            child = tape.next(child)
        }
        return result
    }

    /// Reads `experiment` and `variation`, which go together.
    private mutating func experimentAndVariation(_ field: [Int], experiment: Int, variation: Int, in node: Int, what: String) -> (String?, String?) {
        let experimentKey = field[experiment] >= 0 ? id(field[experiment], .key("experiment"), label: "experiment") : nil
        let variationName = field[variation] >= 0 ? id(field[variation], .key("variation"), label: "variation") : nil
        if field[experiment] >= 0, field[variation] < 0 {
            missing("variation", in: node, what: "\(what) that names an experiment",
                    hint: ": the variation of the experiment this entry is used for")
        } else if field[variation] >= 0, field[experiment] < 0 {
            missing("experiment", in: node, what: "\(what) with a variation", hint: ": the experiment the variation belongs to")
        }
        return (experimentKey, variationName)
    }

    // MARK: Flows

    private mutating func decodeFlow(_ node: Int) -> FlowEntry? {
        guard expectObject(node, nil, what: "a flow", example: #"{"id": "signup", "steps": [...]}"#) else { return nil }
        let errors = errorCount
        let field = fields(of: node, Self.flowKeys, what: "a flow")
        var flowID: String?
        if field[0] < 0 { missing("id", in: node, what: "a flow") } else { flowID = id(field[0], .key("id"), label: "id") }
        let version = field[1] >= 0 ? integer(field[1], .key("version"), label: "version", minimum: 1) : 1
        let start = field[2] >= 0 ? id(field[2], .key("start"), label: "start") : nil
        let (experiment, variation) = experimentAndVariation(field, experiment: 3, variation: 4, in: node, what: "a flow")
        var steps: [FlowStepEntry] = []
        if field[5] < 0 {
            missing("steps", in: node, what: "a flow", hint: ", a list of steps such as [{\"id\": \"welcome\"}]")
        } else {
            steps = list(field[5], key: "steps") { decoder, step in decoder.decodeFlowStep(step) }
        }
        guard errorCount == errors, let flowID, let version else { return nil }
        return FlowEntry(id: flowID, version: version, start: start, experiment: experiment, variation: variation, steps: steps)
    }

    private mutating func decodeFlowStep(_ node: Int) -> FlowStepEntry? {
        guard expectObject(node, nil, what: "a flow step", example: #"{"id": "welcome", "screen": "Welcome"}"#) else { return nil }
        let errors = errorCount
        let field = fields(of: node, Self.flowStepKeys, what: "a flow step")
        var stepID: String?
        if field[0] < 0 { missing("id", in: node, what: "a flow step") } else { stepID = id(field[0], .key("id"), label: "id") }
        let screen = field[1] >= 0 ? nonEmptyString(field[1], .key("screen"), label: "screen") : nil
        let outcomes = field[2] >= 0 ? decodeOutcomes(field[2]) : nil
        let when = field[3] >= 0 ? condition(field[3], .key("when"), label: "when") : nil
        let subflow = field[4] >= 0 ? id(field[4], .key("subflow"), label: "subflow") : nil
        if field[1] >= 0, field[4] >= 0 {
            report(.conflictingKeys, at: field[4], .key("subflow"),
                   "a step has `screen` or `subflow`, not both; a subflow step shows the screens of the subflow")
        }
        let content = field[5] >= 0 ? decodeContent(field[5], .key("content")) : nil
        if field[5] >= 0, field[4] >= 0 {
            report(.conflictingKeys, at: field[5], .key("content"),
                   "a subflow step has no screen to show `content`; put the content on the subflow's own steps")
        }
        guard errorCount == errors, let stepID else { return nil }
        return FlowStepEntry(id: stepID, screen: screen, on: outcomes, when: when, subflow: subflow, content: content)
    }

    mutating func decodeOutcomes(_ node: Int) -> [FlowOutcome]? {
        guard expectObject(node, .key("on"), what: "`on`", example: #"{"next": "login", "skip": "$complete"}"#) else { return nil }
        path.append(.key("on"))
        defer { path.removeLast() }
        // The members are walked in a plain loop (a closure that reports would work on a copy of the
        // decoder), and a name is compared with the ones before it: a step has a few outcomes, and
        // comparing a few short names costs less than hashing one. Long lists are hashed.
        let tape = self.tape
        let count = Int(tape[node].length)
        var outcomes: [FlowOutcome] = []
        outcomes.reserveCapacity(count)
        var seen: Set<String> = count > Self.scannedOutcomes ? Set(minimumCapacity: count) : []
        var key = node + 1
        for member in 0..<count {
            let value = key + 1
            defer { key = tape.next(value) }
            let name = tape.string(key)
            let repeated = count > Self.scannedOutcomes
                ? !seen.insert(name).inserted
                : Self.hasEarlierKey(key, named: name, among: member, from: node + 1, in: tape)
            if repeated {
                report(.duplicateKey, at: key, .key(name), "the outcome \(Self.quoted(name)) appears more than once in `on`; keep one")
                continue
            }
            if name == Outcome.back {
                report(.reservedOutcome, at: key, .key(name),
                       "the outcome `back` is reserved: it always returns to the previous step; give this outcome another name")
                continue
            }
            guard isID(key) else {
                report(.badId, at: key, .key(name), Self.badIDMessage(name, label: "outcome name"))
                continue
            }
            guard tape.kind(value) == .string else {
                report(.wrongType, at: value, .key(name),
                       "the target of outcome \(Self.quoted(name)) must be a step id or \"$complete\", but this is \(describe(value))")
                continue
            }
            if tape.stringEquals(value, "$complete") {
                outcomes.append(FlowOutcome(name: name, target: .complete))
            } else if isID(value) {
                outcomes.append(FlowOutcome(name: name, target: .step(tape.string(value))))
            } else {
                let text = tape.string(value)
                var message = "\(Self.quoted(text)) is not a step id or `$complete`; ids use only letters, digits, `.`, `_` and `-`"
                if text.hasPrefix("$"), let suggestion = Spelling.suggestion(for: text, among: [Destination.completeToken]) {
                    message = "\(Self.quoted(text)) is not a step id or `$complete`; did you mean `\(suggestion)`?"
                }
                report(.badId, at: value, .key(name), message)
            }
        }
        return outcomes
    }

    /// Up to this many outcomes, a name is compared with the names before it rather than hashed.
    static let scannedOutcomes = 16

    /// Whether one of the first `earlier` keys of an object, whose first key is at `first`, is `name`
    /// (the decoded text of the key at `key`).
    private static func hasEarlierKey(_ key: Int, named name: String, among earlier: Int, from first: Int, in tape: JSONTape) -> Bool {
        var other = first
        for _ in 0..<earlier {
            if tape.stringsEqual(other, key, secondText: name) { return true }
            other = tape.next(other + 1)
        }
        return false
    }

    // MARK: Walkthroughs

    private mutating func decodeWalkthrough(_ node: Int) -> WalkthroughEntry? {
        guard expectObject(node, nil, what: "a walkthrough", example: #"{"id": "tour", "steps": [...]}"#) else { return nil }
        let errors = errorCount
        let field = fields(of: node, Self.walkthroughKeys, what: "a walkthrough")
        var walkthroughID: String?
        if field[0] < 0 { missing("id", in: node, what: "a walkthrough") } else { walkthroughID = id(field[0], .key("id"), label: "id") }
        let version = field[1] >= 0 ? integer(field[1], .key("version"), label: "version", minimum: 1) : 1
        let maxDisplayCount = field[2] >= 0 ? integer(field[2], .key("maxDisplayCount"), label: "maxDisplayCount", minimum: 1) : nil
        let when = field[3] >= 0 ? condition(field[3], .key("when"), label: "when") : nil
        let (experiment, variation) = experimentAndVariation(field, experiment: 4, variation: 5, in: node, what: "a walkthrough")
        var steps: [WalkthroughStepEntry] = []
        if field[6] < 0 {
            missing("steps", in: node, what: "a walkthrough", hint: ", a list of hints")
        } else {
            steps = list(field[6], key: "steps") { decoder, step in decoder.decodeWalkthroughStep(step) }
        }
        guard errorCount == errors, let walkthroughID, let version else { return nil }
        return WalkthroughEntry(
            id: walkthroughID, version: version, maxDisplayCount: maxDisplayCount, when: when,
            experiment: experiment, variation: variation, steps: steps)
    }

    static let positions: [(String, TooltipPosition)] = TooltipPosition.allCases.map { ($0.rawValue, $0) }

    private mutating func decodeWalkthroughStep(_ node: Int) -> WalkthroughStepEntry? {
        guard expectObject(
            node, nil, what: "a walkthrough step",
            example: #"{"id": "intro", "targetElementId": "editor.button", "tooltipText": "…"}"#
        ) else { return nil }
        let errors = errorCount
        let field = fields(of: node, Self.walkthroughStepKeys, what: "a walkthrough step")
        var stepID: String?
        if field[0] < 0 { missing("id", in: node, what: "a walkthrough step") } else { stepID = id(field[0], .key("id"), label: "id") }
        var target: String?
        if field[1] < 0 {
            missing("targetElementId", in: node, what: "a walkthrough step", hint: ": the id of the element the hint points at")
        } else {
            target = id(field[1], .key("targetElementId"), label: "targetElementId")
        }
        let shape = field[2] >= 0 ? decodeShape(field[2]) : .rectangle()
        var text: LocalizedText?
        if field[3] < 0 {
            missing("tooltipText", in: node, what: "a walkthrough step")
        } else {
            text = self.text(field[3], .key("tooltipText"), label: "tooltipText", allowsEmpty: false)
        }
        let position = field[4] >= 0
            ? choice(field[4], .key("tooltipPosition"), label: "tooltipPosition", what: "a tooltip position", Self.positions) : .auto
        let trigger = field[5] >= 0 ? decodeTrigger(field[5]) : .button
        let canSkip = field[6] >= 0 ? bool(field[6], .key("canSkip"), label: "canSkip") : true
        let when = field[7] >= 0 ? condition(field[7], .key("when"), label: "when") : nil
        let timeout = field[8] >= 0
            ? nonNegative(field[8], .key("targetTimeout"), label: "targetTimeout", code: .negativeDuration,
                          unit: " seconds, or leave it out to wait for ever")
            : nil
        guard errorCount == errors, let stepID, let target, let shape, let text, let position, let trigger, let canSkip else { return nil }
        return WalkthroughStepEntry(
            id: stepID, targetElementId: target, highlightShape: shape, tooltipText: text, tooltipPosition: position,
            completionTrigger: trigger, canSkip: canSkip, when: when, targetTimeout: timeout)
    }

    private enum ShapeType { case circle, rectangle }

    mutating func decodeShape(_ node: Int) -> HighlightShape? {
        guard expectObject(node, .key("highlightShape"), what: "`highlightShape`", example: #"{"type": "circle"}"#) else { return nil }
        path.append(.key("highlightShape"))
        defer { path.removeLast() }
        let errors = errorCount
        let field = fields(of: node, Self.shapeKeys, what: "a highlight shape")
        var type: ShapeType?
        if field[0] < 0 {
            missing("type", in: node, what: "a highlight shape", hint: ": `circle` or `rectangle`")
        } else {
            type = choice(field[0], .key("type"), label: "type", what: "a highlight shape",
                          [("circle", ShapeType.circle), ("rectangle", ShapeType.rectangle)])
        }
        var radius = 0.0
        if field[1] >= 0 {
            if type == .circle {
                report(.unknownKey, at: keyNode(of: field[1]), .key("cornerRadius"),
                       "`cornerRadius` applies only to a `rectangle`; remove it or use \"type\": \"rectangle\"")
            } else if let value = nonNegative(field[1], .key("cornerRadius"), label: "cornerRadius", unit: " points") {
                radius = value
            }
        }
        var padding = HighlightShape.defaultPadding
        if field[2] >= 0, let value = nonNegative(field[2], .key("padding"), label: "padding", unit: " points") { padding = value }
        guard errorCount == errors, let type else { return nil }
        switch type {
        case .circle: return .circle(padding: padding)
        case .rectangle: return .rectangle(cornerRadius: radius, padding: padding)
        }
    }

    /// The key node of a member, given its value node (keys directly precede their values).
    func keyNode(of value: Int) -> Int { value - 1 }

    private enum TriggerType: String, CaseIterable { case tap, swipe, timer, event, button }
    private static let triggerTypes: [(String, TriggerType)] = TriggerType.allCases.map { ($0.rawValue, $0) }
    private static let directions: [(String, SwipeDirection)] = SwipeDirection.allCases.map { ($0.rawValue, $0) }
    /// The key each trigger type needs, by index in ``triggerKeys``.
    private static let triggerFieldOwners: [Int: TriggerType] = [1: .tap, 2: .swipe, 3: .timer, 4: .event]

    mutating func decodeTrigger(_ node: Int) -> CompletionTrigger? {
        guard expectObject(node, .key("completionTrigger"), what: "`completionTrigger`", example: #"{"type": "tap", "elementId": "…"}"#) else {
            return nil
        }
        path.append(.key("completionTrigger"))
        defer { path.removeLast() }
        let errors = errorCount
        let field = fields(of: node, Self.triggerKeys, what: "a completion trigger")
        var type: TriggerType?
        if field[0] < 0 {
            missing("type", in: node, what: "a completion trigger", hint: ": \(Spelling.choices(TriggerType.allCases.map(\.rawValue)))")
        } else {
            type = choice(field[0], .key("type"), label: "type", what: "a completion trigger", Self.triggerTypes)
        }
        // Keys that belong to another type of trigger.
        if let type {
            for (index, owner) in Self.triggerFieldOwners.sorted(by: { $0.key < $1.key }) where owner != type && field[index] >= 0 {
                let key = Self.triggerKeys.names[index]
                report(.unknownKey, at: keyNode(of: field[index]), .key(key),
                       "`\(key)` applies only to a `\(owner.rawValue)` trigger; remove it")
            }
        }
        var result: CompletionTrigger?
        switch type {
        case .tap?:
            if field[1] < 0 {
                missing("elementId", in: node, what: "a `tap` trigger", hint: ": the id of the element to tap")
            } else if let element = id(field[1], .key("elementId"), label: "elementId") {
                result = .tap(elementId: element)
            }
        case .swipe?:
            if field[2] < 0 {
                missing("direction", in: node, what: "a `swipe` trigger", hint: ": \(Spelling.choices(SwipeDirection.allCases.map(\.rawValue)))")
            } else if let direction = choice(field[2], .key("direction"), label: "direction", what: "a swipe direction", Self.directions) {
                result = .swipe(direction)
            }
        case .timer?:
            if field[3] < 0 {
                missing("seconds", in: node, what: "a `timer` trigger", hint: ": how long the hint stays before it completes")
            } else if let seconds = nonNegative(field[3], .key("seconds"), label: "seconds", code: .negativeDuration, unit: " seconds") {
                result = .timer(seconds: seconds)
            }
        case .event?:
            if field[4] < 0 {
                missing("name", in: node, what: "an `event` trigger", hint: ": the name of the event the app reports")
            } else if let name = nonEmptyString(field[4], .key("name"), label: "name") {
                result = .event(name: name)
            }
        case .button?:
            result = .button
        case nil:
            break
        }
        guard errorCount == errors else { return nil }
        return result
    }

    // MARK: Experiments

    private mutating func decodeExperiment(_ node: Int) -> ExperimentEntry? {
        guard expectObject(node, nil, what: "an experiment", example: #"{"key": "short-signup", "variations": ["control", "short"]}"#) else {
            return nil
        }
        let errors = errorCount
        let field = fields(of: node, Self.experimentKeys, what: "an experiment")
        var key: String?
        if field[0] < 0 { missing("key", in: node, what: "an experiment") } else { key = id(field[0], .key("key"), label: "key") }
        var variations: [String] = []
        if field[1] < 0 {
            missing("variations", in: node, what: "an experiment", hint: ", the names of its variations such as [\"control\", \"short\"]")
        } else {
            variations = list(field[1], key: "variations") { decoder, element in decoder.id(element, nil, label: "variation") }
            if tape.kind(field[1]) == .array, tape[field[1]].length < 2 {
                report(.badValue, at: field[1], .key("variations"),
                       "an experiment needs at least two variations (the first is the control), but this one has \(tape[field[1]].length)")
            }
        }
        var weights: [Double]?
        if field[2] >= 0 {
            weights = list(field[2], key: "weights") { decoder, element in decoder.fraction(element, nil, label: "weight") }
        }
        let coverage = field[3] >= 0 ? fraction(field[3], .key("coverage"), label: "coverage") : nil
        let hashAttribute = field[4] >= 0 ? nonEmptyString(field[4], .key("hashAttribute"), label: "hashAttribute") : nil
        var hashVersion: Int?
        if field[5] >= 0, let version = integer(field[5], .key("hashVersion"), label: "hashVersion", minimum: 1) {
            if version > 2 {
                report(.badValue, at: field[5], .key("hashVersion"), "`hashVersion` must be 1 or 2, but this is `\(version)`")
            } else {
                hashVersion = version
            }
        }
        let seed = field[6] >= 0 ? string(field[6], .key("seed"), label: "seed") : nil
        let namespace = field[7] >= 0 ? decodeNamespace(field[7]) : nil
        let condition = field[8] >= 0 ? condition(field[8], .key("condition"), label: "condition") : nil
        let active = field[9] >= 0 ? bool(field[9], .key("active"), label: "active") : nil
        let goal = field[10] >= 0 ? self.goal(field[10], .key("goal"), label: "goal") : nil
        var guardrails: [String]?
        if field[11] >= 0 {
            guardrails = list(field[11], key: "guardrails") { decoder, element in decoder.goal(element, nil, label: "guardrail") }
        }
        let effect = field[12] >= 0 ? number(field[12], .key("minimumDetectableEffect"), label: "minimumDetectableEffect") : nil
        let hypothesis = field[13] >= 0 ? string(field[13], .key("hypothesis"), label: "hypothesis") : nil
        var changes: [String: [ExperimentChange]] = [:]
        if field[14] >= 0 {
            let declared = field[1] >= 0 && tape.kind(field[1]) == .array && variations.count == Int(tape[field[1]].length) ? variations : nil
            changes = decodeChanges(field[14], experiment: key, variations: declared)
        }
        guard errorCount == errors, let key else { return nil }
        return ExperimentEntry(
            key: key, variations: variations, weights: weights, coverage: coverage, hashAttribute: hashAttribute,
            hashVersion: hashVersion, seed: seed, namespace: namespace, condition: condition, active: active, goal: goal,
            guardrails: guardrails, minimumDetectableEffect: effect, hypothesis: hypothesis, changes: changes)
    }

    /// A goal in the syntax of `waypoint experiment --goal`: `$complete`, `STEP` or `STEP:OUTCOME`
    /// (a subflow's step as `sub/inner`). Whether the flow has the step and outcome is lint's to say.
    mutating func goal(_ node: Int, _ component: DocumentPath.Component?, label: String) -> String? {
        guard let text = string(node, component, label: label) else { return nil }
        guard let problem = Self.goalProblem(text) else { return text }
        report(.badValue, at: node, component, "`\(label)` \(problem)")
        return nil
    }

    /// What is wrong with the text of a goal, or `nil` when it is `$complete`, `STEP` or `STEP:OUTCOME`.
    static func goalProblem(_ text: String) -> String? {
        let forms = "write $complete, a step id such as `paywall`, or STEP:OUTCOME such as `paywall:subscribe`"
        if text == ExperimentEntry.defaultGoal { return nil }
        if text.hasPrefix("$") {
            let hint = Spelling.suggestion(for: text, among: [ExperimentEntry.defaultGoal]).map { " (did you mean `\($0)`?)" } ?? ""
            return "\(quoted(text)) is not a goal\(hint); \(forms)"
        }
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let stepParts = parts[0].split(separator: "/", omittingEmptySubsequences: false)
        let stepIsValid = stepParts.allSatisfy { isID(String($0)) }
        let outcomeIsValid = parts.count == 1 || isID(String(parts[1]))
        guard stepIsValid, outcomeIsValid else {
            return text.isEmpty ? "must not be empty; \(forms)" : "\(quoted(text)) is not a goal; \(forms)"
        }
        return nil
    }

    private mutating func decodeNamespace(_ node: Int) -> ExperimentNamespace? {
        let shape = "`namespace` must be [\"namespace-id\", lower, upper] with lower and upper from 0 to 1"
        guard tape.kind(node) == .array, tape[node].length == 3 else {
            report(.wrongType, at: node, .key("namespace"), "\(shape), but this is \(describe(node))")
            return nil
        }
        path.append(.key("namespace"))
        defer { path.removeLast() }
        let elements = tape.elements(node)
        let name = id(elements[0], .index(0), label: "namespace id")
        let lower = fraction(elements[1], .index(1), label: "namespace lower bound")
        let upper = fraction(elements[2], .index(2), label: "namespace upper bound")
        guard let name, let lower, let upper else { return nil }
        return ExperimentNamespace(id: name, range: BucketRange(lower, upper))
    }
}
