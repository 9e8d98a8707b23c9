import Waypoint

extension WalkthroughCollector {
    /// The figures of one group of users, by step number.
    struct Tally {
        var users = 0
        var started = 0
        var completed = 0
        var shown: [Int]
        var completedSteps: [Int]
        var skipped: [Int]
        var targetNotFound: [Int]
        var dropped: [Int]
        /// Users per `step << 32 | trigger`.
        var completedBy: [UInt64: Int] = [:]
        var skippedBy: [UInt64: Int] = [:]

        init(steps: Int) {
            shown = Array(repeating: 0, count: steps)
            completedSteps = shown
            skipped = shown
            targetNotFound = shown
            dropped = shown
        }
    }

    /// The report, once every event is read.
    ///
    /// - Parameter source: the file read, for the "no valid events" message.
    /// - Throws: ``ReportError`` when the input holds invalid lines and no valid event, or when no
    ///   event is of the walkthrough and the query has no document steps.
    func report(query: WalkthroughQuery, source: String?) throws(ReportError) -> WalkthroughReport {
        if let error = counts.noValidEventsError(source: source) { throw error }
        let others = (0..<otherWalkthroughs.count).map { otherWalkthroughs.string(at: $0) }
        // The refusals and whether app versions are listed read the users of the scope's revision,
        // whatever its date range (all users without one).
        let inRevision = (0..<userStates.count).map { isInRevision(user: $0) }
        var carriedMarks: UInt64 = 0
        var carriesKey = false
        for (user, state) in userStates.enumerated() where inRevision[user] {
            carriedMarks |= state.experiments
            carriesKey = carriesKey || state.carriesExperimentKey
        }
        let carried = groupByVariation
            ? (0..<experiments.count).filter { carriedMarks >> UInt64($0) & 1 != 0 }.map { experiments.string(at: $0) } : []
        try Self.check(
            query: query, hasEvents: walkthroughEvents > 0, otherWalkthroughs: others, events: counts.eventLines,
            carried: carried, carriesExperimentKey: carriesKey, hasRevisionEvents: inRevision.contains(true))
        // Only users with a `Walkthrough Started` count, and of them those the scope takes by their first one.
        let counted = (0..<userStates.count).map { includes(user: $0) }
        let withoutStart = query.scope.picksUsersByStart ? 0 : userStates.lazy.filter { $0.firstStart == nil && $0.hasEvents }.count
        let hasAppVersions = userStates.indices.contains { inRevision[$0] && userStates[$0].appVersion != nil }
        // The groups reported (ReportBounds): at most `namedGroups` of each kind by name, the rest `(other)`.
        var variationUsers = [Int](repeating: 0, count: variations.count + 1)
        var appVersionUsers = [Int](repeating: 0, count: appVersions.count + 1)
        for (user, state) in userStates.enumerated() where counted[user] {
            variationUsers[state.reportedVariation.map { Int($0.number) + 1 } ?? 0] += 1
            appVersionUsers[state.appVersion.map { Int($0.number) + 1 } ?? 0] += 1
        }
        let variationGroups = GroupBounds(users: variationUsers, names: variations)
        let appVersionGroups = GroupBounds(users: appVersionUsers, names: appVersions)
        let tallies = tallies(
            counted: counted, variationGroups: groupByVariation ? variationGroups : nil,
            appVersionGroups: hasAppVersions ? appVersionGroups : nil)
        return Self.assemble(
            query: query, overall: tallies.overall,
            byVariation: groupByVariation ? (tallies.perVariation, variationGroups) : nil,
            byAppVersion: hasAppVersions ? (tallies.perAppVersion, appVersionGroups) : nil,
            someExcluded: counted.contains(false),
            order: StepOrder.entries(steps: steps, firstSeen: firstSeen, declared: query.declaredSteps),
            stepCount: steps.count, triggerNames: (0..<triggers.count).map { triggers.string(at: $0) },
            withoutStart: withoutStart, invalidLines: counts.invalidLines, events: counts.eventLines)
    }

