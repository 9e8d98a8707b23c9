import Waypoint

/// Builds a ``FlowReport`` one user at a time, from each user's ``FlowRecord``s in event order.
struct FlowReportBuilder {
    /// The figures of one group of users, by step number.
    ///
    /// Everyone's tally is dense (a slot per step number); a group's is sparse, with slots only for
    /// the steps its users reached, so that many groups of few users each cost what their events do.
    struct Tally {
        var started = 0
        var completed = 0
        var abandoned = 0
        var toComplete = DurationValues()
        var viewed: [Int] = []
        var skipped: [Int] = []
        var dropped: [Int] = []
        var durations: [DurationValues] = []
        /// Users per (step << 32 | outcome).
        var outcomes: [UInt64: Int] = [:]
        /// Whether any user is in the group.
        var users = 0
        /// For a sparse tally, the slot of each step number it has; `nil` for a dense one.
        private(set) var slots: [UInt32: Int]?

        init(sparse: Bool = false) {
            slots = sparse ? [:] : nil
        }

        mutating func grow(to steps: Int) {
            guard slots == nil, viewed.count < steps else { return }
            let missing = steps - viewed.count
            viewed += repeatElement(0, count: missing)
            skipped += repeatElement(0, count: missing)
            dropped += repeatElement(0, count: missing)
            durations += repeatElement(DurationValues(), count: missing)
        }

        /// The slot of `step`, made when a sparse tally has none.
        mutating func slot(_ step: UInt32) -> Int {
            guard slots != nil else { return Int(step) }
            if let slot = slots?[step] { return slot }
            let slot = viewed.count
            slots?[step] = slot
            viewed.append(0)
            skipped.append(0)
            dropped.append(0)
            durations.append(DurationValues())
            return slot
        }

        /// The slot of `step`, if the tally has one.
        func existingSlot(_ step: Int) -> Int? {
            guard let slots else { return step < viewed.count ? step : nil }
            return slots[UInt32(truncatingIfNeeded: step)]
        }

        mutating func add(_ user: UserFigures) {
            users += 1
            if user.started { started += 1 }
            if user.completed { completed += 1 } else if user.abandoned { abandoned += 1 }
            if let time = user.msToComplete { toComplete.append(time) }
            for step in user.viewed { viewed[slot(step)] += 1 }
            for step in user.skipped { skipped[slot(step)] += 1 }
            for key in user.outcomes {
                outcomes[key, default: 0] += 1
                _ = slot(UInt32(truncatingIfNeeded: key >> 32))
            }
            for (step, duration) in user.durations { durations[slot(step)].append(duration) }
            if !user.completed, let step = user.lastViewed { dropped[slot(step)] += 1 }
        }

        /// Moves the figures of the `folded` step numbers into the row `other`, summed: its views,
        /// skips and outcomes are sums over the folded ids (a user who viewed two of them counts
        /// twice), its drop-offs and durations add up as they do anywhere (a user drops off at one step).
        mutating func fold(_ folded: [Bool], into other: UInt32) {
            func isFolded(_ step: UInt32) -> Bool { Int(step) < folded.count && folded[Int(step)] }
            var viewedThere = 0, skippedThere = 0, droppedThere = 0
            var durationsThere = DurationValues()
            let numbers = slots.map { $0.map { ($0.key, $0.value) } } ?? viewed.indices.map { (UInt32($0), $0) }
            for (step, slot) in numbers where isFolded(step) {
                viewedThere += viewed[slot]
                skippedThere += skipped[slot]
                droppedThere += dropped[slot]
                durationsThere.add(durations[slot])
                viewed[slot] = 0
                skipped[slot] = 0
                dropped[slot] = 0
                durations[slot] = DurationValues()
            }
            let foldedOutcomes = outcomes.filter { isFolded(UInt32(truncatingIfNeeded: $0.key >> 32)) }
            for (key, users) in foldedOutcomes {
                outcomes[key] = nil
                outcomes[UInt64(other) << 32 | (key & 0xFFFF_FFFF), default: 0] += users
            }
            guard viewedThere > 0 || skippedThere > 0 || droppedThere > 0 || !durationsThere.isEmpty || !foldedOutcomes.isEmpty
            else { return }
            let to = slot(other)
            viewed[to] += viewedThere
            skipped[to] += skippedThere
            dropped[to] += droppedThere
            durations[to].add(durationsThere)
        }

