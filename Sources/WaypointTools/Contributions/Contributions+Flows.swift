import Waypoint

extension Contributions {
    /// The flow rows of users' lines: per user and flow, over all its events and over each revision's.
    static func flowRows(lines: [ContributionLine]) -> [ContributionRow] {
        var rows: [ContributionRow] = []
        for user in ContributionLine.byUser(lines) {
            // Flows told apart by the bytes of their ids (``ExactID``), as the stores key rows by them.
            var byFlow: [ExactID: [ContributionLine]] = [:]
            for line in user {
                guard let flowID = line.flowID else { continue }
                byFlow[ExactID(flowID), default: []].append(line)
            }
            for key in byFlow.keys.sorted() {
                let flowID = key.text
                let parsed = byFlow[key]!
                let flowLines = parsed.map(\.line)
                guard let all = UserFlowFigures(lines: flowLines, flowID: flowID, revision: Int64?.none) else { continue }
                let allRow = all.row(flowID: flowID, revision: nil, lines: flowLines)
                rows.append(allRow)
                let sole = ContributionLine.soleRevision(of: parsed)
                for revision in all.revisions.sorted() {
                    if let sole, Int64(sole) == revision {
                        rows.append(allRow.ofRevision(sole))
                        continue
                    }
                    // A report of the revision reads only its events: the figures of just those
                    // lines are the same, and each revision's passes read its own lines alone.
                    let revisionLines = parsed.filter { $0.revision.map(Int64.init) == revision }.map(\.line)
                    guard let one = UserFlowFigures(lines: revisionLines, flowID: flowID, revision: revision) else { continue }
                    rows.append(one.row(flowID: flowID, revision: Int(revision), lines: revisionLines))
                }
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
    var revision: Int64?
    var variation: String?
    var experiments: [String]
    var firstStart: Int64?
    /// The revisions the user's kept events carry.
    var revisions: [Int64]

    /// The figures of `lines` (one user's, storage order) restricted to `revision`, split by
    /// `experiment`'s variation (any experiment's when `nil`); `nil` when no event of the flow is in the revision.
    init?(lines: [String], flowID: String, revision filter: Int64?, experiment: String? = nil) {
        let query = FunnelQuery(
            flowID: flowID, groupByVariation: true, declaredSteps: [],
            scope: ReportScope(revision: filter.map { Int($0) }, experiment: experiment))
        var collector = FunnelCollector(query: query, userCapacity: 1)
        for var line in lines {
            line.withUTF8 { buffer in
                guard let base = buffer.baseAddress else { return }
                collector.consume(base, count: buffer.count)
            }
        }
        guard collector.revisionEvents > 0 else { return nil }
        var builder = FlowReportBuilder(groupByVariation: true)
        var records = collector.records
        if !records.isEmpty {
            records.sort(by: FlowRecord.precedes)
            records.withUnsafeMutableBufferPointer { builder.add($0, steps: collector.steps.count) }
        }
        totals = builder.overall.totals(steps: collector.steps, outcomeNames: collector.outcomes)
        totals.events = collector.revisionEvents
        func member(_ groups: [FlowReportBuilder.Tally]) -> Int? {
            guard let index = groups.firstIndex(where: { $0.users > 0 }), index > 0 else { return nil }
            return index - 1
        }
        variation = member(builder.perVariation).map { collector.variations.string(at: $0) }
        appVersion = member(builder.perAppVersion).map { collector.appVersions.string(at: $0) }
        revision = member(builder.perRevision).map { collector.revisions.values[$0] }
        experiments = (0..<collector.experiments.count).map { collector.experiments.string(at: $0) }.sorted()
        firstStart = records.lazy.filter { $0.kind == .flowStarted }.map(\.time).min()
        revisions = collector.revisions.values
    }

    /// The row of these figures; `lines` are read again once per experiment the user carries, for
    /// their variation in each.
    func row(flowID: String, revision filter: Int?, lines: [String]) -> ContributionRow {
        var variations: [String: String] = [:]
        for experiment in experiments {
            let split = UserFlowFigures(lines: lines, flowID: flowID, revision: filter.map(Int64.init), experiment: experiment)
            if let variation = split?.variation { variations[experiment] = variation }
        }
        let group = FlowGroup(
            appVersion: appVersion, revision: revision, variation: variation, experiments: experiments, variations: variations)
        return ContributionRow(
            kind: .flow, subject: flowID, revision: filter, startMs: firstStart, group: group.text, totals: .flow(totals))
    }
}
