import Waypoint

extension Contributions {
    /// The flow rows of users' lines: per user and flow, the row over all its events and, when
    /// the user's first `Flow Started` of it carries a revision, the same row under that revision.
    ///
    /// A revision's report holds the users whose first `Flow Started` carries it, with all of
    /// their events of the flow (``ReportScope/revision``): so a user contributes to exactly one
    /// revision — the one their run started on — what they contribute to the report over every
    /// revision. A user without a `Flow Started` contributes to no revision, and to the report
    /// over every revision only their count of users left out (``FlowTotals/withoutStart``).
    static func flowRows(lines: [ContributionLine]) -> [ContributionRow] {
        var rows: [ContributionRow] = []
        for user in ContributionLine.byUser(lines) {
            // Flows told apart by the bytes of their ids (``ExactID``), as the stores key rows by them.
            var byFlow: [ExactID: [String]] = [:]
            for line in user {
                guard let flowID = line.flowID else { continue }
                byFlow[ExactID(flowID), default: []].append(line.line)
            }
            for key in byFlow.keys.sorted() {
                let flowID = key.text
                let flowLines = byFlow[key]!
                guard let all = UserFlowFigures(lines: flowLines, flowID: flowID) else { continue }
                let allRow = all.row(flowID: flowID, lines: flowLines)
                rows.append(allRow)
                if let revision = all.revision.flatMap({ Int(exactly: $0) }) { rows.append(allRow.ofRevision(revision)) }
            }
        }
        return rows
    }
}

/// One user's figures of one flow, as the flow report's collector and builder compute them over
/// that user's events alone: the one implementation of every rule of the report.
struct UserFlowFigures {
    var totals: FlowTotals
    var appVersion: String?
    /// The revision of the user's first `Flow Started` (their `byRevision` group, and the
    /// revision whose report holds them); `nil` when it carries none or there is none.
    var revision: Int64?
    /// The locale and platform of the user's last event with one (their `byLocale` and `byPlatform` groups).
    var locale: String?
    var platform: String?
    var variation: String?
    var experiments: [String]
    var firstStart: Int64?

    /// The figures of `lines` (one user's, storage order), split by `experiment`'s variation (any
    /// experiment's when `nil`); `nil` when no event is of the flow.
    init?(lines: [String], flowID: String, experiment: String? = nil) {
        let query = FunnelQuery(flowID: flowID, groupByVariation: true, declaredSteps: [], scope: ReportScope(experiment: experiment))
        var collector = FunnelCollector(query: query, userCapacity: 1, attributes: [.locale, .platform])
        for var line in lines {
            line.withUTF8 { buffer in
                guard let base = buffer.baseAddress else { return }
                collector.consume(base, count: buffer.count)
            }
        }
        guard collector.flowEvents > 0 else { return nil }
        var builder = FlowReportBuilder(groupByVariation: true)
        var records = collector.records
        if !records.isEmpty {
            records.sort(by: FlowRecord.precedes)
            _ = records.withUnsafeMutableBufferPointer { builder.add($0, steps: collector.steps.count) }
        }
        totals = builder.overall.totals(steps: collector.steps, outcomeNames: collector.outcomes)
        // One user: counted (with a `Flow Started`) or left out (without).
        totals.users = builder.overall.users + builder.withoutStart
        totals.events = collector.flowEvents
        func member(_ groups: [FlowReportBuilder.Tally]) -> Int? {
            guard let index = groups.firstIndex(where: { $0.users > 0 }), index > 0 else { return nil }
            return index - 1
        }
        variation = member(builder.perVariation).map { collector.variations.string(at: $0) }
        appVersion = member(builder.perAppVersion).map { collector.appVersions.string(at: $0) }
        revision = member(builder.perRevision).map { collector.revisions.values[$0] }
        // A user counted (with a `Flow Started`) is in the group of their value; one left out is in none.
        let counted = builder.overall.users > 0
        locale = counted ? collector.attributes[0].name(of: 0) : nil
        platform = counted ? collector.attributes[1].name(of: 0) : nil
        experiments = (0..<collector.experiments.count).map { collector.experiments.string(at: $0) }.sorted()
        firstStart = records.lazy.filter { $0.kind == .flowStarted }.map(\.time).min()
    }

    /// The row of these figures over all of the user's events of the flow (revision `nil`);
    /// `lines` are read again once per experiment the user carries, for their variation in each.
    func row(flowID: String, lines: [String]) -> ContributionRow {
        var variations: [String: String] = [:]
        for experiment in experiments {
            let split = UserFlowFigures(lines: lines, flowID: flowID, experiment: experiment)
            if let variation = split?.variation { variations[experiment] = variation }
        }
        let group = FlowGroup(
            appVersion: appVersion, revision: revision, locale: locale, platform: platform, variation: variation,
            experiments: experiments, variations: variations)
        return ContributionRow(
            kind: .flow, subject: flowID, revision: nil, startMs: firstStart, group: group.text, totals: .flow(totals))
    }
}