    /// Refuses a report the input cannot answer: no event of the walkthrough (without document
    /// steps), or, split by variation, several experiments and none chosen, or a chosen one that
    /// no event of the scope's revision carries (of the users whose first `Walkthrough Started`
    /// carries it, all their events).
    static func check(
        query: WalkthroughQuery, hasEvents: Bool, otherWalkthroughs: [String], events: Int, carried: [String],
        carriesExperimentKey: Bool, hasRevisionEvents: Bool
    ) throws(ReportError) {
        if !hasEvents, query.declaredSteps == nil {
            throw .noEventsOfWalkthrough(query.walkthroughID, otherWalkthroughs: otherWalkthroughs, events: events)
        }
        guard query.groupByVariation else { return }
        if let key = query.scope.experiment {
            if !carriesExperimentKey, hasRevisionEvents {
                throw .unknownExperiment(key, of: .walkthrough(query.walkthroughID), carried: carried)
            }
        } else if carried.count > 1 {
            throw .severalExperiments(carried, of: .walkthrough(query.walkthroughID))
        }
    }

    /// The figures of the users `counted` says count: everyone's, and those of each reported
    /// variation and app version group (none without the groups).
    func tallies(
        counted: [Bool], variationGroups: GroupBounds?, appVersionGroups: GroupBounds?
    ) -> (overall: Tally, perVariation: [Tally], perAppVersion: [Tally]) {
        let stepCount = steps.count
        var overall = Tally(steps: stepCount)
        var perVariation = variationGroups.map { Array(repeating: Tally(steps: stepCount), count: $0.names.count) } ?? []
        var perAppVersion = appVersionGroups.map { Array(repeating: Tally(steps: stepCount), count: $0.names.count) } ?? []

        /// Applies `change` to every group `user` is in: everyone, their variation, their app version.
        func add(_ user: Int, _ change: (inout Tally) -> Void) {
            change(&overall)
            let state = userStates[user]
            if let variationGroups { change(&perVariation[variationGroups.slots[state.reportedVariation.map { Int($0.number) + 1 } ?? 0]]) }
            if let appVersionGroups { change(&perAppVersion[appVersionGroups.slots[state.appVersion.map { Int($0.number) + 1 } ?? 0]]) }
        }

        for (user, state) in userStates.enumerated() where counted[user] {
            add(user) { tally in
                tally.users += 1
                if state.started { tally.started += 1 }
                if state.completed {
                    tally.completed += 1
                } else if let last = state.lastShown {
                    tally.dropped[Int(last.step)] += 1
                }
            }
        }
        for (key, marks) in stepMarks {
            let step = Int(key & 0xFFFF_FFFF)
            guard counted[Int(key >> 32)] else { continue }
            add(Int(key >> 32)) { tally in
                if marks & StepMark.shown != 0 { tally.shown[step] += 1 }
                if marks & StepMark.completed != 0 { tally.completedSteps[step] += 1 }
                if marks & StepMark.skipped != 0 { tally.skipped[step] += 1 }
                if marks & StepMark.targetNotFound != 0 { tally.targetNotFound[step] += 1 }
            }
        }
        for mark in triggerMarks {
            let key = UInt64(mark.step) << 32 | UInt64(mark.trigger)
            guard counted[Int(mark.user)] else { continue }
            add(Int(mark.user)) { tally in
                if mark.skipped { tally.skippedBy[key, default: 0] += 1 } else { tally.completedBy[key, default: 0] += 1 }
            }
        }
        return (overall, perVariation, perAppVersion)
    }

