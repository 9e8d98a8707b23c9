import Foundation
import Waypoint

/// What one pass over (part of) the events keeps for a ``WalkthroughReport``, in any order of
/// events: per user, whether they started and completed the walkthrough, their last `Hint Shown`,
/// their variation and app version; per user and step, which hint events they had; per user, step
/// and trigger, whether they completed or skipped it so.
///
/// Memory grows with the walkthrough's users and the steps each of them reached; other
/// walkthroughs' events, flow events and invalid lines take nothing. Every event of the
/// walkthrough is read, whatever its revision: the scope (``ReportScope``) picks users by their
/// first `Walkthrough Started` (``includes(user:)``) once every event is read.
struct WalkthroughCollector: EventLineCollector {
    /// The walkthrough events the report reads.
    enum Kind: UInt8 {
        case walkthroughStarted, hintShown, hintCompleted, hintSkipped, walkthroughCompleted, targetNotFound

        /// The kind an event name stands for, or `nil` for any other name.
        @inline(__always)
        init?(name p: UnsafePointer<UInt8>, count: Int) {
            // The six names have six lengths; the one that fits is checked in full.
            let candidate: Kind
            let expected: StaticString
            switch count {
            case 10: (candidate, expected) = (.hintShown, "Hint Shown")
            case 12: (candidate, expected) = (.hintSkipped, "Hint Skipped")
            case 14: (candidate, expected) = (.hintCompleted, "Hint Completed")
            case 16: (candidate, expected) = (.targetNotFound, "Target Not Found")
            case 19: (candidate, expected) = (.walkthroughStarted, "Walkthrough Started")
            case 21: (candidate, expected) = (.walkthroughCompleted, "Walkthrough Completed")
            default: return nil
            }
            let bytes = expected.utf8Start
            for index in 0..<count where p[index] != bytes[index] { return nil }
            self = candidate
        }

        /// The kind of a scanned event's name (escapes decoded), or `nil` for any other name.
        init?(_ field: EventLineScanner.Field, in p: UnsafePointer<UInt8>) {
            guard field.escaped else {
                self.init(name: p + field.start, count: field.count)
                return
            }
            let bytes = EventLineScanner.decode(field, in: p)
            guard let kind = bytes.withUnsafeBufferPointer({ buffer in
                buffer.baseAddress.flatMap { Kind(name: $0, count: buffer.count) }
            }) else { return nil }
            self = kind
        }

        /// The kind of a decoded event's name.
        init?(_ name: String) {
            var name = name
            guard let kind = name.withUTF8({ buffer in buffer.baseAddress.flatMap { Kind(name: $0, count: buffer.count) } })
            else { return nil }
            self = kind
        }

        /// The bit a user's event of this kind sets in their marks of its step; 0 for the
        /// walkthrough-level events.
        var stepMark: UInt8 {
            switch self {
            case .hintShown: StepMark.shown
            case .hintCompleted: StepMark.completed
            case .hintSkipped: StepMark.skipped
            case .targetNotFound: StepMark.targetNotFound
            case .walkthroughStarted, .walkthroughCompleted: 0
            }
        }
    }

    /// The bits of a user's marks of a step.
    enum StepMark {
        static let shown: UInt8 = 1
        static let completed: UInt8 = 2
        static let skipped: UInt8 = 4
        static let targetNotFound: UInt8 = 8
    }

    /// One user's walkthrough so far.
    struct User {
        /// Whether they have an event of the walkthrough other than `Experiment Viewed`.
        var hasEvents = false
        var started = false
        var completed = false
        /// Their first `Walkthrough Started` and its revision, for the scope.
        var firstStart: FirstStart?
        /// The experiments their events carry: bit n for the experiment numbered n in
        /// ``WalkthroughCollector/experiments`` (split by variation only).
        var experiments: UInt64 = 0
        /// Whether one of their events carries the scope's experiment (split by variation only).
        var carriesExperimentKey = false
        /// Their last `Hint Shown`, and its step's number.
        var lastShown: (order: EventOrder, step: UInt32)?
        /// Their earliest event with a variation, and the variation's number.
        var variation: (order: EventOrder, number: UInt32)?
        /// Their first `Experiment Viewed` with a variation (split by variation only), and its number.
        var viewed: (order: EventOrder, number: UInt32)?
        /// Their last event with an app version, and the app version's number.
        var appVersion: (order: EventOrder, number: UInt32)?

