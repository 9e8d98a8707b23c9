/// Applying experiment changes: the one place where a variation's `set` replaces a step's fields and
/// merges its `content`.
extension FlowStepEntry {
    /// The step with the fields `change` sets replaced, and its `content` merged key by key (the keys
    /// given replace the step's, the removed ones go, the others stay).
    package func applying(_ change: FlowStepChange) -> FlowStepEntry {
        var step = self
        if let screen = change.screen { step.screen = screen }
        if let content = change.content { step.content = content.merged(into: step.content) }
        if let when = change.when { step.when = when }
        if let on = change.on { step.on = on }
        if let skip = change.skip { step.skip = skip }
        return step
    }
}

extension WalkthroughStepEntry {
    /// The step with the fields `change` sets replaced.
    public func applying(_ change: WalkthroughStepChange) -> WalkthroughStepEntry {
        var step = self
        if let text = change.tooltipText { step.tooltipText = text }
        if let position = change.tooltipPosition { step.tooltipPosition = position }
        if let shape = change.highlightShape { step.highlightShape = shape }
        if let trigger = change.completionTrigger { step.completionTrigger = trigger }
        if let canSkip = change.canSkip { step.canSkip = canSkip }
        if let when = change.when { step.when = when }
        if let target = change.targetElementId { step.targetElementId = target }
        return step
    }
}

extension FlowEntry {
    /// The flow with each of `changes` that names it applied to its steps, in order; changes to other
    /// flows, to walkthroughs, and to steps this entry does not have are passed over.
    package func applying(_ changes: [ExperimentChange]) -> FlowEntry {
        var flow = self
        for change in changes {
            guard case .flowStep(let id, let stepID, let set) = change, id == self.id else { continue }
            for index in flow.steps.indices where flow.steps[index].id == stepID {
                flow.steps[index] = flow.steps[index].applying(set)
            }
        }
        return flow
    }
}

extension WalkthroughEntry {
    /// The walkthrough with each of `changes` that names it applied to its steps, in order; other
    /// changes are passed over.
    package func applying(_ changes: [ExperimentChange]) -> WalkthroughEntry {
        var walkthrough = self
        for change in changes {
            guard case .walkthroughStep(let id, let stepID, let set) = change, id == self.id else { continue }
            for index in walkthrough.steps.indices where walkthrough.steps[index].id == stepID {
                walkthrough.steps[index] = walkthrough.steps[index].applying(set)
            }
        }
        return walkthrough
    }
}

extension ExperimentEntry {
    /// The changes `variation` makes; empty for a variation without changes (such as the control).
    package func changes(for variation: String) -> [ExperimentChange] {
        changes[variation] ?? []
    }

    /// The ids of the steps of flow `id` that any variation changes: where a run is exposed.
    package func changedSteps(ofFlow id: String) -> Set<String> {
        Set(changes.values.joined().compactMap { $0.flow == id ? $0.step : nil })
    }

    /// The ids of the steps of walkthrough `id` that any variation changes: where a run is exposed.
    package func changedSteps(ofWalkthrough id: String) -> Set<String> {
        Set(changes.values.joined().compactMap { $0.walkthrough == id ? $0.step : nil })
    }

    /// Whether a variation changes a step of flow `id`.
    package func changesFlow(_ id: String) -> Bool {
        changes.values.contains { $0.contains { $0.flow == id } }
    }

    /// Whether a variation changes a step of walkthrough `id`.
    package func changesWalkthrough(_ id: String) -> Bool {
        changes.values.contains { $0.contains { $0.walkthrough == id } }
    }
}

extension WaypointDocument {
    /// The document as users in `variation` of experiment `experiment` see it: the variation's
    /// `changes` applied to every entry of the flows and walkthroughs they name.
    ///
    /// Entries chosen by experiment (`"experiment"`/`"variation"` on entries sharing an id) are kept
    /// as written; `EntrySelector` with a forced variation chooses among them. A variation without
    /// changes, such as the control, gives the document unchanged.
    ///
    /// - Throws: ``DocumentError`` when the document has no experiment `experiment`, or it has no
    ///   variation `variation`.
    public func applying(variation: String, of experiment: String) throws(DocumentError) -> WaypointDocument {
        guard let entry = self.experiment(experiment) else {
            throw DocumentError.unknownExperiment(experiment, known: experiments.map(\.key))
        }
        guard entry.variations.contains(variation) else {
            throw DocumentError.unknownVariation(variation, experiment: experiment, known: entry.variations)
        }
        let changes = entry.changes(for: variation)
        guard !changes.isEmpty else { return self }
        var document = self
        document.flows = flows.map { $0.applying(changes) }
        document.walkthroughs = walkthroughs.map { $0.applying(changes) }
        return document
    }
}
