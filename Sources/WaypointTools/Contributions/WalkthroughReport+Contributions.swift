extension WalkthroughReport {
    /// The walkthrough report of `query` from contribution rows: equal, byte for byte, to the
    /// report ``compute(file:query:threads:progress:)`` gives over the events the rows were made
    /// from (docs/ARCHITECTURE.md, "Reports at scale").
    ///
    /// The rows' sums are turned back into the figures the report over events sums, and the one
    /// code that assembles that report assembles this one. Without document steps
    /// (``WalkthroughQuery/declaredSteps``), steps are listed by id: the order of first appearance
    /// is not a sum. Nor do rows say whether other revisions have events: with a revision and no
    /// document steps, a walkthrough without rows of that revision is refused as one without events.
    ///
    /// - Parameters:
    ///   - rows: the rows of the query's walkthrough and scope: of the scope's revision (`nil` rows
    ///     without one) and, with a date range, of the users who started in it. Summed rows and
    ///     single users' rows may be mixed; rows of another kind, walkthrough or revision are not
    ///     read.
    ///   - events: the report's `events` (every event of the environment, as in its export).
    ///   - otherWalkthroughs: the walkthroughs with events, named when this one has none.
    ///   - groupsOutsideRange: with a date range, the groups of the scope revision's rows of users
    ///     who started outside it: a report split by variation refuses several experiments, or an
    ///     unknown one, over all of the revision's users, and lists app versions when any of them
    ///     has one, as over a file.
    /// - Throws: ``ReportError`` as ``compute(file:query:threads:progress:)`` does, or with the
    ///   ``ContributionError`` text when a row's group or totals are not ones this version writes.
    public static func compute(
        contributions rows: some Sequence<ContributionRow>, query: WalkthroughQuery, events: Int, otherWalkthroughs: [String] = [],
        groupsOutsideRange: Set<String> = []
    ) throws(ReportError) -> WalkthroughReport {
        // Subjects and groups compared by their bytes (``ExactID``), as the collector and the stores compare them.
        let subject = ExactID(query.walkthroughID)
        var sums: [ExactID: WalkthroughTotals] = [:]
        for row in rows where row.kind == .walkthrough && ExactID(row.subject) == subject && row.revision == query.scope.revision {
            guard case .walkthrough(let totals) = row.totals else { throw .damagedContributions(.kindMismatch(.walkthrough, row.totals.kind)) }
            sums[ExactID(row.group), default: WalkthroughTotals()].add(totals)
        }
        sums = sums.filter { !$0.value.isEmpty }
        var groups: [(group: WalkthroughGroup, totals: WalkthroughTotals)] = []
        // The users left out for having no `Walkthrough Started`: their groups still say which
        // experiments and app versions the scope's users carry, as over events.
        var withoutStart = 0
        for key in sums.keys.sorted() {
            var totals = sums[key]!
            withoutStart += totals.withoutStart
            totals.users = totals.started
            groups.append((try ContributionGroup.reportRead(WalkthroughGroup.self, from: key.text, kind: .walkthrough), totals))
        }
        var outside: [WalkthroughGroup] = []
        for text in groupsOutsideRange.sorted() { outside.append(try ContributionGroup.reportRead(WalkthroughGroup.self, from: text, kind: .walkthrough)) }
        let everyGroup = groups.map(\.group) + outside
        let carried = Set(everyGroup.flatMap(\.experiments).map { ExactID($0) }).sorted().map(\.text)
        try WalkthroughCollector.check(
            query: query, hasEvents: !everyGroup.isEmpty, otherWalkthroughs: otherWalkthroughs, events: events, carried: carried,
            carriesExperimentKey: query.scope.experiment.map { key in carried.contains { ExactID($0) == ExactID(key) } } ?? false,
            hasRevisionEvents: !everyGroup.isEmpty)

        var overall = WalkthroughTotals()
        for (_, totals) in groups { overall.add(totals) }
        // Steps and triggers numbered by id: every step listed has a figure, so none is "seen" without one.
        let stepIDs = overall.steps.keys.sorted()
        var steps = ByteStringTable(capacity: max(stepIDs.count, 1))
        for id in stepIDs { _ = steps.index(of: Array(id.text.utf8)) }
        let firstSeen = stepIDs.indices.map { Optional(EventOrder(time: 0, stepIndex: 0, sequence: Int64($0))) }
        let triggerNames = Set(overall.steps.values.flatMap { Array($0.completedBy.keys) + Array($0.skippedBy.keys) }).sorted()
        let triggerNumbers = Dictionary(uniqueKeysWithValues: triggerNames.enumerated().map { ($1, $0) })
        func tally(_ totals: WalkthroughTotals) -> WalkthroughCollector.Tally {
            var tally = WalkthroughCollector.Tally(steps: stepIDs.count)
            tally.users = totals.users
            tally.started = totals.started
            tally.completed = totals.completed
            for (number, id) in stepIDs.enumerated() {
                guard let step = totals.steps[id] else { continue }
                tally.shown[number] = step.shown
                tally.completedSteps[number] = step.completed
                tally.skipped[number] = step.skipped
                tally.targetNotFound[number] = step.targetNotFound
                tally.dropped[number] = step.dropped
                for (trigger, users) in step.completedBy { tally.completedBy[UInt64(number) << 32 | UInt64(triggerNumbers[trigger]!)] = users }
                for (trigger, users) in step.skippedBy { tally.skippedBy[UInt64(number) << 32 | UInt64(triggerNumbers[trigger]!)] = users }
            }
            return tally
        }
        /// The reported groups of one kind: users per name, bounded as a report over events bounds them.
        func split(_ name: (WalkthroughGroup) -> String?) -> ([WalkthroughCollector.Tally], GroupBounds) {
            var names = ByteStringTable(capacity: 16)
            var users = [0]
            var numbers: [Int] = []
            for (group, totals) in groups {
                var number = 0
                if let value = name(group), let index = names.index(of: Array(value.utf8)) {
                    number = index + 1
                    if number == users.count { users.append(0) }
                }
                users[number] += totals.users
                numbers.append(number)
            }
            let bounds = GroupBounds(users: users, names: names)
            var slots = [WalkthroughTotals](repeating: WalkthroughTotals(), count: bounds.names.count)
            for (index, (_, totals)) in groups.enumerated() { slots[bounds.slots[numbers[index]]].add(totals) }
            return (slots.map(tally), bounds)
        }
        let experiment = query.scope.experiment
        let byVariation = query.groupByVariation ? split { group in experiment.map { group.variations[$0] } ?? group.variation } : nil
        let byAppVersion = everyGroup.contains { $0.appVersion != nil } ? split(\.appVersion) : nil
        return WalkthroughCollector.assemble(
            query: query, overall: tally(overall), byVariation: byVariation, byAppVersion: byAppVersion,
            someExcluded: query.scope.since != nil || query.scope.until != nil,
            order: StepOrder.entries(steps: steps, firstSeen: firstSeen, declared: query.declaredSteps),
            stepCount: stepIDs.count, triggerNames: triggerNames.map(\.text), withoutStart: withoutStart, invalidLines: 0, events: events)
    }
}