        /// Adds `other`, the same user's events read elsewhere, its numbers already renumbered.
        mutating func merge(_ other: User) {
            hasEvents = hasEvents || other.hasEvents
            started = started || other.started
            completed = completed || other.completed
            if let start = other.firstStart { firstStart = FirstStart.earlier(firstStart, start) }
            experiments |= other.experiments
            carriesExperimentKey = carriesExperimentKey || other.carriesExperimentKey
            if let shown = other.lastShown, lastShown.map({ $0.order < shown.order }) ?? true { lastShown = shown }
            if let found = other.variation, variation.map({ found.order < $0.order }) ?? true { variation = found }
            if let found = other.viewed, viewed.map({ found.order < $0.order }) ?? true { viewed = found }
            if let found = other.appVersion, appVersion.map({ $0.order < found.order }) ?? true { appVersion = found }
        }

        /// The user's variation: that of their first `Experiment Viewed` of the split's experiment,
        /// else (events sent before that event existed) that of their earliest event with one.
        var reportedVariation: (order: EventOrder, number: UInt32)? { viewed ?? variation }
    }

    /// A user's completion (or skip) of a step with a trigger, counted once however often it happened.
    struct TriggerMark: Hashable {
        var user: UInt32
        var step: UInt32
        var trigger: UInt32
        var skipped: Bool
    }

    /// At most this many other walkthroughs' ids are remembered, for the "no events" message.
    static let otherWalkthroughsKept = 64

    let walkthroughID: [UInt8]
    let groupByVariation: Bool
    /// The query's scope (``ReportScope``): only users whose first `Walkthrough Started` carries
    /// its revision and lies in its date range count, with all their events (``includes(user:)``).
    let scope: ReportScope
    /// With `--by variation`, the experiment whose `variation` splits the users.
    let experimentKey: [UInt8]?
    /// With `--by variation`, the experiments the walkthrough's events carry (up to ``otherWalkthroughsKept``).
    var experiments = ByteStringTable(capacity: 8)
    /// Whether an event of the walkthrough carries ``experimentKey``.
    var carriesExperimentKey = false
    /// Added to every event's line number: the part of the file this collector reads.
    let sequenceBase: Int64
    /// Lines read, valid events and invalid lines.
    var counts = EventLineCounts()
    var users = ByteStringTable(capacity: 1024)
    var steps = ByteStringTable(capacity: 16)
    var triggers = ByteStringTable(capacity: 16)
    var variations = ByteStringTable(capacity: 16)
    var appVersions = ByteStringTable(capacity: 16)
    /// Ids of other walkthroughs seen (up to ``otherWalkthroughsKept``).
    var otherWalkthroughs = ByteStringTable(capacity: 16)
    /// Events of the walkthrough read.
    var walkthroughEvents = 0
    /// By user number.
    var userStates: [User] = []
    /// By `user << 32 | step`: the ``StepMark``s of the user's events of the step.
    var stepMarks: [UInt64: UInt8] = [:]
    var triggerMarks: Set<TriggerMark> = []
    /// By step number: the earliest event that names the step.
    var firstSeen: [EventOrder?] = []

    init(query: WalkthroughQuery, part: Int = 0) {
        walkthroughID = Array(query.walkthroughID.utf8)
        groupByVariation = query.groupByVariation
        scope = query.scope
        experimentKey = query.groupByVariation ? query.scope.experiment.map { Array($0.utf8) } : nil
        sequenceBase = Int64(part) << 40
    }