        /// Adds another group's users (each user is in one group, so the sums count users).
        mutating func merge(_ other: Tally) {
            users += other.users
            started += other.started
            completed += other.completed
            abandoned += other.abandoned
            toComplete.add(other.toComplete)
            for (key, count) in other.outcomes {
                outcomes[key, default: 0] += count
                _ = slot(UInt32(truncatingIfNeeded: key >> 32))
            }
            let steps = other.slots.map { $0.map { ($0.key, $0.value) } } ?? other.viewed.indices.map { (UInt32($0), $0) }
            for (step, from) in steps {
                guard other.viewed[from] != 0 || other.skipped[from] != 0 || other.dropped[from] != 0 || !other.durations[from].isEmpty
                else { continue }
                let to = slot(step)
                viewed[to] += other.viewed[from]
                skipped[to] += other.skipped[from]
                dropped[to] += other.dropped[from]
                durations[to].add(other.durations[from])
            }
        }
    }

    /// One user's contribution.
    struct UserFigures {
        var started = false
        var completed = false
        var abandoned = false
        var msToComplete: Int64?
        var viewed: [UInt32] = []
        var skipped: [UInt32] = []
        var outcomes: [UInt64] = []
        var durations: [(UInt32, Int64)] = []
        var lastViewed: UInt32?
        var variation: UInt16 = 0
        var appVersion: UInt16 = 0
        var revision: UInt16 = 0
    }

    /// With the document's steps, where the collector numbers the ids it does not declare.
    struct UndeclaredSteps {
        /// The first number of an undeclared id tracked on its own (``FunnelCollector/firstTrackedStep``).
        let firstTracked: UInt32
        /// The number of ``ReportBounds/otherSteps``.
        let other: UInt32

        func isUndeclared(_ step: UInt32) -> Bool { step >= firstTracked || step == other }
    }

    private let undeclaredSteps: UndeclaredSteps?

    /// Where a step first appears: the earliest event that names it, in event order.
    var firstSeen: [EventOrder?] = []
    var overall = Tally()
    var perVariation: [Tally] = []
    /// By app version number + 1 (0: none); empty until a user with an app version is added.
    var perAppVersion: [Tally] = []
    /// By revision number + 1 (0: none); empty until a user with a revision is added.
    var perRevision: [Tally] = []
    /// By value number + 1 of the query's split attribute (0: none; ``FunnelQuery/splitAttribute``);
    /// empty until a user with a value is added.
    var perAttribute: [Tally] = []

    /// Which of the builder's tallies a figure comes from: ``overall``, or one of the splits
    /// (``perVariation``, ``perAppVersion``, ``perRevision``, ``perAttribute``), where
    /// ``withoutVariation`` is the users in no variation.
    enum Tallies: Hashable, Sendable {
        case overall, variation, withoutVariation, appVersion, revision, attribute
    }
    /// Users with events of the flow but no `Flow Started` of it: they count in no figure
    /// (``FlowReport/withoutStart``).
    var withoutStart = 0
    private let groupByVariation: Bool
    // Per-step and per-outcome marks of the user being added, to count each user once.
    private var stamp: UInt32 = 0
    private var viewStamps: [UInt32] = []
    private var skipStamps: [UInt32] = []
    private var outcomeStamps: [UInt64: UInt32] = [:]

    /// - Parameter undeclaredSteps: with the document's steps, how the collector numbers the others.
    init(groupByVariation: Bool, undeclaredSteps: UndeclaredSteps? = nil) {
        self.groupByVariation = groupByVariation
        self.undeclaredSteps = undeclaredSteps
    }

