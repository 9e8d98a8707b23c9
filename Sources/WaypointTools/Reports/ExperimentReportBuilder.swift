import Waypoint

/// Turns what an ``ExperimentCollector`` kept into an ``ExperimentReport``: counts users per
/// variation, their conversions and step views after exposure, and compares each variation with
/// the control using the statistics of gbstats (``TwoSidedTTest``, ``SequentialTwoSidedTTest``,
/// ``EffectBayesianABTest``, ``SampleRatioMismatch``).
enum ExperimentReportBuilder {
    /// The sample size the sequential test is tuned for (gbstats' `sequential_tuning_parameter`).
    static let sequentialTuning = 5000.0

    /// The report, once every event is read.
    ///
    /// - Parameter source: the file read, for the "no valid events" message.
    /// - Throws: ``ReportError`` when the input holds invalid lines and no valid event.
    static func report(from collector: ExperimentCollector, source: String?) throws(ReportError) -> ExperimentReport {
        if let error = collector.counts.noValidEventsError(source: source) { throw error }
        let plan = collector.plan
        let scope = plan.query.scope
        var counts = Counts(variations: plan.variations.count, steps: plan.steps.count, guardrails: plan.guardrails.count)
        // By user number: the variation index counted, or nil when the user is not counted.
        var counted = [Int?](repeating: nil, count: collector.userStates.count)
        for (user, state) in collector.userStates.enumerated() {
            // Exposed, and in the scope by that exposure: its revision, its time (with all their events).
            guard let exposure = state.exposure, scope.includes(firstStart: collector.exposure(of: user)) else { continue }
            guard state.reportedVariation > 0 else {
                counts.undeclared += 1
                continue
            }
            let index = Int(state.reportedVariation) - 1
            counted[user] = index
            counts.users[index] += 1
            if state.seen.nonzeroBitCount > 1 { counts.multiple += 1 }
            let converts = converted(at: collector.goalEvent(user: user, goal: 0), exposure: exposure)
            if converts { counts.conversions[index] += 1 }
            if let attribute = collector.attributes.first {
                counts.add(value: attribute.name(of: user).map { ExactID($0) }, variation: index, users: 1, conversions: converts ? 1 : 0)
            }
            for guardrail in counts.guardrails.indices where converted(at: collector.goalEvent(user: user, goal: guardrail + 1), exposure: exposure) {
                counts.guardrails[guardrail][index] += 1
            }
            counts.exposed(variation: index, users: 1, day: ContributionRow.day(ofMilliseconds: exposure.time))
        }
        for (key, order) in collector.views {
            let user = Int(key >> 32)
            guard let index = counted[user], let exposure = collector.userStates[user].exposure, converted(at: order, exposure: exposure)
            else { continue }
            counts.viewed[Int(key & 0xFFFF_FFFF)][index] += 1
        }
        return report(plan: plan, counts: counts, invalidLines: collector.counts.invalidLines, events: collector.counts.eventLines)
    }

    /// Whether a user's latest goal event (or view of a step) at `goal` counts: at or after their exposure.
    static func converted(at goal: EventOrder?, exposure: EventOrder) -> Bool {
        guard let goal else { return false }
        return goal >= exposure
    }

    /// What the report counts, by variation index in the plan's variations.
    struct Counts {
        /// Users exposed, per variation.
        var users: [Int]
        /// Of them, users who converted after exposure.
        var conversions: [Int]
        /// Counted users seen in more than one variation.
        var multiple = 0
        /// Users exposed with a variation the experiment does not declare.
        var undeclared = 0
        /// Per step of the plan, per variation, users who viewed it after exposure.
        var viewed: [[Int]]
        /// Per guardrail of the query, per variation, users who reached it after exposure.
        var guardrails: [[Int]]
        /// Per variation, by UTC day (days since 1970), the users first exposed that day.
        var exposureDays: [[Int64: Int]]
        /// With a split (``ExperimentQuery/by``), per value (`nil`: none), the users and
        /// conversions per variation.
        var byValue: [ExactID?: (users: [Int], conversions: [Int])] = [:]

        init(variations: Int, steps: Int, guardrails: Int) {
            users = [Int](repeating: 0, count: variations)
            conversions = users
            viewed = [[Int]](repeating: users, count: steps)
            self.guardrails = [[Int]](repeating: users, count: guardrails)
            exposureDays = [[Int64: Int]](repeating: [:], count: variations)
        }

        /// Counts `users` of the variation numbered `variation` whose value of the split is `value`,
        /// `conversions` of them converted.
        mutating func add(value: ExactID?, variation: Int, users: Int, conversions: Int) {
            var counts = byValue[value] ?? (self.users.map { _ in 0 }, self.users.map { _ in 0 })
            counts.users[variation] += users
            counts.conversions[variation] += conversions
            byValue[value] = counts
        }

        /// Counts `users` of the variation numbered `variation` first exposed on the UTC `day`.
        mutating func exposed(variation: Int, users: Int, day: Int64) {
            exposureDays[variation][day, default: 0] += users
        }

        /// Per variation, the users first exposed in the ``ExperimentPower/trafficDays`` UTC days
        /// that end the report: those that end with the day of `until`'s last millisecond, else
        /// with the day of the latest exposure counted.
        func recentUsers(until: Int64?) -> [Int] {
            let last = until.map { ContributionRow.day(ofMilliseconds: $0 - 1) } ?? exposureDays.compactMap { $0.keys.max() }.max()
            guard let last else { return users.map { _ in 0 } }
            let first = last - Int64(ExperimentPower.trafficDays) + 1
            return exposureDays.map { days in days.reduce(0) { sum, day in (first...last).contains(day.key) ? sum + day.value : sum } }
        }
    }


