import Waypoint

extension Contributions {
    /// The experiment rows of `lines`: per user, flow (or walkthrough) and experiment the user
    /// was exposed to in it, the row over all of its events, computed by ``ExperimentCollector``
    /// over just those events as a report over them would (their variation that of their first
    /// `Experiment Viewed` of the experiment, else of their earliest event carrying it), and, when
    /// the exposure (their earliest event carrying the experiment) carries a revision, the same row under that revision: the
    /// revision's report holds the users exposed on it, with all of their events.
    static func experimentRows(lines: [ContributionLine]) -> [ContributionRow] {
        var rows: [ContributionRow] = []
        for user in ContributionLine.byUser(lines) {
            for isWalkthrough in [false, true] {
                // Flows and walkthroughs told apart by the bytes of their ids (``ExactID``).
                var ids: [ExactID] = []
                var byID: [ExactID: [ContributionLine]] = [:]
                for line in user {
                    guard let text = isWalkthrough ? line.walkthroughID : line.flowID else { continue }
                    let key = ExactID(text)
                    if byID[key] == nil { ids.append(key) }
                    byID[key, default: []].append(line)
                }
                for key in ids {
                    let id = key.text
                    let events = byID[key] ?? []
                    guard events.contains(where: { $0.experiment != nil && $0.variation != nil }) else { continue }
                    let subject: ExperimentPlan.Subject = isWalkthrough ? .walkthrough(id) : .flow(id)
                    for (row, revision) in experimentRows(subject: subject, lines: events) {
                        rows.append(row)
                        if let revision { rows.append(row.ofRevision(revision)) }
                    }
                }
            }
        }
        return rows
    }

    /// One user's rows of `subject` over `lines`, all their events of it: one per experiment they
    /// were exposed to, each with the revision its exposure carries (`nil` for none).
    private static func experimentRows(subject: ExperimentPlan.Subject, lines: [ContributionLine]) -> [(row: ContributionRow, revision: Int?)] {
        let isWalkthrough: Bool
        if case .walkthrough = subject { isWalkthrough = true } else { isWalkthrough = false }
        // Ids told apart by their bytes (``ExactID``), as the collector reads them.
        var variationsByExperiment: [ExactID: Set<ExactID>] = [:]
        var stepIDs: Set<ExactID> = []
        var completions: Set<[ExactID]> = []
        let completion = isWalkthrough ? "Hint Completed" : "Step Completed"
        for line in lines {
            if let experiment = line.experiment, let variation = line.variation {
                variationsByExperiment[ExactID(experiment), default: []].insert(ExactID(variation))
            }
            if let step = line.stepID {
                stepIDs.insert(ExactID(step))
                if line.event == completion, let outcome = isWalkthrough ? line.trigger : line.outcome {
                    completions.insert([ExactID(step), ExactID(outcome)])
                }
            }
        }
        let texts = lines.map(\.line)
        let steps = stepIDs.sorted().map(\.text)
        var rows: [(row: ContributionRow, revision: Int?)] = []
        for key in variationsByExperiment.keys.sorted() {
            let experiment = key.text
            let seen = variationsByExperiment[key, default: []].sorted().map(\.text)
            // One pass: the run's end is the goal, and every step's completions per outcome are kept
            // as the goals `STEP:OUTCOME` would keep them.
            let query = ExperimentQuery(experiment: experiment, flowID: subject.id, goal: .complete)
            var ends = ExperimentCollector(
                plan: ExperimentPlan(rowOf: query, subject: subject, variations: seen, steps: steps), tracksCompletions: true,
                attributes: ReportDimension.attributes)
            ends.consume(lines: texts)
            guard let state = ends.userStates.first, let exposure = state.exposure, state.reportedVariation > 0 else { continue }
            var totals = ExperimentTotals()
            totals.users = 1
            if ExperimentReportBuilder.converted(at: ends.goalEvent(user: 0, goal: 0), exposure: exposure) { totals.completed = 1 }
            for (key, order) in ends.views where ExperimentReportBuilder.converted(at: order, exposure: exposure) {
                totals.viewed[ExactID(steps[Int(key & 0xFFFF_FFFF)])] = 1
            }
            for pair in completions.sorted(by: { $0.lexicographicallyPrecedes($1) }).map({ $0.map(\.text) }) {
                let reached = ends.latestCompletion(user: 0, step: pair[0], outcome: pair[1])
                guard ExperimentReportBuilder.converted(at: reached, exposure: exposure) else { continue }
                totals.outcomes[ExactID(pair[0]), default: [:]][ExactID(pair[1])] = 1
            }
            let group = ExperimentGroup(
                experiment: experiment, variation: seen[Int(state.reportedVariation) - 1], seen: seen, walkthrough: isWalkthrough ? true : nil,
                appVersion: ends.attributes[0].name(of: 0), locale: ends.attributes[1].name(of: 0), platform: ends.attributes[2].name(of: 0))
            let row = ContributionRow(
                kind: .experiment, subject: subject.id, revision: nil, startMs: exposure.time, group: ContributionGroup.text(group),
                totals: .experiment(totals))
            rows.append((row, state.exposureRevision.flatMap { Int(exactly: $0) }))
        }
        return rows
    }
}

extension ExperimentPlan {
    /// The plan of one user's row, which no document decides: the variations and steps are the
    /// ones their events name, so every one of them is kept.
    init(rowOf query: ExperimentQuery, subject: Subject, variations: [String], steps: [String]) {
        self.query = query
        self.subject = subject
        self.variations = variations
        weights = Array(repeating: 1 / Double(max(variations.count, 1)), count: variations.count)
        control = 0
        self.steps = steps
        goal = query.goal ?? .complete
        guardrails = []
        minimumDetectableEffect = ExperimentEntry.defaultMinimumDetectableEffect
    }
}