    /// Adds one user: `records` are all their events of the flow, sorted by ``FlowRecord/precedes(_:_:)``.
    ///
    /// A user without a `Flow Started` among them counts in no figure, only in ``withoutStart``:
    /// so that in every group `started` = `completed` + `abandoned` + `inProgress`.
    ///
    /// - Parameter attribute: the user's group of the query's split attribute (0: none).
    /// - Returns: the user's variation group (0: none), or `nil` when they count in no figure.
    @discardableResult
    mutating func add(_ records: UnsafeMutableBufferPointer<FlowRecord>, steps: Int, attribute: UInt16 = 0) -> UInt16? {
        // The revision of the run the user started first: their first `Flow Started` (records are in report order).
        guard let start = records.first(where: { $0.kind == .flowStarted }) else {
            // `Experiment Viewed` alone is no event of the flow's figures.
            if records.contains(where: { $0.kind != .experimentViewed }) { withoutStart += 1 }
            return nil
        }
        grow(to: steps)
        stamp &+= 1
        if stamp == 0 {
            // After 2³² users the marks wrap around: start them afresh.
            for index in viewStamps.indices { viewStamps[index] = 0; skipStamps[index] = 0 }
            outcomeStamps.removeAll(keepingCapacity: true)
            stamp = 1
        }
        var user = UserFigures()
        user.revision = start.revision
        var firstStart: Int64?
        var completions: [Int64] = []
        // A user's variation is that of their first `Experiment Viewed` of the split's experiment,
        // else that of their earliest event carrying it (events sent before that event existed).
        var viewedVariation: UInt16 = 0
        for record in records {
            if record.kind == .experimentViewed {
                if viewedVariation == 0 { viewedVariation = record.variation }
                continue
            }
            if user.variation == 0, record.variation != 0 { user.variation = record.variation }
            // Where the user was when they stopped: the last event with an app version wins.
            if record.appVersion != 0 { user.appVersion = record.appVersion }
            let step = record.step
            if record.kind.isAboutStep { noteFirstSeen(record) }
            switch record.kind {
            case .flowStarted:
                user.started = true
                if firstStart == nil { firstStart = record.time }
            case .flowCompleted:
                user.completed = true
                completions.append(record.time)
            case .flowAbandoned:
                user.abandoned = true
            case .stepViewed:
                user.lastViewed = step
                if viewStamps[Int(step)] != stamp {
                    viewStamps[Int(step)] = stamp
                    user.viewed.append(step)
                }
            case .stepSkipped:
                if skipStamps[Int(step)] != stamp {
                    skipStamps[Int(step)] = stamp
                    user.skipped.append(step)
                }
            case .experimentViewed:
                continue
            case .stepCompleted:
                if record.outcome != FlowRecord.none {
                    let key = UInt64(step) << 32 | UInt64(record.outcome)
                    if outcomeStamps.updateValue(stamp, forKey: key) != stamp { user.outcomes.append(key) }
                }
                if record.duration != FlowRecord.noDuration { user.durations.append((step, record.duration)) }
            }
        }
        if viewedVariation != 0 { user.variation = viewedVariation }
        if user.completed, let start = firstStart, let end = completions.filter({ $0 >= start }).min() {
            user.msToComplete = end - start
        }
        Self.startGroups(&perAppVersion, with: user.appVersion, before: overall)
        Self.startGroups(&perRevision, with: user.revision, before: overall)
        Self.startGroups(&perAttribute, with: attribute, before: overall)
        overall.add(user)
        Self.add(user, to: &perAppVersion, group: user.appVersion, steps: steps)
        Self.add(user, to: &perRevision, group: user.revision, steps: steps)
        Self.add(user, to: &perAttribute, group: attribute, steps: steps)
        if groupByVariation {
            let group = Int(user.variation)
            while perVariation.count <= group { perVariation.append(Tally(sparse: true)) }
            perVariation[group].grow(to: steps)
            perVariation[group].add(user)
        }
        return user.variation
    }

