/// An experiment's `changes`: what each variation sets on flow and walkthrough steps.
extension DocumentDecoder {
    static let changeKeys = KeySet(["flow", "walkthrough", "step", "set"])
    static let flowStepChangeKeys = KeySet(["screen", "content", "when", "on", "skip"])
    static let walkthroughStepChangeKeys = KeySet([
        "tooltipText", "tooltipPosition", "highlightShape", "completionTrigger", "canSkip", "when", "targetElementId",
    ])

    /// Reads `changes` (`{"variation": [change, …]}`); `variations` are the experiment's, `nil` when they
    /// could not be read (variation names are then not checked).
    mutating func decodeChanges(_ node: Int, experiment: String?, variations: [String]?) -> [String: [ExperimentChange]] {
        let example = #"{"annual-first": [{"flow": "onboarding", "step": "paywall", "set": {"screen": "PaywallAnnual"}}]}"#
        guard expectObject(node, .key("changes"), what: "`changes`", example: example) else { return [:] }
        path.append(.key("changes"))
        defer { path.removeLast() }
        var result: [String: [ExperimentChange]] = [:]
        var seen: Set<String> = []
        tape.forEachMember(node) { key, value in
            let name = tape.string(key)
            guard seen.insert(name).inserted else {
                report(.duplicateKey, at: key, .key(name), "the variation \(Self.quoted(name)) appears more than once in `changes`; keep one")
                return
            }
            if let variations, !variations.contains(name) {
                let owner = experiment.map { "experiment `\($0)`" } ?? "this experiment"
                var message = "\(Self.quoted(name)) is not a variation of \(owner)"
                if let suggestion = Spelling.suggestion(for: name, among: variations) {
                    message += "; did you mean `\(suggestion)`?"
                } else {
                    message += "; its variations are \(Spelling.choices(variations, conjunction: "and"))"
                }
                report(.unknownVariation, at: key, .key(name), message)
            }
            var changed: [String: Int] = [:]
            let changes = list(value, key: name) { decoder, element in
                decoder.decodeChange(element, variation: name, changed: &changed)
            }
            result[name] = changes
        }
        return result
    }

    /// One change; `changed` holds the steps already changed in the variation (`flow:step` → node).
    private mutating func decodeChange(_ node: Int, variation: String, changed: inout [String: Int]) -> ExperimentChange? {
        let example = #"{"flow": "onboarding", "step": "paywall", "set": {"screen": "PaywallAnnual"}}"#
        guard expectObject(node, nil, what: "a change", example: example) else { return nil }
        let errors = errorCount
        let field = fields(of: node, Self.changeKeys, what: "a change")
        if field[0] >= 0, field[1] >= 0 {
            report(.conflictingKeys, at: keyNode(of: field[1]), .key("walkthrough"),
                   "a change names one `flow` or one `walkthrough`, not both; write one change for each")
        } else if field[0] < 0, field[1] < 0 {
            missing("flow", in: node, what: "a change", hint: " (or `walkthrough`): the flow or walkthrough whose step it changes")
        }
        let isWalkthrough = field[0] < 0 && field[1] >= 0
        let ownerField = isWalkthrough ? field[1] : field[0]
        let ownerKey = isWalkthrough ? "walkthrough" : "flow"
        var owner: String?
        var steps: ChangeTargets.Steps?
        if ownerField >= 0, let name = id(ownerField, .key(ownerKey), label: ownerKey) {
            owner = name
            steps = isWalkthrough ? changeTargets.walkthroughs[name] : changeTargets.flows[name]
            if steps == nil {
                let known = isWalkthrough ? changeTargets.walkthroughIDs : changeTargets.flowIDs
                var message = "the document has no \(ownerKey) \(Self.quoted(name))"
                if let suggestion = Spelling.suggestion(for: name, among: known) {
                    message += "; did you mean `\(suggestion)`?"
                } else if known.isEmpty {
                    message += "; it has no \(ownerKey)s"
                } else {
                    message += "; its \(ownerKey)s are \(Spelling.choices(known, conjunction: "and"))"
                }
                report(.unknownTarget, at: ownerField, .key(ownerKey), message)
            }
        }
        var stepID: String?
        if field[2] < 0 {
            missing("step", in: node, what: "a change", hint: ": the id of the step it changes")
        } else if let name = id(field[2], .key("step"), label: "step") {
            stepID = name
            if let owner, let steps, !steps.contains(name) {
                report(.unknownTarget, at: field[2], .key("step"), unknownStepMessage(name, owner: owner, ownerKey: ownerKey, steps: steps))
            } else if let owner, steps != nil {
                let key = "\(ownerKey):\(owner):\(name)"
                if changed[key] != nil {
                    report(.conflictingKeys, at: field[2], .key("step"),
                           "step `\(name)` of \(ownerKey) `\(owner)` is already changed in variation `\(variation)`; merge the two changes into one `set`")
                } else {
                    changed[key] = field[2]
                }
            }
        }
        var change: ExperimentChange?
        if field[3] < 0 {
            missing("set", in: node, what: "a change", hint: ": the fields it replaces, such as {\"screen\": \"PaywallAnnual\"}")
        } else if isWalkthrough {
            if let set = decodeWalkthroughStepChange(field[3]), let owner, let stepID {
                change = .walkthroughStep(walkthrough: owner, step: stepID, set: set)
            }
        } else if let set = decodeFlowStepChange(field[3], steps: steps, step: stepID, flow: owner) {
            if let owner, let stepID { change = .flowStep(flow: owner, step: stepID, set: set) }
        }
        guard errorCount == errors else { return nil }
        return change
    }

