import Waypoint

extension ExperimentReport {
    /// The experiment report of `query` from contribution rows: equal, byte for byte, to the
    /// report ``compute(file:query:document:threads:progress:)`` gives over the events the rows
    /// were made from (docs/ARCHITECTURE.md, "Reports at scale").
    ///
    /// The rows keep every goal's conversions, so any goal is answered from them; the counts are
    /// compared by the one code that compares them over events.
    ///
    /// - Parameters:
    ///   - rows: the rows of the report's flow (or walkthrough) and scope: of the scope's revision
    ///     (`nil` rows without one) and, with a date range, of the users first exposed in it.
    ///     Summed rows and single users' rows may be mixed; rows of another kind, subject,
    ///     revision or experiment are not read.
    ///   - events: the report's `events` (every event of the environment, as in its export).
    /// - Throws: ``ReportError`` as ``compute(file:query:document:threads:progress:)`` does, or with
    ///   the ``ContributionError`` text when a row's group or totals are not ones this version writes.
    public static func compute(
        contributions rows: some Sequence<ContributionRow>, query: ExperimentQuery, document: WaypointDocument, events: Int
    ) throws(ReportError) -> ExperimentReport {
        let plan = try ExperimentPlan(query: query, document: document)
        let isWalkthrough: Bool
        if case .walkthrough = plan.subject { isWalkthrough = true } else { isWalkthrough = false }
        // Subjects, groups, experiments and variations compared by their bytes (``ExactID``), as the collector compares them.
        let subject = ExactID(plan.subject.id)
        let variations = plan.variations.map { ExactID($0) }
        // By cell group (a user's row splits into several, a cell's row is its own), the rows summed.
        var sums: [ExactID: ExperimentTotals] = [:]
        // By group, the users first exposed on each day (a row's start is its users' exposure, or its cell's day).
        var days: [ExactID: [Int64: Int]] = [:]
        var cells: [ExactID: CellGroup] = [:]
        var reader = CellGroupReader(kind: .experiment)
        for row in rows where row.kind == .experiment && ExactID(row.subject) == subject && row.revision == query.scope.revision {
            guard case .experiment(let totals) = row.totals else { throw .damagedContributions(.kindMismatch(.experiment, row.totals.kind)) }
            for (text, cell) in try reader.cells(of: row.group) {
                let key = ExactID(text)
                cells[key] = cell
                sums[key, default: ExperimentTotals()].add(totals)
                if let day = row.startDay { days[key, default: [:]][day, default: 0] += totals.users }
            }
        }
        var counts = ExperimentReportBuilder.Counts(
            variations: plan.variations.count, steps: plan.steps.count, guardrails: plan.guardrails.count)
        let split = query.by.map(CellGroup.Grouping.init)
        for key in sums.keys.sorted() {
            guard let totals = sums[key], !totals.isEmpty, let cell = cells[key] else { continue }
            guard let experiment = cell.experiment, ExactID(experiment) == ExactID(query.experiment),
                  (cell.walkthrough ?? false) == isWalkthrough, let variation = cell.variation else { continue }
            let index = variations.firstIndex(of: ExactID(variation))
            let conversions = totals.conversions(of: plan.goal)
            guard cell.by == .all else {
                // A dimension's cell: its users' value, for the split asked for.
                if cell.by == split, let index {
                    counts.add(value: cell.value.map { ExactID($0) }, variation: index, users: totals.users, conversions: conversions)
                }
                continue
            }
            // Variations as the collector marks them: bit n for declared variation n (n ≥ 62 share
            // bit 62), bit 63 for any undeclared one.
            var seen: UInt64 = 0
            for name in cell.seen ?? [] {
                seen |= variations.firstIndex(of: ExactID(name)).map { 1 << UInt64(min($0, 62)) } ?? 1 << 63
            }
            guard let index else {
                counts.undeclared += totals.users
                continue
            }
            counts.users[index] += totals.users
            if seen.nonzeroBitCount > 1 { counts.multiple += totals.users }
            counts.conversions[index] += conversions
            for (number, guardrail) in plan.guardrails.enumerated() { counts.guardrails[number][index] += totals.conversions(of: guardrail) }
            for (day, users) in days[key] ?? [:] where users != 0 {
                counts.exposed(variation: index, users: users, day: day)
            }
            for (number, step) in plan.steps.enumerated() { counts.viewed[number][index] += totals.viewed[ExactID(step)] ?? 0 }
        }
        return ExperimentReportBuilder.report(plan: plan, counts: counts, invalidLines: 0, events: events)
    }
}
