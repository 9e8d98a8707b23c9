import Foundation
import Waypoint

/// What one pass over part of an events file keeps: the measured flow's events, as ``FlowRecord``s.
///
/// Memory is proportional to the flow's events (48 bytes each) plus the distinct user ids; other
/// flows' events, walkthrough events and invalid lines take nothing. Every event of the flow is
/// kept, whatever its revision: the query's scope (``ReportScope``) picks users, not events. With a
/// revision or a date range, each user's first `Flow Started` (its place in event order and its
/// revision, ``FirstStart``) is kept as events are read, merged across parts, and
/// ``includes(user:)`` tells from it whether the user counts.
struct FunnelCollector: EventLineCollector {
    /// The step id that stands for `Flow Completed` in a sequential funnel.
    static let completeStepID = "$complete"
    /// At most this many other flows' ids are remembered, for the "no events of this flow" message.
    static let otherFlowsKept = 64

    let flowID: [UInt8]
    let groupByVariation: Bool
    /// Whether app versions and revisions are kept (for the flow report's `byAppVersion` and
    /// `byRevision`; a sequential funnel has neither).
    let keepsAppVersions: Bool
    /// With `--by variation`, the experiment whose `variation` splits the users
    /// (``ReportScope/experiment``): an event's variation counts only when it carries this experiment.
    let experimentKey: [UInt8]?
    /// Whether each user's first `Flow Started` is kept, for a scope that picks users by it (a
    /// revision, ``ReportScope/since``, ``ReportScope/until``: ``ReportScope/picksUsersByStart``).
    let tracksStarts: Bool
    let scope: ReportScope
    /// By user number, their first `Flow Started` of the flow (`nil`: none), when ``tracksStarts``.
    var firstStarts: [FirstStart?] = []
    /// The `revision`s of the flow's events, when ``keepsAppVersions``.
    var revisions = RevisionNumbers()
    /// With `--by variation`, the experiments the flow's events carry (up to ``otherFlowsKept``).
    var experiments = ByteStringTable(capacity: 8)
    /// Whether an event of the flow carries ``experimentKey``.
    var carriesExperimentKey = false
    /// Whether ``experimentMarks`` are kept: split by variation in a revision's report, whose
    /// refusals (several experiments, an unknown one) read the experiments of that revision's users only.
    let tracksUserExperiments: Bool
    /// By user number, the experiments their events carry, when ``tracksUserExperiments``.
    var experimentMarks: [ExperimentMarks] = []
    /// By user number, their earliest event whose variation was folded into
    /// ``ReportBounds/otherGroup`` and that variation's number in ``foldedVariations``, when
    /// ``foldsVariations``: the report counts the folded variations of the users it reports under `(other)`.
    var firstFolded: [FoldedVariation?] = []
    /// Added to every record's line number: the part of the file this collector reads.
    let sequenceBase: Int64
    var steps = ByteStringTable(capacity: 64)
    var users: ByteStringTable
    var variations = ByteStringTable(capacity: 16)
    /// The `appVersion`s of the flow's events, when ``keepsAppVersions``.
    var appVersions = ByteStringTable(capacity: 16)
    var outcomes = ByteStringTable(capacity: 64)
    /// Ids of other flows seen (up to ``otherFlowsKept``).
    var otherFlows = ByteStringTable(capacity: 16)
    var records: [FlowRecord] = []
    /// Events of the flow read.
    var flowEvents = 0
    /// Which step numbers some event of the flow names.
    var mentioned: [Bool] = []
    /// For a sequential funnel, the step numbers it measures (by step number; `$complete` is 0):
    /// only their `Step Viewed` (and `Flow Completed`) events are kept, and, split by variation,
    /// the events that carry a variation (they tell the user's). Empty for the flow report, which
    /// keeps every event of the flow.
    private(set) var measured: [Bool] = []
    /// Lines read, valid events and invalid lines.
    var counts = EventLineCounts()
    /// Whether step ids the query does not name are bounded (``ReportBounds``): with the document's
    /// steps, which (with `$complete` and the query's steps) come first in ``steps``; the first
    /// ``ReportBounds/trackedSteps`` other ids follow, and any other is read as ``ReportBounds/otherSteps``.
    let foldsSteps: Bool
    /// The step number of ``ReportBounds/otherSteps`` when ``foldsSteps``.
    private(set) var otherStep: UInt32 = 0
    /// With ``foldsSteps``, the number of the first step id the query does not name: the numbers
    /// from here on are undeclared ids tracked on their own (at most ``ReportBounds/trackedSteps``),
    /// of which the report lists those with the most viewers (``FlowReportBuilder``).
    private(set) var firstTrackedStep = 0
    /// The undeclared step ids folded as they were read, beyond the first ``ReportBounds/trackedSteps``
    /// (of any user's events: like a date range, a revision picks users only once every event is read).
    var foldedSteps = ByteStringTable(capacity: 16)
    /// Whether variations the document does not declare are folded into ``ReportBounds/otherGroup``,
    /// whose number in ``variations`` is ``otherVariation``.
    let foldsVariations: Bool
    private(set) var otherVariation = 0
    /// The variations folded into ``ReportBounds/otherGroup``, as read (of any user's events;
    /// ``firstFolded`` says whose).
    var foldedVariations = ByteStringTable(capacity: 16)
    /// By user, their latest `locale` or `platform` (``ReportDimension``): the query's split
    /// attribute (``FunnelQuery/splitAttribute``), or those asked for by a user's contribution.
    var attributes: [LatestValues]

