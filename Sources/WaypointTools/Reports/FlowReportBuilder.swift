import Waypoint

/// Builds a ``FlowReport`` one user at a time, from each user's ``FlowRecord``s in event order.
struct FlowReportBuilder {
    /// The figures of one group of users, by step number.
    struct Tally {
        var started = 0
        var completed = 0
        var abandoned = 0
        var toComplete: [Int64] = []
        var viewed: [Int] = []
        var skipped: [Int] = []
        var dropped: [Int] = []
        var durations: [[Int64]] = []
        /// Users per (step << 32 | outcome).
        var outcomes: [UInt64: Int] = [:]
        /// Whether any user is in the group.
        var users = 0

        mutating func grow(to steps: Int) {
            guard viewed.count < steps else { return }
            let missing = steps - viewed.count
            viewed += repeatElement(0, count: missing)
            skipped += repeatElement(0, count: missing)
            dropped += repeatElement(0, count: missing)
            durations += repeatElement([], count: missing)
        }

        mutating func add(_ user: UserFigures) {
            users += 1
            if user.started { started += 1 }
            if user.completed { completed += 1 } else if user.abandoned { abandoned += 1 }
            if let time = user.msToComplete { toComplete.append(time) }
            for step in user.viewed { viewed[Int(step)] += 1 }
            for step in user.skipped { skipped[Int(step)] += 1 }
            for key in user.outcomes { outcomes[key, default: 0] += 1 }
            for (step, duration) in user.durations { durations[Int(step)].append(duration) }
            if !user.completed, let step = user.lastViewed { dropped[Int(step)] += 1 }
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
    }

    /// Where a step first appears: the earliest event that names it, in event order.
    private var firstSeen: [EventOrder?] = []
    private var overall = Tally()
    private var perVariation: [Tally] = []
    /// By app version number + 1 (0: none); empty until a user with an app version is added.
    private var perAppVersion: [Tally] = []
    private let groupByVariation: Bool
    // Per-step and per-outcome marks of the user being added, to count each user once.
    private var stamp: UInt32 = 0
    private var viewStamps: [UInt32] = []
    private var skipStamps: [UInt32] = []
    private var outcomeStamps: [UInt64: UInt32] = [:]

    init(groupByVariation: Bool) {
        self.groupByVariation = groupByVariation
    }

    /// Adds one user: `records` are all their events of the flow, sorted by ``FlowRecord/precedes(_:_:)``.
    mutating func add(_ records: UnsafeMutableBufferPointer<FlowRecord>, steps: Int) {
        grow(to: steps)
        stamp &+= 1
        if stamp == 0 {
            // After 2³² users the marks wrap around: start them afresh.
            for index in viewStamps.indices { viewStamps[index] = 0; skipStamps[index] = 0 }
            outcomeStamps.removeAll(keepingCapacity: true)
            stamp = 1
        }
        var user = UserFigures()
        var firstStart: Int64?
        var completions: [Int64] = []
        for record in records {
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
            case .stepCompleted:
                if record.outcome != FlowRecord.none {
                    let key = UInt64(step) << 32 | UInt64(record.outcome)
                    if outcomeStamps.updateValue(stamp, forKey: key) != stamp { user.outcomes.append(key) }
                }
                if record.duration != FlowRecord.noDuration { user.durations.append((step, record.duration)) }
            }
        }
        if user.completed, let start = firstStart, let end = completions.filter({ $0 >= start }).min() {
            user.msToComplete = end - start
        }
        if user.appVersion != 0, perAppVersion.isEmpty {
            // Every user added so far had no app version: together they are the "(none)" group.
            perAppVersion = [overall]
        }
        overall.add(user)
        if !perAppVersion.isEmpty {
            let group = Int(user.appVersion)
            while perAppVersion.count <= group { perAppVersion.append(Tally()) }
            perAppVersion[group].grow(to: steps)
            perAppVersion[group].add(user)
        }
        if groupByVariation {
            let group = Int(user.variation)
            while perVariation.count <= group { perVariation.append(Tally()) }
            perVariation[group].grow(to: steps)
            perVariation[group].add(user)
        }
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
    func report(
        flowID: String, steps: ByteStringTable, outcomes: ByteStringTable, variations: ByteStringTable,
        appVersions: ByteStringTable, declared: [String]?, invalidLines: Int, events: Int
    ) -> FlowReport {
        let order = StepOrder.entries(steps: steps, firstSeen: firstSeen, declared: declared)
        let outcomeNames = (0..<outcomes.count).map { outcomes.string(at: $0) }

        func figures(_ tally: Tally) -> FlowReport.Figures {
            var outcomesByStep: [Int: [String: Int]] = [:]
            for (key, users) in tally.outcomes {
                outcomesByStep[Int(key >> 32), default: [:]][outcomeNames[Int(key & 0xFFFF_FFFF)]] = users
            }
            let reported = order.map { entry -> FlowReport.Step in
                guard let number = entry.number, number < tally.viewed.count else {
                    return FlowReport.Step(stepID: entry.name, inDocument: entry.inDocument)
                }
                return FlowReport.Step(
                    stepID: entry.name, viewed: tally.viewed[number], skipped: tally.skipped[number],
                    droppedHere: tally.dropped[number], outcomes: outcomesByStep[number] ?? [:],
                    medianDurationMs: FunnelTally.median(tally.durations[number]), inDocument: entry.inDocument)
            }
            return FlowReport.Figures(
                started: tally.started, completed: tally.completed, abandoned: tally.abandoned,
                completionRate: tally.started == 0 ? 0 : Double(tally.completed) / Double(tally.started),
                medianMsToComplete: FunnelTally.median(tally.toComplete), steps: reported)
        }

        /// The figures of each group with users, by name: group 0 is `(none)`, group n is `names`' entry n − 1.
        func groups(_ tallies: [Tally], names: ByteStringTable) -> [String: FlowReport.Figures] {
            var groups: [String: FlowReport.Figures] = [:]
            for (index, tally) in tallies.enumerated() where tally.users > 0 {
                let name = index == 0 ? FunnelReport.noVariation : names.string(at: index - 1)
                groups[name] = figures(tally)
            }
            return groups
        }

        return FlowReport(
            flowID: flowID, overall: figures(overall),
            byVariation: groupByVariation ? groups(perVariation, names: variations) : nil,
            byAppVersion: perAppVersion.isEmpty ? nil : groups(perAppVersion, names: appVersions),
            invalidLines: invalidLines, events: events)
    }
}
