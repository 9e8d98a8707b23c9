/// The summed figures of users' contributions to a flow report (docs/ARCHITECTURE.md, "Reports at scale").
///
/// Every figure of ``FlowReport`` is a sum over users — users who started, completed, abandoned,
/// viewed, skipped, took an outcome at or stopped at a step — or a median, kept exact as a
/// ``DurationHistogram``; so the figures of a set of users are the sums of theirs.
public struct FlowTotals: Sendable, Hashable {
    /// One step's summed figures.
    public struct Step: Sendable, Hashable {
        /// Users with a `Step Viewed` of it.
        public var viewed = 0
        /// Users with a `Step Skipped` of it.
        public var skipped = 0
        /// Users without a `Flow Completed` whose last `Step Viewed` is this step.
        public var dropped = 0
        /// The `durationMs` of its `Step Completed` events.
        public var durations = DurationHistogram()
        /// Users per outcome of its `Step Completed` events (outcomes told apart by bytes).
        public var outcomes: [ExactID: Int] = [:]

        /// A step with no figure.
        public init() {}

        /// Whether every figure is 0 (no user reached the step).
        public var isEmpty: Bool {
            viewed == 0 && skipped == 0 && dropped == 0 && durations.isEmpty && outcomes.isEmpty
        }

        mutating func add(_ other: Step, sign: Int) {
            viewed += sign * other.viewed
            skipped += sign * other.skipped
            dropped += sign * other.dropped
            durations.add(other.durations, sign: sign)
            outcomes.add(other.outcomes, sign: sign)
        }

        /// Adds `other`'s figures other than its durations.
        mutating func addCounts(_ other: Step) {
            viewed += other.viewed
            skipped += other.skipped
            dropped += other.dropped
            outcomes.add(other.outcomes, sign: 1)
        }
    }

    /// How many users' contributions are summed: the users counted, each with a `Flow Started`
    /// (``started``), and the users left out for having none (``withoutStart``).
    public var users = 0
    /// Events of the flow of the users summed, whether or not they count.
    public var events = 0
    /// Users with a `Flow Started`: every user the report counts.
    public var started = 0
    /// Users with a `Flow Completed`.
    public var completed = 0
    /// Users with a `Flow Abandoned` and no `Flow Completed`.
    public var abandoned = 0
    /// For completed users, the time from their first `Flow Started` to their first `Flow Completed` at or after it.
    public var toComplete = DurationHistogram()
    /// The steps reached, by step id (a subflow's as `subflowStepId/innerStepId`; ids told apart by
    /// bytes, as the report over a file tells them).
    public var steps: [ExactID: Step] = [:]

    /// No user.
    public init() {}

    /// Users summed who have no `Flow Started` of the flow: the report counts them in no figure,
    /// only in its ``FlowReport/withoutStart``. Their rows hold ``users`` and ``events`` and no
    /// other figure (a page's row, with durations only, holds no user at all).
    public var withoutStart: Int { users - started }

    /// Whether nothing is summed: no user, no event, every figure 0.
    public var isEmpty: Bool {
        users == 0 && events == 0 && started == 0 && completed == 0 && abandoned == 0 && toComplete.isEmpty && steps.isEmpty
    }

    /// Adds `other`'s figures (`sign` 1) or takes them away (`sign` −1).
    public mutating func add(_ other: FlowTotals, sign: Int = 1) {
        users += sign * other.users
        events += sign * other.events
        started += sign * other.started
        completed += sign * other.completed
        abandoned += sign * other.abandoned
        toComplete.add(other.toComplete, sign: sign)
        for (id, step) in other.steps {
            var sum = steps[id] ?? Step()
            sum.add(step, sign: sign)
            steps[id] = sum.isEmpty ? nil : sum
        }
    }