    /// The experiments one user's events of the flow carry.
    struct ExperimentMarks {
        /// Bit n: the experiment numbered n in ``experiments``.
        var carried: UInt64 = 0
        /// Whether one of them is ``experimentKey``.
        var carriesKey = false
    }

    /// A user's earliest event whose variation was folded into ``ReportBounds/otherGroup``.
    struct FoldedVariation {
        var order: EventOrder
        /// The variation's number in ``foldedVariations``.
        var name: UInt32
    }

    /// The step number of `$complete`.
    let completeStep: UInt32 = 0

    /// - Parameters:
    ///   - userCapacity: the distinct users expected (one, for a single user's contribution).
    ///   - attributes: the attributes kept per user (``attributes``); by default the query's split attribute.
    init(query: FunnelQuery, part: Int = 0, userCapacity: Int = 1 << 14, attributes: [ReportDimension]? = nil) {
        users = ByteStringTable(capacity: userCapacity)
        self.attributes = (attributes ?? query.splitAttribute.map { [$0] } ?? []).map(LatestValues.init)
        flowID = Array(query.flowID.utf8)
        groupByVariation = query.groupByVariation
        keepsAppVersions = query.steps == nil
        scope = query.scope
        experimentKey = query.groupByVariation ? query.scope.experiment.map { Array($0.utf8) } : nil
        tracksStarts = query.scope.picksUsersByStart
        tracksUserExperiments = query.groupByVariation && query.scope.revision != nil
        sequenceBase = Int64(part) << 40
        _ = steps.index(of: Array(Self.completeStepID.utf8))
        foldsSteps = query.declaredSteps != nil
        foldsVariations = query.groupByVariation && query.declaredVariations != nil
        for step in query.declaredSteps ?? [] { _ = steps.index(of: Array(step.utf8)) }
        for step in query.steps ?? [] { _ = steps.index(of: Array(step.utf8)) }
        if foldsSteps { otherStep = UInt32(truncatingIfNeeded: steps.index(of: Array(ReportBounds.otherSteps.utf8)) ?? 0) }
        firstTrackedStep = steps.count
        for variation in query.declaredVariations ?? [] where foldsVariations { _ = variations.index(of: Array(variation.utf8)) }
        if foldsVariations { otherVariation = variations.index(of: Array(ReportBounds.otherGroup.utf8)) ?? 0 }
        if let listed = query.steps {
            measured = [listed.contains(Self.completeStepID)]
            for step in listed {
                let number = steps.index(of: Array(step.utf8)) ?? 0
                while measured.count <= number { measured.append(false) }
                measured[number] = true
            }
        }
    }

