import Foundation
import Waypoint

/// What one pass over (part of) the events keeps for an ``ExperimentReport``, in any order of
/// events: per user of the flow (or walkthrough), their earliest event exposed to the experiment
/// (the place and revision of their exposure), their variation — that of their first
/// `Experiment Viewed` of the experiment, else, for events sent before that event existed, that of
/// their earliest event carrying it — the variations they were seen in, their latest event of each
/// goal (the query's goal, then its guardrails), and per step of the document their latest view.
/// `Experiment Viewed` is no view, completion or end: it only tells the exposure.
///
/// Memory is bounded per user: a fixed-size state, plus one entry per document step they viewed.
/// Steps and variations the document does not declare take nothing; other flows' events and
/// invalid lines take nothing. Every event of the subject is read, whatever its revision: the
/// scope picks users by their exposure (its revision and time), once every event is read.
struct ExperimentCollector: EventLineCollector {
    /// One user's events so far.
    struct User {
        /// Their earliest event carrying the experiment.
        var exposure: EventOrder?
        /// The `revision` that event carries: a revision's report holds the users whose exposure
        /// carries it (``ReportScope/includes(firstStart:)``).
        var exposureRevision: Int64?
        /// That event's variation: its number in the declared variations + 1, 0 for one the
        /// experiment does not declare.
        var variation: UInt16 = 0
        /// Their first `Experiment Viewed` of the experiment, whose variation is theirs.
        var viewed: EventOrder?
        /// That event's variation, numbered as ``variation``.
        var viewedVariation: UInt16 = 0
        /// The variations they were seen in: bit n for declared variation n (n ≥ 62 share bit
        /// 62), bit 63 for any undeclared one.
        var seen: UInt64 = 0

        /// Adds `other`, the same user's events read elsewhere.
        mutating func merge(_ other: User) {
            if let exposure = other.exposure, self.exposure.map({ exposure < $0 }) ?? true {
                self.exposure = exposure
                exposureRevision = other.exposureRevision
                variation = other.variation
            }
            if let viewed = other.viewed, self.viewed.map({ viewed < $0 }) ?? true {
                self.viewed = viewed
                viewedVariation = other.viewedVariation
            }
            seen |= other.seen
        }

        /// The user's variation, numbered as ``variation``: that of their first `Experiment
        /// Viewed`, else that of their earliest event carrying the experiment.
        var reportedVariation: UInt16 { viewed == nil ? variation : viewedVariation }
    }

    /// The events of the subject the report reads.
    enum Kind {
        /// A view of a step: `Step Viewed` / `Hint Shown`.
        case view
        /// A step completed: `Step Completed` / `Hint Completed`.
        case completion
        /// The run's end: `Flow Completed` / `Walkthrough Completed`.
        case end
        /// Any other event of the subject (it may still carry the exposure).
        case other
    }

    let plan: ExperimentPlan
    private let subjectID: [UInt8]
    private let isWalkthrough: Bool
    private let experimentKey: [UInt8]
    /// The goals, the query's first and then its guardrails: each a step (nil: the run's end) and an outcome.
    private let goals: [(step: [UInt8]?, outcome: [UInt8]?)]
    /// Added to every event's line number: the part of the file this collector reads.
    private let sequenceBase: Int64
    /// Lines read, valid events and invalid lines.
    var counts = EventLineCounts()
    var users = ByteStringTable(capacity: 1024)
    /// The document's steps, numbered in report order; never grows.
    private var steps = ByteStringTable(capacity: 16)
    /// The experiment's variations, numbered in document order; never grows.
    private var variations = ByteStringTable(capacity: 8)
    /// By user number.
    var userStates: [User] = []
    /// By `user × goals + goal`: the user's latest event of the goal (``goals``' order).
    var goalEvents: [EventOrder?] = []
    /// By `user << 32 | step`: the user's latest view of the step.
    var views: [UInt64: EventOrder] = [:]
    /// Whether ``completions`` is kept.
    private let tracksCompletions: Bool
    /// The outcomes (triggers) of ``completions``, numbered as read.
    private var outcomes = ByteStringTable(capacity: 8)
    /// By user, step and outcome: the user's latest completion of the step with the outcome, the
    /// goal `STEP:OUTCOME` of every pair at once (kept only when asked for, by a user's rows).
    private var completions: [CompletionKey: EventOrder] = [:]
    /// By user, their latest value of each attribute the report splits by (the query's ``ExperimentQuery/by``,
    /// or every one for a user's rows).
    var attributes: [LatestValues]