    private func unknownStepMessage(_ name: String, owner: String, ownerKey: String, steps: ChangeTargets.Steps) -> String {
        var message = "\(ownerKey) `\(owner)` has no step \(Self.quoted(name))"
        if let suggestion = Spelling.suggestion(for: name, among: steps.ids) {
            message += "; did you mean `\(suggestion)`?"
        } else if ownerKey == "flow", let other = changeTargets.flowIDs.first(where: { changeTargets.flows[$0]?.contains(name) == true }) {
            message += "; it is a step of flow `\(other)`: change a subflow's step under the subflow's own id, \"flow\": \"\(other)\""
        } else if steps.ids.isEmpty {
            message += "; it has no steps"
        } else {
            message += "; its steps are \(Spelling.choices(steps.ids, conjunction: "and"))"
        }
        return message
    }

    /// The `set` of a flow step change; `steps` are the flow's (to check `on` targets), when known.
    private mutating func decodeFlowStepChange(_ node: Int, steps: ChangeTargets.Steps?, step: String?, flow: String?) -> FlowStepChange? {
        guard expectObject(node, .key("set"), what: "`set`", example: #"{"screen": "PaywallAnnual", "content": {"headline": "…"}}"#) else {
            return nil
        }
        path.append(.key("set"))
        defer { path.removeLast() }
        let errors = errorCount
        let field = fields(of: node, Self.flowStepChangeKeys, what: "a flow step change")
        if tape[node].length == 0 {
            report(.badValue, at: node, nil,
                   "`set` changes nothing; set at least one of \(Spelling.choices(Self.flowStepChangeKeys.names))")
        }
        var change = FlowStepChange()
        if field[0] >= 0 { change.screen = nonEmptyString(field[0], .key("screen"), label: "screen") }
        if field[1] >= 0 { change.content = decodeContentPatch(field[1], .key("content")) }
        if let step, steps?.subflowSteps.contains(step) == true {
            for index in [0, 1] where field[index] >= 0 {
                let key = Self.flowStepChangeKeys.names[index]
                report(.conflictingKeys, at: keyNode(of: field[index]), .key(key),
                       "step `\(step)` runs a subflow, so it has no `\(key)`; change the subflow's own steps instead")
            }
        }
        if field[2] >= 0 { change.when = condition(field[2], .key("when"), label: "when") }
        if field[3] >= 0 {
            let before = errorCount
            change.on = decodeOutcomes(field[3])
            if errorCount == before, let steps, let flow { checkTargets(field[3], steps: steps, flow: flow) }
        }
        if field[4] >= 0 { change.skip = bool(field[4], .key("skip"), label: "skip") }
        guard errorCount == errors else { return nil }
        return change
    }

    /// Reports each outcome of `on` that leads to no step of the flow.
    private mutating func checkTargets(_ node: Int, steps: ChangeTargets.Steps, flow: String) {
        path.append(.key("on"))
        defer { path.removeLast() }
        tape.forEachMember(node) { key, value in
            guard tape.kind(value) == .string, !tape.stringEquals(value, "$complete") else { return }
            let target = tape.string(value)
            guard !steps.contains(target) else { return }
            let name = tape.string(key)
            var message = "outcome \(Self.quoted(name)) leads to \(Self.quoted(target)), which is not a step of flow `\(flow)`"
            if let suggestion = Spelling.suggestion(for: target, among: steps.ids) {
                message += "; did you mean `\(suggestion)`?"
            } else {
                message += "; use one of its steps or \"$complete\""
            }
            report(.unknownTarget, at: value, .key(name), message)
        }
    }

    /// The `set` of a walkthrough step change.
    private mutating func decodeWalkthroughStepChange(_ node: Int) -> WalkthroughStepChange? {
        guard expectObject(node, .key("set"), what: "`set`", example: #"{"tooltipPosition": "above"}"#) else { return nil }
        path.append(.key("set"))
        defer { path.removeLast() }
        let errors = errorCount
        let field = fields(of: node, Self.walkthroughStepChangeKeys, what: "a walkthrough step change")
        if tape[node].length == 0 {
            report(.badValue, at: node, nil,
                   "`set` changes nothing; set at least one of \(Spelling.choices(Self.walkthroughStepChangeKeys.names))")
        }
        var change = WalkthroughStepChange()
        if field[0] >= 0 { change.tooltipText = text(field[0], .key("tooltipText"), label: "tooltipText", allowsEmpty: false) }
        if field[1] >= 0 {
            change.tooltipPosition = choice(field[1], .key("tooltipPosition"), label: "tooltipPosition", what: "a tooltip position", Self.positions)
        }
        if field[2] >= 0 { change.highlightShape = decodeShape(field[2]) }
        if field[3] >= 0 { change.completionTrigger = decodeTrigger(field[3]) }
        if field[4] >= 0 { change.canSkip = bool(field[4], .key("canSkip"), label: "canSkip") }
        if field[5] >= 0 { change.when = condition(field[5], .key("when"), label: "when") }
        if field[6] >= 0 { change.targetElementId = id(field[6], .key("targetElementId"), label: "targetElementId") }
        guard errorCount == errors else { return nil }
        return change
    }
}