    /// Reads one line (without its newline).
    @inline(__always)
    mutating func consume(_ p: UnsafePointer<UInt8>, count: Int) {
        guard let fields = counts.scan(p, count: count) else { return }
        var named = fields.flowEventKind(in: p)
        // Split by variation, `Experiment Viewed` tells a user's variation (and nothing else).
        if named == nil, groupByVariation, fields.event.equals(FlowRecord.experimentViewedName, in: p) { named = .experimentViewed }
        guard let kind = named, fields.flowID.isPresent else { return }
        guard fields.flowID.equals(flowID, in: p) else {
            if otherFlows.count < Self.otherFlowsKept { _ = fields.flowID.intern(in: &otherFlows, p) }
            return
        }
        guard let user = fields.userID.intern(in: &users, p) else { return }
        var step = FlowRecord.none
        if kind == .flowCompleted {
            step = completeStep
        } else if kind.isAboutStep {
            guard fields.stepID.isPresent else { return }
            if let found = fields.stepID.intern(in: &steps, p, insert: tracksNewStep) {
                step = UInt32(truncatingIfNeeded: found)
            } else if foldsSteps {
                step = otherStep
                _ = fields.stepID.intern(in: &foldedSteps, p)
            } else {
                return
            }
        }
        var outcome = FlowRecord.none
        if kind == .stepCompleted, fields.outcome.isPresent, let found = fields.outcome.intern(in: &outcomes, p) {
            outcome = UInt32(truncatingIfNeeded: found)
        }
        var variation = 0
        var marks = ExperimentMarks()
        var folded: Int?
        if groupByVariation {
            var splits = true
            if fields.experiment.isPresent {
                if let experimentKey {
                    splits = fields.experiment.equals(experimentKey, in: p)
                    if splits { marks.carriesKey = true }
                }
                if let number = fields.experiment.intern(in: &experiments, p, insert: experiments.count < Self.otherFlowsKept) {
                    marks.carried = 1 << UInt64(number)
                }
            } else if experimentKey != nil {
                splits = false
            }
            if splits, fields.variation.isPresent {
                if let found = fields.variation.intern(in: &variations, p, insert: !foldsVariations) {
                    variation = found + 1
                } else if foldsVariations {
                    folded = fields.variation.intern(in: &foldedVariations, p)
                    variation = otherVariation + 1
                }
            }
        }
        var appVersion = 0
        var revision = 0
        if keepsAppVersions, kind != .experimentViewed {
            if fields.appVersion.isPresent { appVersion = (fields.appVersion.intern(in: &appVersions, p) ?? 0) + 1 }
            if let value = fields.revision { revision = revisions.number(of: value) + 1 }
        }
        // `Experiment Viewed` tells a variation and nothing else: a user's locale and platform are
        // those of their flow's own events, as their app version is.
        if !attributes.isEmpty, kind != .experimentViewed {
            let order = eventOrder(time: fields.timestamp, stepIndex: fields.stepIndex)
            for index in attributes.indices { attributes[index].note(user: user, order: order, fields: fields, p) }
        }
        record(kind: kind, user: user, step: step, outcome: outcome, variation: variation, appVersion: appVersion,
               revision: revision, revisionValue: fields.revision, marks: marks, folded: folded,
               time: fields.timestamp, stepIndex: fields.stepIndex, duration: fields.durationMs)
    }

    /// Counts a line too long to read as invalid, given its first bytes.
    mutating func skipLongLine(_ start: UnsafeBufferPointer<UInt8>) {
        counts.skipLongLine(start)
    }