    /// The report from its counts: the sample ratio check and each variation's comparison with the control.
    static func report(plan: ExperimentPlan, counts: Counts, invalidLines: Int, events: Int) -> ExperimentReport {
        let scope = plan.query.scope
        let users = counts.users
        let srm = try? SampleRatioMismatch.pValue(users: users, weights: plan.weights)
        let subject = plan.subject
        var report = ExperimentReport(
            experiment: plan.query.experiment,
            flowID: { if case .flow(let id) = subject { id } else { nil } }(),
            walkthroughID: { if case .walkthrough(let id) = subject { id } else { nil } }(),
            goal: plan.goal.description, control: plan.variations[plan.control], sequential: plan.query.sequential,
            srmPValue: srm.flatMap(finite), multipleVariations: counts.multiple,
            variations: withPower(
                compare(names: plan.variations, users: users, conversions: counts.conversions, control: plan.control, sequential: plan.query.sequential),
                plan: plan, recent: counts.recentUsers(until: scope.until)),
            guardrails: zip(plan.guardrails, counts.guardrails).map { goal, conversions in
                let variations = compare(names: plan.variations, users: users, conversions: conversions, control: plan.control, sequential: plan.query.sequential)
                return ExperimentReport.Guardrail(
                    goal: goal.description, variations: variations,
                    worse: variations.filter { ($0.uplift?.ci.last).map { $0 < 0 } ?? false }.map(\.variation))
            },
            minimumDetectableEffect: plan.minimumDetectableEffect,
            steps: plan.steps.enumerated().map { number, id in
                ExperimentReport.Step(
                    stepID: id,
                    variations: compare(names: plan.variations, users: users, conversions: counts.viewed[number], control: plan.control, sequential: plan.query.sequential))
            },
            undeclaredVariationUsers: counts.undeclared, scope: scope.isEmpty ? nil : scope,
            invalidLines: invalidLines, events: events)
        if let by = plan.query.by {
            // gbstats' dimension analysis: per value, the variations compared as overall; no SRM per value.
            // The values numbered in byte order, as a report's groups are (`GroupBounds`: 0 is `(none)`).
            var names = ByteStringTable(capacity: 16)
            let values = counts.byValue.keys.compactMap { $0 }.sorted()
            for value in values { _ = names.index(of: Array(value.text.utf8)) }
            let usersOf = { (value: ExactID?) in counts.byValue[value]?.users.reduce(0, +) ?? 0 }
            let bounds = GroupBounds(users: [usersOf(nil)] + values.map(usersOf), names: names)
            var summed: [String: (users: [Int], conversions: [Int])] = [:]
            for (number, value) in ([nil] + values).enumerated() {
                guard let figures = counts.byValue[value], usersOf(value) > 0 else { continue }
                let name = bounds.names[bounds.slots[number]]
                var sum = summed[name] ?? (users.map { _ in 0 }, users.map { _ in 0 })
                for index in users.indices {
                    sum.users[index] += figures.users[index]
                    sum.conversions[index] += figures.conversions[index]
                }
                summed[name] = sum
            }
            report.by = by
            report.groups = summed.mapValues { figures in
                compare(names: plan.variations, users: figures.users, conversions: figures.conversions, control: plan.control, sequential: plan.query.sequential)
            }
            var folded = FoldedValues()
            folded.add(bounds.folded, of: by)
            report.folded = folded.isEmpty ? nil : folded
        }
        return report
    }

    /// `variations` (the goal's, the control first) with each other variation's power against the
    /// control's rate; `recent` gives, by plan variation, the users first exposed in the last days.
    static func withPower(_ variations: [ExperimentReport.Variation], plan: ExperimentPlan, recent: [Int]) -> [ExperimentReport.Variation] {
        guard let control = variations.first else { return variations }
        return variations.map { figures in
            guard !figures.isControl, let index = plan.variations.firstIndex(of: figures.variation) else { return figures }
            var figures = figures
            figures.power = ExperimentPower(
                controlRate: control.rate, minimumDetectableEffect: plan.minimumDetectableEffect, users: figures.users,
                recentUsers: recent[index])
            return figures
        }
    }

    /// Each variation's figures, the control first, then the others in their order, each compared with the control.
    static func compare(names: [String], users: [Int], conversions: [Int], control: Int, sequential: Bool) -> [ExperimentReport.Variation] {
        let order = [control] + names.indices.filter { $0 != control }
        let base = ProportionStatistic(sum: Double(conversions[control]), n: users[control])
        return order.map { index in
            let rate = users[index] == 0 ? 0 : Double(conversions[index]) / Double(users[index])
            var figures = ExperimentReport.Variation(
                variation: names[index], users: users[index], conversions: conversions[index], rate: rate, isControl: index == control)
            guard index != control else { return figures }
            let statistic = ProportionStatistic(sum: Double(conversions[index]), n: users[index])
            let frequentist = sequential
                ? SequentialTwoSidedTTest(control: base, variation: statistic, tuningParameter: sequentialTuning).result()
                : TwoSidedTTest(control: base, variation: statistic).result()
            let bayesian = EffectBayesianABTest(control: base, variation: statistic).result()
            if let expected = frequentist.expected.flatMap(finite), let ci = frequentist.ci, ci.allSatisfy(\.isFinite) {
                figures.uplift = ExperimentReport.Uplift(expected: expected, ci: ci)
            }
            figures.pValue = frequentist.pValue.flatMap(finite)
            figures.chanceToWin = bayesian.chanceToWin.flatMap(finite)
            if let risk = bayesian.risk, risk.allSatisfy(\.isFinite) { figures.risk = risk }
            figures.note = bayesian.note ?? frequentist.note
            return figures
        }
    }

    private static func finite(_ value: Double) -> Double? { value.isFinite ? value : nil }
}