    /// The report from the figures of its groups: everyone's, and with their bounds, each
    /// reported variation's and app version's (by reported group number).
    ///
    /// - Parameters:
    ///   - someExcluded: whether the scope, or a missing `Walkthrough Started`, left some user out
    ///     (then everyone's figures, like a group's, list the undeclared steps only where counted
    ///     users reached them).
    ///   - order: the steps to list; their numbers index the tallies' steps.
    ///   - triggerNames: by trigger number.
    ///   - withoutStart: users left out for having no `Walkthrough Started`.
    static func assemble(
        query: WalkthroughQuery, overall: Tally, byVariation: ([Tally], GroupBounds)?, byAppVersion: ([Tally], GroupBounds)?,
        someExcluded: Bool, order: [StepOrder.Entry], stepCount: Int, triggerNames: [String], withoutStart: Int, invalidLines: Int,
        events: Int
    ) -> WalkthroughReport {
        func byStep(_ users: [UInt64: Int]) -> [Int: [String: Int]] {
            var split: [Int: [String: Int]] = [:]
            // Triggers are numbered by their bytes; two that differ only in normalisation are one key of
            // the report's JSON object (a `String` key), which sums them, whatever the order they come in.
            for (key, count) in users { split[Int(key >> 32), default: [:]][triggerNames[Int(key & 0xFFFF_FFFF)], default: 0] += count }
            return split
        }
        /// Everyone's figures list every step; a group's, the declared steps and the others its users reached.
        func figures(_ tally: Tally, isGroup: Bool = false) -> WalkthroughReport.Figures {
            let completedBy = byStep(tally.completedBy), skippedBy = byStep(tally.skippedBy)
            let reported = order.compactMap { entry -> WalkthroughReport.Step? in
                guard let number = entry.number, number < stepCount else {
                    return isGroup && entry.inDocument != true ? nil : WalkthroughReport.Step(stepID: entry.name, inDocument: entry.inDocument)
                }
                // A group (and, with a date range, everyone) lists the steps not declared only where its users reached them.
                if isGroup || someExcluded, entry.inDocument != true, tally.shown[number] == 0, tally.completedSteps[number] == 0, tally.skipped[number] == 0,
                   tally.targetNotFound[number] == 0, tally.dropped[number] == 0, completedBy[number] == nil, skippedBy[number] == nil {
                    return nil
                }
                return WalkthroughReport.Step(
                    stepID: entry.name, shown: tally.shown[number], completed: tally.completedSteps[number],
                    completedBy: completedBy[number] ?? [:], skipped: tally.skipped[number],
                    skippedBy: skippedBy[number] ?? [:], targetNotFound: tally.targetNotFound[number],
                    droppedHere: tally.dropped[number], inDocument: entry.inDocument)
            }
            return WalkthroughReport.Figures(
                started: tally.started, completed: tally.completed,
                completionRate: tally.started == 0 ? 0 : Double(tally.completed) / Double(tally.started), steps: reported)
        }
        func groups(_ tallies: [Tally], bounds: GroupBounds) -> [String: WalkthroughReport.Figures] {
            var groups: [String: WalkthroughReport.Figures] = [:]
            // In byte order: of two names that differ only in normalisation, one key of the JSON
            // object, the same one holds whichever way the users were read.
            let numbered = tallies.indices.filter { tallies[$0].users > 0 }.sorted { ExactID(bounds.names[$0]) < ExactID(bounds.names[$1]) }
            for index in numbered {
                groups[bounds.names[index]] = figures(tallies[index], isGroup: true)
            }
            return groups
        }
        let folded = FoldedValues(variations: byVariation?.1.folded ?? 0, appVersions: byAppVersion?.1.folded ?? 0)
        return WalkthroughReport(
            walkthroughID: query.walkthroughID, overall: figures(overall),
            byVariation: byVariation.map { groups($0.0, bounds: $0.1) },
            byAppVersion: byAppVersion.map { groups($0.0, bounds: $0.1) },
            folded: folded.isEmpty ? nil : folded, scope: query.scope.isEmpty ? nil : query.scope,
            withoutStart: withoutStart, invalidLines: invalidLines, events: events)
    }
}