    /// The sum of many totals: counts added as they come, durations summed once at the end
    /// (``DurationHistogram/sum(_:)``), so that a report over many cells costs their size once.
    public static func sum(_ totals: some Sequence<FlowTotals>) -> FlowTotals {
        var counts = FlowTotals()
        var toComplete: [DurationHistogram] = []
        var durations: [ExactID: [DurationHistogram]] = [:]
        for item in totals {
            counts.users += item.users
            counts.events += item.events
            counts.started += item.started
            counts.completed += item.completed
            counts.abandoned += item.abandoned
            if !item.toComplete.isEmpty { toComplete.append(item.toComplete) }
            for (id, step) in item.steps {
                if !step.durations.isEmpty { durations[id, default: []].append(step.durations) }
                // A page's row holds durations only: nothing else of it is left to add.
                guard step.viewed != 0 || step.skipped != 0 || step.dropped != 0 || !step.outcomes.isEmpty else { continue }
                counts.steps[id, default: Step()].addCounts(step)
            }
        }
        // As ``add(_:sign:)`` leaves them: a step whose figures add up to 0 is no step.
        counts.steps = counts.steps.filter { !$0.value.isEmpty }
        // Durations add up to none when their count does, whatever keys are left: a cell's count of
        // a page and a held change's exact duration in that page cancel, though not key by key.
        let summedToComplete = DurationHistogram.sum(toComplete)
        counts.toComplete = summedToComplete.count == 0 ? DurationHistogram() : summedToComplete
        for (id, histograms) in durations {
            let sum = DurationHistogram.sum(histograms)
            guard !sum.isEmpty, sum.count != 0 else { continue }
            counts.steps[id, default: Step()].durations = sum
        }
        return counts
    }

    /// The totals as a store keeps a cell: every duration counted by its page
    /// (``DurationHistogram/byPage``), and apart, per page, each histogram's exact durations in it
    /// (``DurationHistogram/exactPages``) with no other figure. `counted` and every page's totals
    /// add up to these totals again.
    public var paged: (counted: FlowTotals, pages: [Int32: FlowTotals]) {
        var counted = self
        var pages: [Int32: FlowTotals] = [:]
        counted.toComplete = toComplete.byPage
        for (page, part) in toComplete.exactPages { pages[page, default: FlowTotals()].toComplete = part }
        for (id, step) in steps where !step.durations.isEmpty {
            counted.steps[id]?.durations = step.durations.byPage
            if counted.steps[id]?.isEmpty == true { counted.steps[id] = nil }
            for (page, part) in step.durations.exactPages {
                pages[page, default: FlowTotals()].steps[id, default: Step()].durations = part
            }
        }
        return (counted, pages)
    }

    func write(to writer: inout ContributionWriter) {
        writer.int(users)
        writer.int(events)
        writer.int(started)
        writer.int(completed)
        writer.int(abandoned)
        writer.histogram(toComplete)
        writer.count(steps.count)
        // By id, then by outcome (bytes): entries sorted with their values, none looked up again.
        for (id, step) in steps.sorted(by: { $0.key < $1.key }) {
            writer.text(id.text)
            writer.int(step.viewed)
            writer.int(step.skipped)
            writer.int(step.dropped)
            writer.histogram(step.durations)
            writer.count(step.outcomes.count)
            for (outcome, users) in step.outcomes.sorted(by: { $0.key < $1.key }) {
                writer.text(outcome.text)
                writer.int(users)
            }
        }
    }

    init(from reader: inout ContributionReader) throws(ContributionError) {
        users = try reader.int()
        events = try reader.int()
        started = try reader.int()
        completed = try reader.int()
        abandoned = try reader.int()
        toComplete = try reader.histogram()
        for _ in 0..<(try reader.count()) {
            let id = ExactID(try reader.text())
            var step = Step()
            step.viewed = try reader.int()
            step.skipped = try reader.int()
            step.dropped = try reader.int()
            step.durations = try reader.histogram()
            for _ in 0..<(try reader.count()) {
                let outcome = ExactID(try reader.text())
                step.outcomes[outcome] = try reader.int()
            }
            steps[id] = step
        }
    }
}
