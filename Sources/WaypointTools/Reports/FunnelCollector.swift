import Foundation
import Waypoint

/// What one pass over part of an events file keeps: the measured flow's events, as ``FlowRecord``s.
///
/// Memory is proportional to the flow's events (48 bytes each) plus the distinct user ids; other
/// flows' events, walkthrough events and invalid lines take nothing. The query's scope
/// (``ReportScope``) is applied as events are read: events of another revision are not kept, and
/// with a date range each user's first `Flow Started` is kept so that ``includes(user:)`` can
/// tell whether the user counts.
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
    /// Only events with this `revision` are kept (``ReportScope/revision``); the others are counted
    /// as events of the flow and otherwise ignored.
    let revisionFilter: Int64?
    /// With `--by variation`, the experiment whose `variation` splits the users
    /// (``ReportScope/experiment``): an event's variation counts only when it carries this experiment.
    let experimentKey: [UInt8]?
    /// Whether each user's first `Flow Started` is kept, for a date range (``ReportScope/since``,
    /// ``ReportScope/until``).
    let tracksStarts: Bool
    let scope: ReportScope
    /// By user number, the time of their first kept `Flow Started` (`Int64.max`: none), when ``tracksStarts``.
    var firstStarts: [Int64] = []
    /// The `revision`s of the kept events, when ``keepsAppVersions``.
    var revisions = RevisionNumbers()
    /// With `--by variation`, the experiments the kept events of the flow carry (up to ``otherFlowsKept``).
    var experiments = ByteStringTable(capacity: 8)
    /// Whether a kept event of the flow carries ``experimentKey``.
    var carriesExperimentKey = false
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
    /// Events of the flow read (kept or not).
    var flowEvents = 0
    /// Events of the flow in the scope's revision (all of them without one).
    var revisionEvents = 0
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
    /// (events in the scope's revision only).
    var foldedSteps = ByteStringTable(capacity: 16)
    /// Whether variations the document does not declare are folded into ``ReportBounds/otherGroup``,
    /// whose number in ``variations`` is ``otherVariation``.
    let foldsVariations: Bool
    private(set) var otherVariation = 0
    /// The variations folded into ``ReportBounds/otherGroup``.
    var foldedVariations = ByteStringTable(capacity: 16)

    /// The step number of `$complete`.
    let completeStep: UInt32 = 0

    /// - Parameter userCapacity: the distinct users expected (one, for a single user's contribution).
    init(query: FunnelQuery, part: Int = 0, userCapacity: Int = 1 << 14) {
        users = ByteStringTable(capacity: userCapacity)
        flowID = Array(query.flowID.utf8)
        groupByVariation = query.groupByVariation
        keepsAppVersions = query.steps == nil
        scope = query.scope
        revisionFilter = query.scope.revision.map(Int64.init)
        experimentKey = query.groupByVariation ? query.scope.experiment.map { Array($0.utf8) } : nil
        tracksStarts = query.scope.since != nil || query.scope.until != nil
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
        guard let kind = fields.flowEventKind(in: p), fields.flowID.isPresent else { return }
        guard fields.flowID.equals(flowID, in: p) else {
            if otherFlows.count < Self.otherFlowsKept { _ = fields.flowID.intern(in: &otherFlows, p) }
            return
        }
        guard let user = fields.userID.intern(in: &users, p) else { return }
        let inScope = revisionFilter == nil || fields.revision == revisionFilter
        var step = FlowRecord.none
        if kind == .flowCompleted {
            step = completeStep
        } else if kind.isAboutStep {
            guard fields.stepID.isPresent else { return }
            if let found = fields.stepID.intern(in: &steps, p, insert: tracksNewStep) {
                step = UInt32(truncatingIfNeeded: found)
            } else if foldsSteps {
                step = otherStep
                if inScope { _ = fields.stepID.intern(in: &foldedSteps, p) }
            } else {
                return
            }
        }
        guard inScope else {
            noteOutOfScope(kind: kind, step: step)
            return
        }
        var outcome = FlowRecord.none
        if kind == .stepCompleted, fields.outcome.isPresent, let found = fields.outcome.intern(in: &outcomes, p) {
            outcome = UInt32(truncatingIfNeeded: found)
        }
        var variation = 0
        if groupByVariation {
            var splits = true
            if fields.experiment.isPresent {
                if let experimentKey {
                    splits = fields.experiment.equals(experimentKey, in: p)
                    if splits { carriesExperimentKey = true }
                }
                if experiments.count < Self.otherFlowsKept { _ = fields.experiment.intern(in: &experiments, p) }
            } else if experimentKey != nil {
                splits = false
            }
            if splits, fields.variation.isPresent {
                if let found = fields.variation.intern(in: &variations, p, insert: !foldsVariations) {
                    variation = found + 1
                } else if foldsVariations {
                    _ = fields.variation.intern(in: &foldedVariations, p)
                    variation = otherVariation + 1
                }
            }
        }
        var appVersion = 0
        var revision = 0
        if keepsAppVersions {
            if fields.appVersion.isPresent { appVersion = (fields.appVersion.intern(in: &appVersions, p) ?? 0) + 1 }
            if let value = fields.revision { revision = revisions.number(of: value) + 1 }
        }
        record(kind: kind, user: user, step: step, outcome: outcome, variation: variation, appVersion: appVersion,
               revision: revision, time: fields.timestamp, stepIndex: fields.stepIndex, duration: fields.durationMs)
    }

    /// Counts a line too long to read as invalid, given its first bytes.
    mutating func skipLongLine(_ start: UnsafeBufferPointer<UInt8>) {
        counts.skipLongLine(start)
    }

    /// Reads one decoded event (for callers that hold events rather than a file).
    mutating func consume(_ event: OnboardingEvent) {
        counts.countEvent()
        guard let kind = FlowRecord.Kind(event.event.rawValue), let flow = event.flowID else { return }
        guard Array(flow.utf8) == flowID else {
            if otherFlows.count < Self.otherFlowsKept { _ = otherFlows.index(of: Array(flow.utf8)) }
            return
        }
        guard let user = users.index(of: Array(event.userID.utf8)),
              let time = MillisecondTimestamp.milliseconds(event.timestamp)
        else { return }
        let eventRevision = event.revision.map(Int64.init)
        let inScope = revisionFilter == nil || eventRevision == revisionFilter
        var step = FlowRecord.none
        if kind == .flowCompleted {
            step = completeStep
        } else if kind.isAboutStep {
            guard let stepID = event.stepID else { return }
            if let found = steps.index(of: Array(stepID.utf8), insert: tracksNewStep) {
                step = UInt32(truncatingIfNeeded: found)
            } else if foldsSteps {
                step = otherStep
                if inScope { _ = foldedSteps.index(of: Array(stepID.utf8)) }
            } else {
                return
            }
        }
        guard inScope else {
            noteOutOfScope(kind: kind, step: step)
            return
        }
        var outcome = FlowRecord.none
        if kind == .stepCompleted, let name = event.outcome, let found = outcomes.index(of: Array(name.utf8)) {
            outcome = UInt32(truncatingIfNeeded: found)
        }
        var variation = 0
        if groupByVariation {
            var splits = true
            if let experiment = event.experiment {
                if let experimentKey {
                    splits = Array(experiment.utf8) == experimentKey
                    if splits { carriesExperimentKey = true }
                }
                if experiments.count < Self.otherFlowsKept { _ = experiments.index(of: Array(experiment.utf8)) }
            } else if experimentKey != nil {
                splits = false
            }
            if splits, let name = event.variation {
                if let found = variations.index(of: Array(name.utf8), insert: !foldsVariations) {
                    variation = found + 1
                } else if foldsVariations {
                    _ = foldedVariations.index(of: Array(name.utf8))
                    variation = otherVariation + 1
                }
            }
        }
        var appVersion = 0
        var revision = 0
        if keepsAppVersions {
            if let name = event.appVersion { appVersion = (appVersions.index(of: Array(name.utf8)) ?? 0) + 1 }
            if let value = eventRevision { revision = revisions.number(of: value) + 1 }
        }
        record(kind: kind, user: user, step: step, outcome: outcome, variation: variation, appVersion: appVersion,
               revision: revision, time: time, stepIndex: event.stepIndex.map(Int64.init), duration: event.durationMs)
    }

    /// Whether a step id not in ``steps`` yet gets a number of its own: always without the
    /// document's steps; with them, while fewer than ``ReportBounds/trackedSteps`` undeclared ids have one.
    private var tracksNewStep: Bool {
        !foldsSteps || steps.count - firstTrackedStep < ReportBounds.trackedSteps
    }

    /// Whether `user`'s events count: with a date range, only when their first kept `Flow Started`
    /// is in it (a user without one is out of every range).
    @inline(__always)
    func includes(user: Int) -> Bool {
        guard tracksStarts else { return true }
        guard user < firstStarts.count, firstStarts[user] != Int64.max else { return false }
        return scope.includesStart(atMilliseconds: firstStarts[user])
    }

    /// Counts an event of the flow outside the revision: it shows the flow has events, and the
    /// steps it mentions are known to a sequential funnel, but it is not kept.
    private mutating func noteOutOfScope(kind: FlowRecord.Kind, step: UInt32) {
        flowEvents += 1
        if kind.isAboutStep { mention(step) }
    }

    @inline(__always)
    private mutating func mention(_ step: UInt32) {
        let number = Int(step)
        if number >= mentioned.count { mentioned += repeatElement(false, count: number + 1 - mentioned.count) }
        mentioned[number] = true
    }

    @inline(__always)
    private mutating func record(
        kind: FlowRecord.Kind, user: Int, step: UInt32, outcome: UInt32, variation: Int, appVersion: Int, revision: Int,
        time: Int64, stepIndex: Int64?, duration: Int64?
    ) {
        flowEvents += 1
        revisionEvents += 1
        if kind.isAboutStep { mention(step) }
        if tracksStarts, kind == .flowStarted {
            if user >= firstStarts.count { firstStarts += repeatElement(Int64.max, count: user + 1 - firstStarts.count) }
            firstStarts[user] = min(firstStarts[user], time)
        }
        if !measured.isEmpty {
            // A sequential funnel reads only the views of its steps, and `$complete`; and, split by
            // variation, the events that tell the user's variation.
            let isMeasured = (kind == .stepViewed || kind == .flowCompleted) && Int(step) < measured.count && measured[Int(step)]
            guard isMeasured || variation != 0 else { return }
        }
        records.append(FlowRecord(
            time: time, sequence: sequenceBase | counts.lines, duration: duration ?? FlowRecord.noDuration,
            user: UInt32(truncatingIfNeeded: user), step: step, outcome: outcome,
            stepIndex: stepIndex.map { Int32(clamping: $0) } ?? FlowRecord.noStepIndex,
            variation: UInt16(truncatingIfNeeded: min(variation, Int(UInt16.max))),
            appVersion: UInt16(truncatingIfNeeded: min(appVersion, Int(UInt16.max))),
            revision: UInt16(truncatingIfNeeded: min(revision, Int(UInt16.max))), kind: kind))
    }

    /// Adds `other`'s records to these, renumbering its users, steps, outcomes and variations;
    /// `other` read the part of the input after this one.
    mutating func merge(_ other: FunnelCollector) {
        counts.merge(other.counts)
        flowEvents += other.flowEvents
        revisionEvents += other.revisionEvents
        for index in 0..<other.otherFlows.count where otherFlows.count < Self.otherFlowsKept {
            _ = otherFlows.index(of: other.otherFlows.bytes(at: index))
        }
        func map(_ from: ByteStringTable, into table: inout ByteStringTable) -> [UInt32] {
            (0..<from.count).map { UInt32(truncatingIfNeeded: table.index(of: from.bytes(at: $0)) ?? 0) }
        }
        let userMap = map(other.users, into: &users)
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
        for index in 0..<other.experiments.count where experiments.count < Self.otherFlowsKept {
            _ = experiments.index(of: other.experiments.bytes(at: index))
        }
        carriesExperimentKey = carriesExperimentKey || other.carriesExperimentKey
        for (index, time) in other.firstStarts.enumerated() where time != Int64.max {
            let user = Int(userMap[index])
            if user >= firstStarts.count { firstStarts += repeatElement(Int64.max, count: user + 1 - firstStarts.count) }
            firstStarts[user] = min(firstStarts[user], time)
        }
        let outcomeMap = map(other.outcomes, into: &outcomes)
        _ = map(other.foldedSteps, into: &foldedSteps)
        _ = map(other.foldedVariations, into: &foldedVariations)
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
