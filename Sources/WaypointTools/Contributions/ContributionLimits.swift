/// How much of one user's events of one flow or walkthrough a store keeps for the reports
/// (docs/ARCHITECTURE.md, "Reports at scale").
///
/// A user's contribution is recomputed from all of their events of a flow or walkthrough each
/// time a batch adds to them, and its rows and that work grow with the revisions, experiments,
/// variations and step ids those events carry. Anyone holding an SDK key can send any of these, so a store admits
/// an event only while the user's events of its flow (or walkthrough) stay within these limits:
/// the work and storage one batch causes are then bounded by a constant times the batch's size,
/// whatever the user sent before. The limits are far above what one person's runs produce — a few
/// dozen events of a flow, a revision or two, an experiment or two — so a real user never meets them.
public struct ContributionLimits: Sendable, Hashable {
    /// The most events of one flow (or walkthrough) kept per user.
    public var events: Int
    /// The most distinct `revision`s among them.
    public var revisions: Int
    /// The most distinct `experiment` keys among them.
    public var experiments: Int
    /// The most distinct `variation`s among them (of all experiments together).
    public var variations: Int
    /// The most distinct `stepId`s among them.
    public var steps: Int

    /// Limits of the given sizes.
    public init(events: Int, revisions: Int, experiments: Int, variations: Int, steps: Int) {
        self.events = events
        self.revisions = revisions
        self.experiments = experiments
        self.variations = variations
        self.steps = steps
    }

    /// The limits a server applies: 1,000 events, 16 revisions, 8 experiments, 16 variations and
    /// 200 step ids per user and flow (or walkthrough).
    public static let standard = ContributionLimits(events: 1_000, revisions: 16, experiments: 8, variations: 16, steps: 200)

    /// Which of one user's `new` event lines fit beside their `stored` ones.
    ///
    /// - Parameters:
    ///   - stored: the user's stored events (as JSON Lines) of the flows and walkthroughs the new
    ///     events name, in storage order. Stored events are never refused, even beyond the limits.
    ///   - new: the user's new events, in the order they would be stored; each one admitted counts
    ///     for the ones after it.
    /// - Returns: for each new line, `nil` when it is admitted, else why it is refused (a message
    ///   for the receipt). A line that is not an event, or names no flow or walkthrough, feeds no
    ///   report row and is admitted.
    public func admit(stored: [String], new: [String]) -> [String?] {
        var subjects: [SubjectKey: Tally] = [:]
        for line in stored {
            guard let parsed = ContributionLine(line), let key = SubjectKey(parsed) else { continue }
            subjects[key, default: Tally()].add(parsed)
        }
        return new.map { line in
            guard let parsed = ContributionLine(line), let key = SubjectKey(parsed) else { return nil }
            var tally = subjects[key, default: Tally()]
            if let problem = problem(adding: parsed, to: tally, subject: key) { return problem }
            tally.add(parsed)
            subjects[key] = tally
            return nil
        }
    }

    /// Why `line` does not fit beside the user's events of `subject` counted in `tally`, if it does not.
    private func problem(adding line: ContributionLine, to tally: Tally, subject: SubjectKey) -> String? {
        let of = "of \(subject.isWalkthrough ? "walkthrough" : "flow") \"\(subject.id)\""
        let fix = "A person's runs never need as many: check that the app gives each person their own userId "
            + "and does not send events again under new message ids."
        if tally.events >= events {
            return "The user already has \(tally.events) events \(of), the most kept per user; the event is not stored. \(fix)"
        }
        /// The refusal of a value new among `seen` values when they are `limit` already.
        func beyond(seen: Int, isNew: Bool, value: String, limit: Int, _ name: String) -> String? {
            guard isNew, seen >= limit else { return nil }
            return "The user's events \(of) already carry \(seen) \(name)s, the most kept per user; "
                + "this event's \(name) \"\(value)\" would be one more, so it is not stored. \(fix)"
        }
        if let revision = line.revision, let problem = beyond(
            seen: tally.revisions.count, isNew: !tally.revisions.contains(revision), value: String(revision), limit: revisions, "revision") {
            return problem
        }
        if let experiment = line.experiment, let problem = beyond(
            seen: tally.experiments.count, isNew: !tally.experiments.contains(ExactID(experiment)), value: experiment, limit: experiments,
            "experiment") {
            return problem
        }
        if let variation = line.variation, let problem = beyond(
            seen: tally.variations.count, isNew: !tally.variations.contains(ExactID(variation)), value: variation, limit: variations,
            "variation") {
            return problem
        }
        if let step = line.stepID, let problem = beyond(
            seen: tally.steps.count, isNew: !tally.steps.contains(ExactID(step)), value: step, limit: steps, "step id") {
            return problem
        }
        return nil
    }

    /// The flow, or for an event of no flow the walkthrough, whose rows an event feeds; ids by
    /// their bytes (``ExactID``), as the stores and the reports tell them apart.
    private struct SubjectKey: Hashable {
        var isWalkthrough: Bool
        var id: ExactID

        init?(_ line: ContributionLine) {
            if let flow = line.flowID {
                self.isWalkthrough = false
                self.id = ExactID(flow)
            } else if let walkthrough = line.walkthroughID {
                self.isWalkthrough = true
                self.id = ExactID(walkthrough)
            } else {
                return nil
            }
        }
    }

    /// What a user's events of one subject carry so far; values by their bytes.
    private struct Tally {
        var events = 0
        var revisions: Set<Int> = []
        var experiments: Set<ExactID> = []
        var variations: Set<ExactID> = []
        var steps: Set<ExactID> = []

        mutating func add(_ line: ContributionLine) {
            events += 1
            if let revision = line.revision { revisions.insert(revision) }
            if let experiment = line.experiment { experiments.insert(ExactID(experiment)) }
            if let variation = line.variation { variations.insert(ExactID(variation)) }
            if let step = line.stepID { steps.insert(ExactID(step)) }
        }
    }
}