    /// Reads one decoded event (for callers that hold events rather than a file).
    mutating func consume(_ event: OnboardingEvent) {
        counts.countEvent()
        var named = FlowRecord.Kind(event.event.rawValue)
        if named == nil, groupByVariation, event.event == .experimentViewed { named = .experimentViewed }
        guard let kind = named, let flow = event.flowID else { return }
        guard Array(flow.utf8) == flowID else {
            if otherFlows.count < Self.otherFlowsKept { _ = otherFlows.index(of: Array(flow.utf8)) }
            return
        }
        guard let user = users.index(of: Array(event.userID.utf8)),
              let time = MillisecondTimestamp.milliseconds(event.timestamp)
        else { return }
        let eventRevision = event.revision.map(Int64.init)
        var step = FlowRecord.none
        if kind == .flowCompleted {
            step = completeStep
        } else if kind.isAboutStep {
            guard let stepID = event.stepID else { return }
            if let found = steps.index(of: Array(stepID.utf8), insert: tracksNewStep) {
                step = UInt32(truncatingIfNeeded: found)
            } else if foldsSteps {
                step = otherStep
                _ = foldedSteps.index(of: Array(stepID.utf8))
            } else {
                return
            }
        }
        var outcome = FlowRecord.none
        if kind == .stepCompleted, let name = event.outcome, let found = outcomes.index(of: Array(name.utf8)) {
            outcome = UInt32(truncatingIfNeeded: found)
        }
        var variation = 0
        var marks = ExperimentMarks()
        var folded: Int?
        if groupByVariation {
            var splits = true
            if let experiment = event.experiment {
                if let experimentKey {
                    splits = Array(experiment.utf8) == experimentKey
                    if splits { marks.carriesKey = true }
                }
                if let number = experiments.index(of: Array(experiment.utf8), insert: experiments.count < Self.otherFlowsKept) {
                    marks.carried = 1 << UInt64(number)
                }
            } else if experimentKey != nil {
                splits = false
            }
            if splits, let name = event.variation {
                if let found = variations.index(of: Array(name.utf8), insert: !foldsVariations) {
                    variation = found + 1
                } else if foldsVariations {
                    folded = foldedVariations.index(of: Array(name.utf8))
                    variation = otherVariation + 1
                }
            }
        }
        var appVersion = 0
        var revision = 0
        if keepsAppVersions, kind != .experimentViewed {
            if let name = event.appVersion { appVersion = (appVersions.index(of: Array(name.utf8)) ?? 0) + 1 }
            if let value = eventRevision { revision = revisions.number(of: value) + 1 }
        }
        if !attributes.isEmpty, kind != .experimentViewed {
            let order = eventOrder(time: time, stepIndex: event.stepIndex.map(Int64.init))
            for index in attributes.indices { attributes[index].note(user: user, order: order, event: event) }
        }
        record(kind: kind, user: user, step: step, outcome: outcome, variation: variation, appVersion: appVersion,
               revision: revision, revisionValue: eventRevision, marks: marks, folded: folded,
               time: time, stepIndex: event.stepIndex.map(Int64.init), duration: event.durationMs)
    }

    /// Whether a step id not in ``steps`` yet gets a number of its own: always without the
    /// document's steps; with them, while fewer than ``ReportBounds/trackedSteps`` undeclared ids have one.
    private var tracksNewStep: Bool {
        !foldsSteps || steps.count - firstTrackedStep < ReportBounds.trackedSteps
    }

    /// Whether `user`'s events count (``ReportScope/includes(firstStart:)``): with a revision, only
    /// when their first `Flow Started` of the flow carries it; with a date range, only when that
    /// first start is in it (a user without one is in neither). Every event of such a user counts.
    @inline(__always)
    func includes(user: Int) -> Bool {
        guard tracksStarts else { return true }
        return scope.includes(firstStart: firstStart(of: user))
    }

    /// `user`'s first `Flow Started` of the flow, when ``tracksStarts``.
    func firstStart(of user: Int) -> FirstStart? {
        user < firstStarts.count ? firstStarts[user] : nil
    }

    /// The number in ``foldedVariations`` of the variation of `user`'s earliest event whose
    /// variation was folded, if any.
    func firstFoldedVariation(of user: Int) -> UInt32? {
        user < firstFolded.count ? firstFolded[user]?.name : nil
    }

    /// What the refusals of a report split by variation read (``FunnelAccumulator``): the
    /// experiments the events of the scope's revision carry — of the users whose first
    /// `Flow Started` carries it, all their events of the flow, whatever the date range; every
    /// event of the flow without a revision — whether one of them is the scope's experiment, and
    /// whether there is any such event.
    func experimentsOfRevision() -> (carried: [String], carriesKey: Bool, hasEvents: Bool) {
        let all = (0..<experiments.count).map { experiments.string(at: $0) }
        guard tracksUserExperiments else { return (all, carriesExperimentKey, flowEvents > 0) }
        var carried: UInt64 = 0
        var carriesKey = false
        var hasEvents = false
        for user in 0..<users.count where scope.includesRevision(of: firstStart(of: user)) {
            hasEvents = true
            guard user < experimentMarks.count else { continue }
            carried |= experimentMarks[user].carried
            carriesKey = carriesKey || experimentMarks[user].carriesKey
        }
        return (all.indices.filter { carried >> UInt64($0) & 1 != 0 }.map { all[$0] }, carriesKey, hasEvents)
    }

    @inline(__always)
    private mutating func mention(_ step: UInt32) {
        let number = Int(step)
        if number >= mentioned.count { mentioned += repeatElement(false, count: number + 1 - mentioned.count) }
        mentioned[number] = true
    }