    /// A user's completion of a step (its number in the document's steps) with an outcome.
    private struct CompletionKey: Hashable {
        var user: Int
        var step: Int
        var outcome: Int
    }

    /// A collector of `plan`'s users; with `tracksCompletions`, it also keeps every user's latest
    /// completion of each step with each outcome (``latestCompletion(user:step:outcome:)``);
    /// `attributes` (by default the query's split) are kept per user (``attributes``).
    init(plan: ExperimentPlan, part: Int = 0, tracksCompletions: Bool = false, attributes: [ReportDimension]? = nil) {
        self.plan = plan
        self.attributes = (attributes ?? plan.query.by.map { [$0] } ?? []).map(LatestValues.init)
        self.tracksCompletions = tracksCompletions
        subjectID = Array(plan.subject.id.utf8)
        if case .walkthrough = plan.subject { isWalkthrough = true } else { isWalkthrough = false }
        experimentKey = Array(plan.query.experiment.utf8)
        goals = plan.goals.map { goal in
            switch goal {
            case .complete: (nil, nil)
            case .step(let step): (Array(step.utf8), nil)
            case .outcome(let step, let outcome): (Array(step.utf8), Array(outcome.utf8))
            }
        }
        sequenceBase = Int64(part) << 40
        for step in plan.steps { _ = steps.index(of: Array(step.utf8)) }
        for variation in plan.variations { _ = variations.index(of: Array(variation.utf8)) }
    }

    /// Reads one line (without its newline).
    mutating func consume(_ p: UnsafePointer<UInt8>, count: Int) {
        guard let fields = counts.scan(p, count: count) else { return }
        let subject = isWalkthrough ? fields.walkthroughID : fields.flowID
        guard subject.isPresent, subject.equals(subjectID, in: p) else { return }
        guard let user = fields.userID.intern(in: &users, p) else { return }
        if user >= userStates.count { grow(to: user + 1) }
        let order = EventOrder(
            time: fields.timestamp, stepIndex: fields.stepIndex.map { Int32(clamping: $0) } ?? FlowRecord.noStepIndex,
            sequence: sequenceBase | counts.lines)
        for index in attributes.indices { attributes[index].note(user: user, order: order, fields: fields, p) }
        if fields.experiment.isPresent, fields.variation.isPresent, fields.experiment.equals(experimentKey, in: p) {
            let number = fields.variation.intern(in: &variations, p, insert: false)
            var state = User(exposure: order, exposureRevision: fields.revision)
            if let number {
                state.variation = UInt16(truncatingIfNeeded: number + 1)
                state.seen = 1 << UInt64(min(number, 62))
            } else {
                state.seen = 1 << 63
            }
            if fields.event.equals(FlowRecord.experimentViewedName, in: p) {
                state.viewed = order
                state.viewedVariation = state.variation
            }
            userStates[user].merge(state)
        }
        let kind = Self.kind(fields.event, in: p, walkthrough: isWalkthrough)
        if kind == .view, fields.stepID.isPresent, let step = fields.stepID.intern(in: &steps, p, insert: false) {
            let key = UInt64(user) << 32 | UInt64(step)
            if views[key].map({ $0 < order }) ?? true { views[key] = order }
        }
        for (number, goal) in goals.enumerated() where isGoal(goal, kind, fields, p) {
            let slot = user * goals.count + number
            if goalEvents[slot].map({ $0 < order }) ?? true { goalEvents[slot] = order }
        }
        if tracksCompletions, let outcome = completedOutcome(kind, fields),
           let step = fields.stepID.intern(in: &steps, p, insert: false), let number = outcome.intern(in: &outcomes, p) {
            let key = CompletionKey(user: user, step: step, outcome: number)
            if completions[key].map({ $0 < order }) ?? true { completions[key] = order }
        }
    }

    /// States for users up to `count` (exclusive).
    private mutating func grow(to count: Int) {
        userStates += repeatElement(User(), count: count - userStates.count)
        goalEvents += repeatElement(nil, count: count * goals.count - goalEvents.count)
    }

    /// The user's latest event of the goal numbered `goal` (the query's is 0), if any.
    func goalEvent(user: Int, goal: Int) -> EventOrder? {
        goalEvents[user * goals.count + goal]
    }

