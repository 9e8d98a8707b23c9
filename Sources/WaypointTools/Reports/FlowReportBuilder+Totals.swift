extension FlowReportBuilder.Tally {
    /// The figures as ``FlowTotals``, with the step and outcome names of the tables that numbered them.
    func totals(steps: ByteStringTable, outcomeNames: ByteStringTable) -> FlowTotals {
        var totals = FlowTotals()
        totals.users = users
        totals.started = started
        totals.completed = completed
        totals.abandoned = abandoned
        totals.toComplete = toComplete.allDurations
        let numbers = slots.map { $0.map { (Int($0.key), $0.value) } } ?? viewed.indices.map { ($0, $0) }
        for (number, slot) in numbers where number < steps.count {
            var step = FlowTotals.Step()
            step.viewed = viewed[slot]
            step.skipped = skipped[slot]
            step.dropped = dropped[slot]
            step.durations = durations[slot].allDurations
            guard !step.isEmpty else { continue }
            totals.steps[ExactID(steps.string(at: number))] = step
        }
        for (key, users) in self.outcomes where users != 0 {
            let number = Int(key >> 32), outcome = Int(key & 0xFFFF_FFFF)
            guard number < steps.count, outcome < outcomeNames.count else { continue }
            totals.steps[ExactID(steps.string(at: number)), default: FlowTotals.Step()].outcomes[ExactID(outcomeNames.string(at: outcome))] = users
        }
        return totals
    }

    /// Adds summed ``FlowTotals``; `step` and `outcome` number the names (a dense tally must have
    /// grown to every step number first).
    mutating func add(_ totals: FlowTotals, step number: (String) -> UInt32, outcome: (String) -> UInt32) {
        users += totals.users
        started += totals.started
        completed += totals.completed
        abandoned += totals.abandoned
        toComplete.histogram.add(totals.toComplete)
        for (id, figures) in totals.steps {
            let step = number(id.text)
            let at = slot(step)
            viewed[at] += figures.viewed
            skipped[at] += figures.skipped
            dropped[at] += figures.dropped
            durations[at].histogram.add(figures.durations)
            for (name, users) in figures.outcomes {
                outcomes[UInt64(step) << 32 | UInt64(outcome(name.text)), default: 0] += users
            }
        }
    }
}
