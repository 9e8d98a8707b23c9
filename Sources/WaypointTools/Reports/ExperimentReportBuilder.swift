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
        let variationCount = plan.variations.count
        var users = [Int](repeating: 0, count: variationCount)
        var conversions = [Int](repeating: 0, count: variationCount)
        var multiple = 0
        var undeclared = 0
        // By user number: the variation index counted, or nil when the user is not counted.
        var counted = [Int?](repeating: nil, count: collector.userStates.count)
        for (user, state) in collector.userStates.enumerated() {
            guard let exposure = state.exposure, scope.includesStart(atMilliseconds: exposure.time) else { continue }
            guard state.variation > 0 else {
                undeclared += 1
                continue
            }
            let index = Int(state.variation) - 1
            counted[user] = index
            users[index] += 1
            if state.seen.nonzeroBitCount > 1 { multiple += 1 }
            if let goal = state.goal, goal >= exposure { conversions[index] += 1 }
        }
        var viewed = [[Int]](repeating: [Int](repeating: 0, count: variationCount), count: plan.steps.count)
        for (key, order) in collector.views {
            let user = Int(key >> 32)
            guard let index = counted[user], let exposure = collector.userStates[user].exposure, order >= exposure else { continue }
            viewed[Int(key & 0xFFFF_FFFF)][index] += 1
        }
        let srm = try? SampleRatioMismatch.pValue(users: users, weights: plan.weights)
        let subject = plan.subject
        return ExperimentReport(
            experiment: plan.query.experiment,
            flowID: { if case .flow(let id) = subject { id } else { nil } }(),
            walkthroughID: { if case .walkthrough(let id) = subject { id } else { nil } }(),
            goal: plan.query.goal.description, control: plan.variations[plan.control], sequential: plan.query.sequential,
            srmPValue: srm.flatMap(finite), multipleVariations: multiple,
            variations: compare(names: plan.variations, users: users, conversions: conversions, control: plan.control, sequential: plan.query.sequential),
            steps: plan.steps.enumerated().map { number, id in
                ExperimentReport.Step(
                    stepID: id,
                    variations: compare(names: plan.variations, users: users, conversions: viewed[number], control: plan.control, sequential: plan.query.sequential))
            },
            undeclaredVariationUsers: undeclared, scope: scope.isEmpty ? nil : scope,
            invalidLines: collector.counts.invalidLines, events: collector.counts.eventLines)
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