    /// Reads one line (without its newline).
    mutating func consume(_ p: UnsafePointer<UInt8>, count: Int) {
        guard let fields = counts.scan(p, count: count) else { return }
        guard fields.walkthroughID.isPresent, let kind = Kind(fields.event, in: p) else {
            if groupByVariation, fields.walkthroughID.isPresent, fields.event.equals(FlowRecord.experimentViewedName, in: p) {
                consumeViewed(fields, p)
            }
            return
        }
        guard fields.walkthroughID.equals(walkthroughID, in: p) else {
            if otherWalkthroughs.count < Self.otherWalkthroughsKept { _ = fields.walkthroughID.intern(in: &otherWalkthroughs, p) }
            return
        }
        guard let user = fields.userID.intern(in: &users, p) else { return }
        var step: Int?
        if kind.stepMark != 0, fields.stepID.isPresent { step = fields.stepID.intern(in: &steps, p) }
        var trigger: Int?
        if kind == .hintCompleted || kind == .hintSkipped, fields.trigger.isPresent { trigger = fields.trigger.intern(in: &triggers, p) }
        var variation: Int?
        var experiment: (number: Int?, isKey: Bool)?
        if groupByVariation {
            var splits = experimentKey == nil
            if fields.experiment.isPresent {
                let isKey = experimentKey.map { fields.experiment.equals($0, in: p) } ?? false
                if isKey { splits = true }
                experiment = (fields.experiment.intern(in: &experiments, p, insert: experiments.count < Self.otherWalkthroughsKept), isKey)
            }
            if splits, fields.variation.isPresent { variation = fields.variation.intern(in: &variations, p) }
        }
        var appVersion: Int?
        if fields.appVersion.isPresent { appVersion = fields.appVersion.intern(in: &appVersions, p) }
        let order = EventOrder(
            time: fields.timestamp, stepIndex: fields.stepIndex.map { Int32(clamping: $0) } ?? FlowRecord.noStepIndex,
            sequence: sequenceBase | counts.lines)
        record(kind, user: user, step: step, trigger: trigger, variation: variation, appVersion: appVersion, experiment: experiment,
               start: FirstStart(order: order, revision: fields.revision))
    }

    /// Counts a line too long to read as invalid, given its first bytes.
    mutating func skipLongLine(_ start: UnsafeBufferPointer<UInt8>) {
        counts.skipLongLine(start)
    }

    /// Reads an `Experiment Viewed` of the walkthrough, split by variation: it tells the user's
    /// variation and the experiment it carries, and counts in no figure.
    private mutating func consumeViewed(_ fields: EventLineScanner.Fields, _ p: UnsafePointer<UInt8>) {
        guard fields.walkthroughID.equals(walkthroughID, in: p), fields.experiment.isPresent, fields.variation.isPresent,
              let user = fields.userID.intern(in: &users, p) else { return }
        let isKey = experimentKey.map { fields.experiment.equals($0, in: p) } ?? false
        let number = fields.experiment.intern(in: &experiments, p, insert: experiments.count < Self.otherWalkthroughsKept)
        let variation = experimentKey == nil || isKey ? fields.variation.intern(in: &variations, p) : nil
        let order = EventOrder(
            time: fields.timestamp, stepIndex: fields.stepIndex.map { Int32(clamping: $0) } ?? FlowRecord.noStepIndex,
            sequence: sequenceBase | counts.lines)
        recordViewed(user: user, variation: variation, experiment: (number, isKey), order: order)
    }

    /// Reads an `Experiment Viewed` of the walkthrough (decoded), as ``consumeViewed(_:_:)``.
    private mutating func consumeViewed(_ event: OnboardingEvent) {
        guard let experiment = event.experiment, let name = event.variation,
              let user = users.index(of: Array(event.userID.utf8)), let time = MillisecondTimestamp.milliseconds(event.timestamp)
        else { return }
        let isKey = experimentKey.map { Array(experiment.utf8) == $0 } ?? false
        let number = experiments.index(of: Array(experiment.utf8), insert: experiments.count < Self.otherWalkthroughsKept)
        let variation = experimentKey == nil || isKey ? variations.index(of: Array(name.utf8)) : nil
        let order = EventOrder(
            time: time, stepIndex: event.stepIndex.map { Int32(clamping: $0) } ?? FlowRecord.noStepIndex, sequence: sequenceBase | counts.lines)
        recordViewed(user: user, variation: variation, experiment: (number, isKey), order: order)
    }

    private mutating func recordViewed(user: Int, variation: Int?, experiment: (number: Int?, isKey: Bool), order: EventOrder) {
        if user >= userStates.count { userStates += repeatElement(User(), count: user + 1 - userStates.count) }
        if let number = experiment.number { userStates[user].experiments |= 1 << UInt64(number) }
        if experiment.isKey {
            carriesExperimentKey = true
            userStates[user].carriesExperimentKey = true
        }
        guard let variation else { return }
        var state = User()
        state.viewed = (order, UInt32(truncatingIfNeeded: variation))
        userStates[user].merge(state)
    }