    /// Grows a per-user array to hold `user`.
    @inline(__always)
    private static func grow<Element>(_ array: inout [Element], toHold user: Int, with empty: Element) {
        if user >= array.count { array += repeatElement(empty, count: user + 1 - array.count) }
    }

    /// The place in report order of the event just read, at `time` with `stepIndex`.
    @inline(__always)
    private func eventOrder(time: Int64, stepIndex: Int64?) -> EventOrder {
        EventOrder(time: time, stepIndex: stepIndex.map { Int32(clamping: $0) } ?? FlowRecord.noStepIndex, sequence: sequenceBase | counts.lines)
    }

    /// The group number of `user` in the query's split attribute (0: none, n: the attribute's value n − 1).
    func attributeGroup(of user: Int) -> UInt16 {
        attributes.first?.group(of: user) ?? 0
    }

    @inline(__always)
    private mutating func record(
        kind: FlowRecord.Kind, user: Int, step: UInt32, outcome: UInt32, variation: Int, appVersion: Int, revision: Int,
        revisionValue: Int64?, marks: ExperimentMarks, folded: Int?, time: Int64, stepIndex: Int64?, duration: Int64?
    ) {
        // `Experiment Viewed` counts in no figure: it is kept for what it carries and the variation it tells.
        if kind != .experimentViewed { flowEvents += 1 }
        if kind.isAboutStep { mention(step) }
        if marks.carriesKey { carriesExperimentKey = true }
        let order = eventOrder(time: time, stepIndex: stepIndex)
        if tracksStarts, kind == .flowStarted {
            Self.grow(&firstStarts, toHold: user, with: nil)
            firstStarts[user] = FirstStart.earlier(firstStarts[user], FirstStart(order: order, revision: revisionValue))
        }
        if tracksUserExperiments, marks.carried != 0 || marks.carriesKey {
            Self.grow(&experimentMarks, toHold: user, with: ExperimentMarks())
            experimentMarks[user].carried |= marks.carried
            experimentMarks[user].carriesKey = experimentMarks[user].carriesKey || marks.carriesKey
        }
        if kind == .experimentViewed, variation == 0 { return }
        if let folded {
            Self.grow(&firstFolded, toHold: user, with: nil)
            if firstFolded[user].map({ order < $0.order }) ?? true {
                firstFolded[user] = FoldedVariation(order: order, name: UInt32(truncatingIfNeeded: folded))
            }
        }
        if !measured.isEmpty {
            // A sequential funnel reads only the views of its steps, and `$complete`; and, split by
            // variation, the events that tell the user's variation.
            let isMeasured = (kind == .stepViewed || kind == .flowCompleted) && Int(step) < measured.count && measured[Int(step)]
            guard isMeasured || variation != 0 else { return }
        }
        records.append(FlowRecord(
            time: time, sequence: order.sequence, duration: duration ?? FlowRecord.noDuration,
            user: UInt32(truncatingIfNeeded: user), step: step, outcome: outcome, stepIndex: order.stepIndex,
            variation: UInt16(truncatingIfNeeded: min(variation, Int(UInt16.max))),
            appVersion: UInt16(truncatingIfNeeded: min(appVersion, Int(UInt16.max))),
            revision: UInt16(truncatingIfNeeded: min(revision, Int(UInt16.max))), kind: kind))
    }
    /// Adds `other`'s records to these, renumbering its users, steps, outcomes and variations;
    /// `other` read the part of the input after this one.
    mutating func merge(_ other: FunnelCollector) {
        counts.merge(other.counts)
        flowEvents += other.flowEvents
        for index in 0..<other.otherFlows.count where otherFlows.count < Self.otherFlowsKept {
            _ = otherFlows.index(of: other.otherFlows.bytes(at: index))
        }
        func map(_ from: ByteStringTable, into table: inout ByteStringTable) -> [UInt32] {
            (0..<from.count).map { UInt32(truncatingIfNeeded: table.index(of: from.bytes(at: $0)) ?? 0) }
        }
        let userMap = map(other.users, into: &users)
        for index in attributes.indices where index < other.attributes.count {
            attributes[index].merge(other.attributes[index], userMap: userMap)
        }
        // The other part's undeclared ids keep their numbers while this one tracks fewer than
        // ``ReportBounds/trackedSteps``; beyond, they are folded (the report folds an id folded in
        // any part: ``FlowReportBuilder``).
        var kept = [Bool](repeating: false, count: other.steps.count)
        for record in other.records where record.step != FlowRecord.none && Int(record.step) < kept.count { kept[Int(record.step)] = true }
        var stepMap: [UInt32] = []
        stepMap.reserveCapacity(other.steps.count)
        for index in 0..<other.steps.count {
            let bytes = other.steps.bytes(at: index)
            if let found = steps.index(of: bytes, insert: tracksNewStep) {
                stepMap.append(UInt32(truncatingIfNeeded: found))
            } else {
                // Folded here: counted when the other part kept events of it, as `consume` counts.
                if kept[index] { _ = foldedSteps.index(of: bytes) }
                stepMap.append(otherStep)
            }
        }
        for (index, isMentioned) in other.mentioned.enumerated() where isMentioned { mention(stepMap[index]) }
        // The other part's experiments keep their numbers while this one has fewer than
        // ``otherFlowsKept``; beyond, a user's mark of one not numbered here is dropped, as `consume` drops it.
        var experimentMap: [Int?] = []
        for index in 0..<other.experiments.count {
            experimentMap.append(experiments.index(of: other.experiments.bytes(at: index), insert: experiments.count < Self.otherFlowsKept))
        }
        carriesExperimentKey = carriesExperimentKey || other.carriesExperimentKey
        for (index, start) in other.firstStarts.enumerated() {
            guard let start else { continue }
            let user = Int(userMap[index])
            Self.grow(&firstStarts, toHold: user, with: nil)
            firstStarts[user] = FirstStart.earlier(firstStarts[user], start)
        }
        for (index, marks) in other.experimentMarks.enumerated() where marks.carried != 0 || marks.carriesKey {
            let user = Int(userMap[index])
            Self.grow(&experimentMarks, toHold: user, with: ExperimentMarks())
            for (number, mapped) in experimentMap.enumerated() where marks.carried >> UInt64(number) & 1 != 0 {
                if let mapped { experimentMarks[user].carried |= 1 << UInt64(mapped) }
            }
            experimentMarks[user].carriesKey = experimentMarks[user].carriesKey || marks.carriesKey
        }
        let outcomeMap = map(other.outcomes, into: &outcomes)
        _ = map(other.foldedSteps, into: &foldedSteps)
        let foldedVariationMap = map(other.foldedVariations, into: &foldedVariations)
        for (index, folded) in other.firstFolded.enumerated() {
            guard let folded else { continue }
            let user = Int(userMap[index])
            Self.grow(&firstFolded, toHold: user, with: nil)
            if firstFolded[user].map({ folded.order < $0.order }) ?? true {
                firstFolded[user] = FoldedVariation(order: folded.order, name: foldedVariationMap[Int(folded.name)])
            }
        }
        // Numbers + 1 (0 stays 0: none), clamped as `record` clamps them.
        func groupMap(_ from: ByteStringTable, into table: inout ByteStringTable) -> [UInt16] {
            var numbers = [UInt16](repeating: 0, count: from.count + 1)
            for index in 0..<from.count {
                numbers[index + 1] = UInt16(truncatingIfNeeded: min((table.index(of: from.bytes(at: index)) ?? 0) + 1, Int(UInt16.max)))
            }
            return numbers
        }
        let variationMap = groupMap(other.variations, into: &variations)
        let appVersionMap = groupMap(other.appVersions, into: &appVersions)
        var revisionMap: [UInt16] = [0]
        for value in other.revisions.values {
            revisionMap.append(UInt16(truncatingIfNeeded: min(revisions.number(of: value) + 1, Int(UInt16.max))))
        }
        records.reserveCapacity(records.count + other.records.count)
        for var record in other.records {
            record.user = userMap[Int(record.user)]
            if record.step != FlowRecord.none { record.step = stepMap[Int(record.step)] }
            if record.outcome != FlowRecord.none { record.outcome = outcomeMap[Int(record.outcome)] }
            record.variation = variationMap[Int(record.variation)]
            record.appVersion = appVersionMap[Int(record.appVersion)]
            record.revision = revisionMap[Int(record.revision)]
            records.append(record)
        }
    }
}
