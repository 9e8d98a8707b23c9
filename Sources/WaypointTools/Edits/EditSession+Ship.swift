import Waypoint

/// `ship-variation` and `stop-experiment`: a variation becomes what everyone gets (docs/ARCHITECTURE.md,
/// "Editing documents").
///
/// Its `changes` are applied to the steps they name, content merged key by key, as a user in the
/// variation sees them (``Waypoint/WaypointDocument/applying(variation:of:)``); a step the variation
/// skips is taken out of its flow, each way into it led to where a skipped step leads (its `skip`
/// outcome, else its `next`, else the step after it). Of entries varying by the experiment, the
/// variation's entry (else the one its users get) becomes the flow's or walkthrough's only entry,
/// without `experiment` and `variation`. Then the experiment is removed. Stopping ships the control.
extension EditSession {
    mutating func ship(experiment key: String, variation: String, index: Int, op: String, fail: (String) -> DocumentEditError) throws(DocumentEditError) {
        let applied: WaypointDocument
        do {
            applied = try document.applying(variation: variation, of: key)
        } catch {
            throw fail(error.description)
        }
        var result = applied
        result.flows = result.flows.map(Self.removingSkippedSteps)
        result.flows = Self.keepingEntries(result.flows, of: key, variation: variation, control: controlOf(key))
        result.walkthroughs = Self.keepingEntries(result.walkthroughs, of: key, variation: variation, control: controlOf(key))
        result.experiments.removeAll { $0.key == key }
        document = result
        try reread(index: index, op: op)
    }

    private func controlOf(_ key: String) -> String? { document.experiment(key)?.variations.first }

    /// The flow without the steps a change skips, the ways into each led to where a skipped step goes.
    static func removingSkippedSteps(_ flow: FlowEntry) -> FlowEntry {
        var flow = flow
        while let position = flow.steps.firstIndex(where: \.skip) {
            let skipped = flow.steps[position]
            let outcomes = skipped.declaredOutcomes ?? []
            let following: Destination = position + 1 < flow.steps.count ? .step(flow.steps[position + 1].id) : .complete
            let destination = outcomes.first { $0.name == "skip" }?.target ?? outcomes.first { $0.name == "next" }?.target ?? following
            for index in flow.steps.indices where index != position {
                guard var on = flow.steps[index].on else { continue }
                for outcome in on.indices where on[outcome].target == .step(skipped.id) { on[outcome].target = destination }
                flow.steps[index].on = on
            }
            // The step before it went there by document order: keep it going where the skipped step led.
            if position > 0, flow.steps[position - 1].declaredOutcomes == nil, destination != following {
                flow.steps[position - 1].on = [FlowOutcome(name: "next", target: destination)]
            }
            let startsHere = flow.start == skipped.id || (flow.start == nil && position == 0)
            if startsHere, case .step(let id) = destination {
                // The first step goes by itself; another start is named.
                flow.start = flow.start == nil && destination == following ? nil : id
            }
            flow.steps.remove(at: position)
        }
        return flow
    }

    /// `entries` with those varying by `key` reduced, per id, to the one `variation` gets (else the
    /// control's, else the first), without `experiment` and `variation`, at the place of the first.
    static func keepingEntries<Entry: ExperimentVaried>(_ entries: [Entry], of key: String, variation: String, control: String?) -> [Entry] {
        var result: [Entry] = []
        var done: Set<String> = []
        for entry in entries {
            guard entry.experiment == key else { result.append(entry); continue }
            guard done.insert(entry.id).inserted else { continue }
            let group = entries.filter { $0.id == entry.id && $0.experiment == key }
            var kept = group.first { $0.variation == variation } ?? group.first { $0.variation == control } ?? entry
            kept.experiment = nil
            kept.variation = nil
            result.append(kept)
        }
        return result
    }
}

/// A flow or walkthrough entry, which may vary by an experiment.
protocol ExperimentVaried {
    var id: String { get }
    var experiment: String? { get set }
    var variation: String? { get set }
}

extension FlowEntry: ExperimentVaried {}
extension WalkthroughEntry: ExperimentVaried {}
