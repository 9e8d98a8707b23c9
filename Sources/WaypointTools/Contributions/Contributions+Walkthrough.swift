import Waypoint

extension Contributions {
    /// The walkthrough rows of `lines`: per user and walkthrough, the row over all of its events,
    /// computed by ``WalkthroughCollector`` over just those events as a report over them would,
    /// and, when the user's first `Walkthrough Started` of it carries a revision, the same row
    /// under that revision: the revision's report holds them with all of their events. A user
    /// without a `Walkthrough Started` contributes to no revision, and to the report over every
    /// revision only their count of users left out (``WalkthroughTotals/withoutStart``).
    static func walkthroughRows(lines: [ContributionLine]) -> [ContributionRow] {
        var rows: [ContributionRow] = []
        for user in ContributionLine.byUser(lines) {
            // Walkthroughs told apart by the bytes of their ids (``ExactID``). `Experiment Viewed`
            // is read with the walkthrough's events, for the variation it tells; a user with no
            // other event of the walkthrough has no row, as a report over the events counts them nowhere.
            var ids: [ExactID] = []
            var byID: [ExactID: [ContributionLine]] = [:]
            var withEvents: Set<ExactID> = []
            for line in user {
                guard let text = line.walkthroughID else { continue }
                let isEvent = WalkthroughCollector.Kind(line.event) != nil
                guard isEvent || line.event == EventName.experimentViewed.rawValue else { continue }
                let key = ExactID(text)
                if byID[key] == nil { ids.append(key) }
                byID[key, default: []].append(line)
                if isEvent { withEvents.insert(key) }
            }
            for key in ids where withEvents.contains(key) {
                let id = key.text
                let events = byID[key] ?? []
                guard let (all, revision) = walkthroughRow(id: id, lines: events.map(\.line)) else { continue }
                rows.append(all)
                if let revision { rows.append(all.ofRevision(revision)) }
            }
        }
        return rows
    }

    /// One user's row of walkthrough `id` over `lines`, all their events of it, and the revision
    /// of their first `Walkthrough Started` (`nil` when it carries none or there is none).
    private static func walkthroughRow(id: String, lines: [String]) -> (row: ContributionRow, revision: Int?)? {
        func collector(experiment: String?) -> WalkthroughCollector {
            let query = WalkthroughQuery(walkthroughID: id, groupByVariation: true, scope: ReportScope(experiment: experiment))
            var collector = WalkthroughCollector(query: query)
            collector.consume(lines: lines)
            return collector
        }
        let all = collector(experiment: nil)
        guard let state = all.userStates.first else { return nil }
        // Counted when they have a `Walkthrough Started`; otherwise a user with no other figure.
        let tally = all.tallies(counted: [all.includes(user: 0)], variationGroups: nil, appVersionGroups: nil).overall
        var totals = WalkthroughTotals()
        totals.users = 1
        totals.events = all.walkthroughEvents
        totals.started = tally.started
        totals.completed = tally.completed
        let triggerNames = (0..<all.triggers.count).map { all.triggers.string(at: $0) }
        for number in 0..<all.steps.count {
            var step = WalkthroughTotals.Step()
            step.shown = tally.shown[number]
            step.completed = tally.completedSteps[number]
            step.skipped = tally.skipped[number]
            step.targetNotFound = tally.targetNotFound[number]
            step.dropped = tally.dropped[number]
            for (key, users) in tally.completedBy where Int(key >> 32) == number { step.completedBy[ExactID(triggerNames[Int(key & 0xFFFF_FFFF)])] = users }
            for (key, users) in tally.skippedBy where Int(key >> 32) == number { step.skippedBy[ExactID(triggerNames[Int(key & 0xFFFF_FFFF)])] = users }
            if !step.isEmpty { totals.steps[ExactID(all.steps.string(at: number))] = step }
        }
        let experiments = (0..<all.experiments.count).map { all.experiments.string(at: $0) }.sorted()
        var variations: [String: String] = [:]
        for experiment in experiments {
            let split = collector(experiment: experiment)
            if let found = split.userStates.first?.reportedVariation { variations[experiment] = split.variations.string(at: Int(found.number)) }
        }
        let group = WalkthroughGroup(
            variation: state.reportedVariation.map { all.variations.string(at: Int($0.number)) }, variations: variations,
            experiments: experiments, appVersion: state.appVersion.map { all.appVersions.string(at: Int($0.number)) })
        let row = ContributionRow(
            kind: .walkthrough, subject: id, revision: nil, startMs: state.firstStart?.order.time, group: ContributionGroup.text(group),
            totals: .walkthrough(totals))
        return (row, state.firstStart?.revision.flatMap { Int(exactly: $0) })
    }
}