    /// The undeclared ids tracked on their own that are folded into ``ReportBounds/otherSteps``
    /// (by step number): all but the ``ReportBounds/listedSteps`` with the most viewers (then by
    /// id), and any id another part of the input folded as it was read. Also how many of them
    /// `foldedSteps` does not hold already.
    private func foldedTrackedSteps(steps: ByteStringTable, foldedSteps: ByteStringTable, _ undeclared: UndeclaredSteps) -> (folded: [Bool], added: Int) {
        var folded = [Bool](repeating: false, count: steps.count)
        var alreadyFolded = Set<ExactID>()
        for index in 0..<foldedSteps.count { alreadyFolded.insert(ExactID(foldedSteps.string(at: index))) }
        var candidates: [(number: Int, name: String)] = []
        let seen = min(steps.count, firstSeen.count, overall.viewed.count)
        for number in Int(undeclared.firstTracked)..<max(seen, Int(undeclared.firstTracked)) where firstSeen[number] != nil {
            let name = steps.string(at: number)
            if alreadyFolded.contains(ExactID(name)) {
                folded[number] = true
            } else {
                candidates.append((number, name))
            }
        }
        candidates.sort { lhs, rhs in
            let left = overall.viewed[lhs.number], right = overall.viewed[rhs.number]
            return left != right ? left > right : ExactID(lhs.name) < ExactID(rhs.name)
        }
        let dropped = candidates.dropFirst(ReportBounds.listedSteps)
        for candidate in dropped { folded[candidate.number] = true }
        return (folded, dropped.count)
    }

    /// Starts lazy groups (app versions, revisions) at the first user who has one: every user added
    /// before had none (`everyone`), so together they are the `(none)` group.
    private static func startGroups(_ groups: inout [Tally], with group: UInt16, before everyone: Tally) {
        guard group != 0, groups.isEmpty else { return }
        var none = Tally(sparse: true)
        none.merge(everyone)
        groups = [none]
    }

    /// Adds `user` to group `group` (0: none) of lazy groups that have started.
    private static func add(_ user: UserFigures, to groups: inout [Tally], group: UInt16, steps: Int) {
        guard !groups.isEmpty else { return }
        let group = Int(group)
        while groups.count <= group { groups.append(Tally(sparse: true)) }
        groups[group].grow(to: steps)
        groups[group].add(user)
    }

    private mutating func grow(to steps: Int) {
        guard viewStamps.count < steps else { return }
        let missing = steps - viewStamps.count
        viewStamps += repeatElement(0, count: missing)
        skipStamps += repeatElement(0, count: missing)
        firstSeen += repeatElement(nil, count: missing)
        overall.grow(to: steps)
    }

    private mutating func noteFirstSeen(_ record: FlowRecord) {
        let step = Int(record.step)
        let order = EventOrder(time: record.time, stepIndex: record.stepIndex, sequence: record.sequence)
        if let seen = firstSeen[step], seen <= order { return }
        firstSeen[step] = order
    }