    /// Reads one decoded event (for callers that hold events rather than a file).
    mutating func consume(_ event: OnboardingEvent) {
        counts.countEvent()
        guard let id = event.walkthroughID, let kind = Kind(event.event.rawValue) else {
            if groupByVariation, event.walkthroughID.map({ Array($0.utf8) == walkthroughID }) == true, event.event == .experimentViewed {
                consumeViewed(event)
            }
            return
        }
        guard Array(id.utf8) == walkthroughID else {
            if otherWalkthroughs.count < Self.otherWalkthroughsKept { _ = otherWalkthroughs.index(of: Array(id.utf8)) }
            return
        }
        guard let user = users.index(of: Array(event.userID.utf8)), let time = MillisecondTimestamp.milliseconds(event.timestamp)
        else { return }
        let step = kind.stepMark == 0 ? nil : event.stepID.flatMap { steps.index(of: Array($0.utf8)) }
        let trigger = kind == .hintCompleted || kind == .hintSkipped ? event.trigger.flatMap { triggers.index(of: Array($0.utf8)) } : nil
        var variation: Int?
        var carried: (number: Int?, isKey: Bool)?
        if groupByVariation {
            var splits = experimentKey == nil
            if let experiment = event.experiment {
                let isKey = experimentKey.map { Array(experiment.utf8) == $0 } ?? false
                if isKey { splits = true }
                carried = (experiments.index(of: Array(experiment.utf8), insert: experiments.count < Self.otherWalkthroughsKept), isKey)
            }
            if splits { variation = event.variation.flatMap { variations.index(of: Array($0.utf8)) } }
        }
        let appVersion = event.appVersion.flatMap { appVersions.index(of: Array($0.utf8)) }
        let order = EventOrder(
            time: time, stepIndex: event.stepIndex.map { Int32(clamping: $0) } ?? FlowRecord.noStepIndex,
            sequence: sequenceBase | counts.lines)
        record(kind, user: user, step: step, trigger: trigger, variation: variation, appVersion: appVersion, experiment: carried,
               start: FirstStart(order: order, revision: event.revision.map(Int64.init)))
    }

    /// - Parameters:
    ///   - experiment: split by variation, the event's experiment: its number in ``experiments``
    ///     (`nil` when that table is full) and whether it is ``experimentKey``.
    ///   - start: the event as a start (its place and revision), read when it is a `Walkthrough Started`.
    private mutating func record(
        _ kind: Kind, user: Int, step: Int?, trigger: Int?, variation: Int?, appVersion: Int?,
        experiment: (number: Int?, isKey: Bool)?, start: FirstStart
    ) {
        let order = start.order
        walkthroughEvents += 1
        if user >= userStates.count { userStates += repeatElement(User(), count: user + 1 - userStates.count) }
        userStates[user].hasEvents = true
        switch kind {
        case .walkthroughStarted:
            userStates[user].started = true
            userStates[user].firstStart = FirstStart.earlier(userStates[user].firstStart, start)
        case .walkthroughCompleted: userStates[user].completed = true
        default: break
        }
        if let experiment {
            if let number = experiment.number { userStates[user].experiments |= 1 << UInt64(number) }
            if experiment.isKey {
                carriesExperimentKey = true
                userStates[user].carriesExperimentKey = true
            }
        }
        if let step {
            let number = UInt32(truncatingIfNeeded: step)
            noteSeen(step, at: order)
            stepMarks[UInt64(user) << 32 | UInt64(number), default: 0] |= kind.stepMark
            if kind == .hintShown, userStates[user].lastShown.map({ $0.order < order }) ?? true {
                userStates[user].lastShown = (order, number)
            }
            if let trigger {
                triggerMarks.insert(TriggerMark(
                    user: UInt32(truncatingIfNeeded: user), step: number, trigger: UInt32(truncatingIfNeeded: trigger),
                    skipped: kind == .hintSkipped))
            }
        }
        var state = User()
        if let variation { state.variation = (order, UInt32(truncatingIfNeeded: variation)) }
        if let appVersion { state.appVersion = (order, UInt32(truncatingIfNeeded: appVersion)) }
        if state.variation != nil || state.appVersion != nil { userStates[user].merge(state) }
    }