    /// Whether an event of `kind` with `fields` is an event of `goal`.
    private func isGoal(
        _ goal: (step: [UInt8]?, outcome: [UInt8]?), _ kind: Kind, _ fields: EventLineScanner.Fields, _ p: UnsafePointer<UInt8>
    ) -> Bool {
        guard let goalStep = goal.step else { return kind == .end }
        guard fields.stepID.isPresent, fields.stepID.equals(goalStep, in: p) else { return false }
        guard let goalOutcome = goal.outcome else { return kind == .view }
        return completedOutcome(kind, fields).map { $0.equals(goalOutcome, in: p) } ?? false
    }

    /// The outcome (a walkthrough's trigger) of a completion of a step; nil for any other event.
    private func completedOutcome(_ kind: Kind, _ fields: EventLineScanner.Fields) -> EventLineScanner.Field? {
        let outcome = isWalkthrough ? fields.trigger : fields.outcome
        return kind == .completion && fields.stepID.isPresent && outcome.isPresent ? outcome : nil
    }

    /// The user's latest completion of `step` with `outcome`: what a collector with the goal
    /// `.outcome(step:outcome:)` keeps as the user's goal. Nil when not kept (see ``init(plan:part:tracksCompletions:)``).
    func latestCompletion(user: Int, step: String, outcome: String) -> EventOrder? {
        // Lookups that insert nothing, so the copies share their storage.
        var steps = steps, outcomes = outcomes
        guard let step = steps.index(of: Array(step.utf8), insert: false),
              let outcome = outcomes.index(of: Array(outcome.utf8), insert: false) else { return nil }
        return completions[CompletionKey(user: user, step: step, outcome: outcome)]
    }

    /// The kind of event a name stands for.
    private static func kind(_ field: EventLineScanner.Field, in p: UnsafePointer<UInt8>, walkthrough: Bool) -> Kind {
        if walkthrough {
            switch WalkthroughCollector.Kind(field, in: p) {
            case .hintShown: return .view
            case .hintCompleted: return .completion
            case .walkthroughCompleted: return .end
            default: return .other
            }
        }
        let kind = field.escaped
            ? FlowRecord.Kind(String(decoding: EventLineScanner.decode(field, in: p), as: UTF8.self))
            : FlowRecord.Kind(name: p + field.start, count: field.count)
        switch kind {
        case .stepViewed: return .view
        case .stepCompleted: return .completion
        case .flowCompleted: return .end
        default: return .other
        }
    }

    /// Counts a line too long to read as invalid, given its first bytes.
    mutating func skipLongLine(_ start: UnsafeBufferPointer<UInt8>) {
        counts.skipLongLine(start)
    }

    /// `user`'s exposure as the scope reads it: the place and revision of their earliest event
    /// carrying the experiment; `nil` when they were never exposed.
    func exposure(of user: Int) -> FirstStart? {
        guard user < userStates.count, let exposure = userStates[user].exposure else { return nil }
        return FirstStart(order: exposure, revision: userStates[user].exposureRevision)
    }

    /// Adds `other`'s events to these, renumbering its users; `other` read the part of the input
    /// after this one (steps and variations are numbered alike in every part).
    mutating func merge(_ other: ExperimentCollector) {
        counts.merge(other.counts)
        let userMap = (0..<other.users.count).map { UInt32(truncatingIfNeeded: users.index(of: other.users.bytes(at: $0)) ?? 0) }
        if users.count > userStates.count { grow(to: users.count) }
        for index in attributes.indices where index < other.attributes.count {
            attributes[index].merge(other.attributes[index], userMap: userMap)
        }
        for (index, state) in other.userStates.enumerated() {
            let user = Int(userMap[index])
            userStates[user].merge(state)
            for goal in goals.indices {
                guard let order = other.goalEvent(user: index, goal: goal) else { continue }
                let slot = user * goals.count + goal
                if goalEvents[slot].map({ $0 < order }) ?? true { goalEvents[slot] = order }
            }
        }
        for (key, order) in other.views {
            let mapped = UInt64(userMap[Int(key >> 32)]) << 32 | (key & 0xFFFF_FFFF)
            if views[mapped].map({ $0 < order }) ?? true { views[mapped] = order }
        }
    }
}