    /// The finished report.
    ///
    /// - Parameters:
    ///   - steps: the collector's step table.
    ///   - declared: the document's step ids in order, or `nil`.
    ///   - variationsDeclared: whether the variations table holds only the document's variations
    ///     and `(other)` (otherwise the largest groups are named, ``ReportBounds``).
    ///   - folded: the values the collector folded already.
    ///   - foldedSteps: the undeclared step ids the collector folded as it read them.
    ///   - attribute: the query's split attribute and its values' table (``perAttribute``), if any.
    ///   - medianPages: given, once the report is built, the pages of durations its medians need
    ///     that are known only by their page (``DurationHistogram/medianPages``), by the tallies
    ///     whose medians need them (``Tallies``); each such median is nil.
    func report(
        flowID: String, steps: ByteStringTable, outcomes: ByteStringTable, variations: ByteStringTable,
        appVersions: ByteStringTable, revisions: ByteStringTable, scope: ReportScope, declared: [String]?,
        variationsDeclared: Bool, folded: FoldedValues, foldedSteps: ByteStringTable = ByteStringTable(capacity: 1),
        attribute: (dimension: ReportDimension, values: ByteStringTable)? = nil,
        invalidLines: Int, events: Int, medianPages: (([Tallies: Set<Int32>]) -> Void)? = nil
    ) -> FlowReport {
        var neededPages: [Tallies: Set<Int32>] = [:]
        defer { medianPages?(neededPages.filter { !$0.value.isEmpty }) }
        var order = StepOrder.entries(steps: steps, firstSeen: firstSeen, declared: declared)
        let outcomeNames = (0..<outcomes.count).map { outcomes.string(at: $0) }
        var folded = folded
        var overall = self.overall, perVariation = self.perVariation, perAppVersion = self.perAppVersion
        var perRevision = self.perRevision, perAttribute = self.perAttribute
        if let undeclaredSteps {
            // The undeclared ids beyond the listed ones join the `(other steps)` row, in every group alike.
            let (isFolded, added) = foldedTrackedSteps(steps: steps, foldedSteps: foldedSteps, undeclaredSteps)
            folded.steps = foldedSteps.count + added
            let other = undeclaredSteps.other
            func foldsInto(_ step: UInt32) -> Bool { Int(step) < isFolded.count && isFolded[Int(step)] }
            overall.fold(isFolded, into: other)
            for index in perVariation.indices { perVariation[index].fold(isFolded, into: other) }
            for index in perAppVersion.indices { perAppVersion[index].fold(isFolded, into: other) }
            for index in perRevision.indices { perRevision[index].fold(isFolded, into: other) }
            for index in perAttribute.indices { perAttribute[index].fold(isFolded, into: other) }
            // Listed: the declared steps, the kept undeclared ids by id, then `(other steps)` when it has users.
            order.removeAll { entry in entry.number.map { foldsInto(UInt32($0)) || $0 == Int(other) } ?? false }
            if (Int(other) < firstSeen.count && firstSeen[Int(other)] != nil) || added > 0 {
                order.append(StepOrder.Entry(name: ReportBounds.otherSteps, number: Int(other), inDocument: false))
            }
        }

        /// A group's figures: everyone's list every step in `order`; a group's, the declared steps
        /// and the other steps its users reached.
        func figures(_ tally: Tally, of tallies: Tallies) -> FlowReport.Figures {
            let isGroup = tallies != .overall
            var outcomesByStep: [Int: [String: Int]] = [:]
            for (key, users) in tally.outcomes {
                // Outcomes are numbered by their bytes; two that differ only in normalisation are one key
                // of the report's JSON object (a `String` key), which sums them, whatever the order they come in.
                outcomesByStep[Int(key >> 32), default: [:]][outcomeNames[Int(key & 0xFFFF_FFFF)], default: 0] += users
            }
            var reported: [FlowReport.Step] = []
            for entry in order {
                guard let number = entry.number, let slot = tally.existingSlot(number) else {
                    if !isGroup || entry.inDocument == true { reported.append(FlowReport.Step(stepID: entry.name, inDocument: entry.inDocument)) }
                    continue
                }
                reported.append(FlowReport.Step(
                    stepID: entry.name, viewed: tally.viewed[slot], skipped: tally.skipped[slot],
                    droppedHere: tally.dropped[slot], outcomes: outcomesByStep[number] ?? [:],
                    medianDurationMs: tally.durations[slot].median, inDocument: entry.inDocument))
                neededPages[tallies, default: []].formUnion(tally.durations[slot].medianPages)
            }
            neededPages[tallies, default: []].formUnion(tally.toComplete.medianPages)
            return FlowReport.Figures(
                started: tally.started, completed: tally.completed, abandoned: tally.abandoned,
                completionRate: tally.started == 0 ? 0 : Double(tally.completed) / Double(tally.started),
                medianMsToComplete: tally.toComplete.median, steps: reported)
        }

        /// The figures of each group with users, by name: group 0 is `(none)`, group n is `names`'
        /// entry n − 1. Unless `allNamed`, only the ``ReportBounds/namedGroups`` groups with
        /// the most users (then by name) keep their names; the others are merged into `(other)`,
        /// and how many is returned.
        func groups(
            _ tallies: [Tally], of kind: Tallies, names: ByteStringTable, allNamed: Bool
        ) -> (groups: [String: FlowReport.Figures], folded: Int) {
            var kept: [(name: String, tally: Tally, isNone: Bool)] = []
            var candidates: [(name: String, index: Int)] = []
            for (index, tally) in tallies.enumerated() where tally.users > 0 {
                let name = index == 0 ? FunnelReport.noVariation : names.string(at: index - 1)
                if allNamed || index == 0 {
                    kept.append((name, tally, index == 0))
                } else {
                    candidates.append((name, index))
                }
            }
            candidates.sort { lhs, rhs in
                let left = tallies[lhs.index].users, right = tallies[rhs.index].users
                return left != right ? left > right : ExactID(lhs.name) < ExactID(rhs.name)
            }
            var other = Tally(sparse: true)
            var foldedCount = 0
            for (rank, candidate) in candidates.enumerated() {
                if rank < ReportBounds.namedGroups, candidate.name != ReportBounds.otherGroup {
                    kept.append((candidate.name, tallies[candidate.index], false))
                } else {
                    other.merge(tallies[candidate.index])
                    if candidate.name != ReportBounds.otherGroup { foldedCount += 1 }
                }
            }
            var groups: [String: FlowReport.Figures] = [:]
            // In byte order: of two names that differ only in normalisation, one key of the JSON
            // object, the same one holds whichever way the users were read.
            for (name, tally, isNone) in kept.sorted(by: { ExactID($0.name) < ExactID($1.name) }) {
                if name == ReportBounds.otherGroup {
                    other.merge(tally)
                } else {
                    groups[name] = figures(tally, of: isNone && kind == .variation ? .withoutVariation : kind)
                }
            }
            if other.users > 0 { groups[ReportBounds.otherGroup] = figures(other, of: kind) }
            return (groups, foldedCount)
        }

        var byVariation: [String: FlowReport.Figures]?
        if groupByVariation {
            let grouped = groups(perVariation, of: .variation, names: variations, allNamed: variationsDeclared)
            byVariation = grouped.groups
            folded.variations += grouped.folded
        }
        var byAppVersion: [String: FlowReport.Figures]?
        if !perAppVersion.isEmpty {
            let grouped = groups(perAppVersion, of: .appVersion, names: appVersions, allNamed: false)
            byAppVersion = grouped.groups
            folded.appVersions += grouped.folded
        }
        var byRevision: [String: FlowReport.Figures]?
        // Scoped to one revision, every user started on it: a split would repeat the report.
        if !perRevision.isEmpty, scope.revision == nil {
            let grouped = groups(perRevision, of: .revision, names: revisions, allNamed: false)
            byRevision = grouped.groups
            folded.revisions += grouped.folded
        }
        var report = FlowReport(
            flowID: flowID, overall: figures(overall, of: .overall), byVariation: byVariation, byAppVersion: byAppVersion,
            byRevision: byRevision, scope: scope.isEmpty ? nil : scope,
            withoutStart: withoutStart, invalidLines: invalidLines, events: events)
        if let attribute {
            // Given when asked for, even when no user has a value: every user is then `(none)`.
            var everyone = Tally(sparse: true)
            everyone.merge(overall)
            let grouped = perAttribute.isEmpty
                ? groups([everyone], of: .overall, names: attribute.values, allNamed: false)
                : groups(perAttribute, of: .attribute, names: attribute.values, allNamed: false)
            report.setGroups(grouped.groups, of: attribute.dimension)
            folded.add(grouped.folded, of: attribute.dimension)
        }
        report.folded = folded.isEmpty ? nil : folded
        return report
    }
}