    /// Whether `user`'s events count: only when they have a `Walkthrough Started` (a user without
    /// one counts in no figure, only in ``WalkthroughReport/withoutStart``), and then as the scope
    /// takes their first one (``ReportScope/includes(firstStart:)``): carrying its revision, in its
    /// date range. Every event of such a user counts.
    func includes(user: Int) -> Bool {
        guard user < userStates.count, let start = userStates[user].firstStart else { return false }
        return scope.includes(firstStart: start)
    }

    /// Whether `user` is in the scope's revision, whatever its date range: every user without a
    /// revision; with one, those whose first `Walkthrough Started` carries it.
    func isInRevision(user: Int) -> Bool {
        scope.revision == nil || (user < userStates.count && scope.includesRevision(of: userStates[user].firstStart))
    }

    private mutating func noteSeen(_ step: Int, at order: EventOrder) {
        if step >= firstSeen.count { firstSeen += repeatElement(nil, count: step + 1 - firstSeen.count) }
        if let seen = firstSeen[step], seen <= order { return }
        firstSeen[step] = order
    }

    /// Adds `other`'s events to these, renumbering its users, steps, triggers, variations and app
    /// versions; `other` read the part of the input after this one.
    mutating func merge(_ other: WalkthroughCollector) {
        counts.merge(other.counts)
        walkthroughEvents += other.walkthroughEvents
        carriesExperimentKey = carriesExperimentKey || other.carriesExperimentKey
        // The other part's experiments keep their numbers while this one has fewer than
        // ``otherWalkthroughsKept``; beyond, a user's mark of one not numbered here is dropped, as `consume` drops it.
        var experimentMap: [Int?] = []
        for index in 0..<other.experiments.count {
            experimentMap.append(experiments.index(of: other.experiments.bytes(at: index), insert: experiments.count < Self.otherWalkthroughsKept))
        }
        for index in 0..<other.otherWalkthroughs.count where otherWalkthroughs.count < Self.otherWalkthroughsKept {
            _ = otherWalkthroughs.index(of: other.otherWalkthroughs.bytes(at: index))
        }
        func map(_ from: ByteStringTable, into table: inout ByteStringTable) -> [UInt32] {
            (0..<from.count).map { UInt32(truncatingIfNeeded: table.index(of: from.bytes(at: $0)) ?? 0) }
        }
        let userMap = map(other.users, into: &users)
        let stepMap = map(other.steps, into: &steps)
        let triggerMap = map(other.triggers, into: &triggers)
        let variationMap = map(other.variations, into: &variations)
        let appVersionMap = map(other.appVersions, into: &appVersions)
        if users.count > userStates.count { userStates += repeatElement(User(), count: users.count - userStates.count) }
        for (index, var state) in other.userStates.enumerated() {
            if let shown = state.lastShown { state.lastShown = (shown.order, stepMap[Int(shown.step)]) }
            if let found = state.variation { state.variation = (found.order, variationMap[Int(found.number)]) }
            if let found = state.viewed { state.viewed = (found.order, variationMap[Int(found.number)]) }
            if let found = state.appVersion { state.appVersion = (found.order, appVersionMap[Int(found.number)]) }
            var carried: UInt64 = 0
            for (number, mapped) in experimentMap.enumerated() where state.experiments >> UInt64(number) & 1 != 0 {
                if let mapped { carried |= 1 << UInt64(mapped) }
            }
            state.experiments = carried
            userStates[Int(userMap[index])].merge(state)
        }
        for (key, marks) in other.stepMarks {
            let user = UInt64(userMap[Int(key >> 32)]), step = UInt64(stepMap[Int(key & 0xFFFF_FFFF)])
            stepMarks[user << 32 | step, default: 0] |= marks
        }
        for mark in other.triggerMarks {
            triggerMarks.insert(TriggerMark(
                user: userMap[Int(mark.user)], step: stepMap[Int(mark.step)], trigger: triggerMap[Int(mark.trigger)],
                skipped: mark.skipped))
        }
        for (index, seen) in other.firstSeen.enumerated() {
            guard let seen else { continue }
            noteSeen(Int(stepMap[index]), at: seen)
        }
    }
}
