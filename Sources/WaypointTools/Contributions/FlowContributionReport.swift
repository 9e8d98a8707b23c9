import Waypoint

/// Builds the flow report from contribution rows: the rows' sums are put back into the flow
/// report builder's state, so that the one code that assembles the report over events assembles it
/// here too (docs/ARCHITECTURE.md, "Reports at scale").
enum FlowContributionReport {
    static func report(
        rows: some Sequence<ContributionRow>, query: FunnelQuery, events: Int, groupsOutsideRange: Set<String>,
        medianPages: ((MedianPages) -> Void)? = nil
    ) throws(ReportError) -> FunnelResult {
        guard query.steps == nil else { throw .sequentialFromContributions(flowID: query.flowID) }
        // Subjects and groups compared by their bytes (``ExactID``), as the collector and the stores compare them.
        let subject = ExactID(query.flowID)
        // Each group's cells (a user's row splits into several, a cell's row is its own), read once.
        var reader = CellGroupReader(kind: .flow)
        let key = query.groupByVariation ? query.scope.experiment : nil
        func carries(_ cell: CellGroup, _ experiment: String) -> Bool {
            (cell.experiments ?? []).contains { ExactID($0) == ExactID(experiment) }
        }
        // The rows of each group, summed at the end (``FlowTotals/sum(_:)``).
        var all: [FlowTotals] = []
        var variationRows: [String?: [FlowTotals]] = [:]
        var appVersionRows: [String?: [FlowTotals]] = [:]
        var revisionRows: [Int64?: [FlowTotals]] = [:]
        let attribute = query.splitAttribute
        let attributeGrouping = attribute.map(CellGroup.Grouping.init)
        var attributeRows: [String?: [FlowTotals]] = [:]
        var experiments = Set<ExactID>()
        var carriesKey = false
        var hasRows = false
        // The users left out for having no `Flow Started`, and the events of every user summed.
        var withoutStart = 0
        var scopeEvents = 0
        for row in rows {
            guard row.kind == .flow, ExactID(row.subject) == subject, case .flow(var totals) = row.totals else { continue }
            hasRows = true
            let events = totals.events, left = totals.withoutStart
            // The users counted are those who started; the others add no other figure.
            totals.users = totals.started
            for (_, cell) in try reader.cells(of: row.group) {
                switch cell.by {
                case .all:
                    withoutStart += left
                    scopeEvents += events
                    all.append(totals)
                    experiments.formUnion((cell.experiments ?? []).map { ExactID($0) })
                    if let key {
                        // Users who carry another experiment, or none, are in no variation of the key.
                        if carries(cell, key) { carriesKey = true } else { variationRows[nil, default: []].append(totals) }
                    }
                case .variation:
                    if query.groupByVariation, key == nil { variationRows[cell.value, default: []].append(totals) }
                case .experiment:
                    if let key, let experiment = cell.experiment, ExactID(experiment) == ExactID(key) {
                        variationRows[cell.value, default: []].append(totals)
                    }
                case .revision:
                    revisionRows[cell.revision, default: []].append(totals)
                case .appVersion:
                    appVersionRows[cell.value, default: []].append(totals)
                case .locale, .platform:
                    if cell.by == attributeGrouping { attributeRows[cell.value, default: []].append(totals) }
                }
            }
        }
        let overall = FlowTotals.sum(all)
        let byVariation = variationRows.mapValues(FlowTotals.sum)
        let byAppVersion = appVersionRows.mapValues(FlowTotals.sum)
        let byRevision = revisionRows.mapValues(FlowTotals.sum)
        let byAttribute = attributeRows.mapValues(FlowTotals.sum)
        for text in groupsOutsideRange {
            for (_, cell) in try reader.cells(of: text) where cell.by == .all {
                experiments.formUnion((cell.experiments ?? []).map { ExactID($0) })
                if let key, carries(cell, key) { carriesKey = true }
            }
        }
        // As over a file (FunnelAccumulator): the flow must have events unless the document declares it,
        // and a split by variation needs one experiment.
        let revisionEvents = scopeEvents + (groupsOutsideRange.isEmpty ? 0 : 1)
        if !hasRows, groupsOutsideRange.isEmpty, query.declaredSteps == nil {
            throw .noEventsOfFlow(query.flowID, otherFlows: [], events: events)
        }
        if query.groupByVariation {
            if let key {
                if !carriesKey, revisionEvents > 0 {
                    throw .unknownExperiment(key, of: .flow(query.flowID), carried: experiments.sorted().map(\.text))
                }
            } else if experiments.count > 1 {
                throw .severalExperiments(experiments.sorted().map(\.text), of: .flow(query.flowID))
            }
        }

        // The tables the collector would have built: `$complete`, the document's steps, `(other steps)`, then the rest by id.
        var steps = ByteStringTable(capacity: 64)
        _ = steps.index(of: Array(FunnelCollector.completeStepID.utf8))
        for step in query.declaredSteps ?? [] { _ = steps.index(of: Array(step.utf8)) }
        var otherStep: UInt32 = 0
        if query.declaredSteps != nil {
            otherStep = UInt32(truncatingIfNeeded: steps.index(of: Array(ReportBounds.otherSteps.utf8)) ?? 0)
        }
        let firstTracked = steps.count
        for step in overall.steps.keys.sorted() { _ = steps.index(of: Array(step.text.utf8)) }
        var outcomes = ByteStringTable(capacity: 64)
        for outcome in Set(overall.steps.values.flatMap(\.outcomes.keys)).sorted() { _ = outcomes.index(of: Array(outcome.text.utf8)) }
        func stepNumber(_ name: String) -> UInt32 {
            UInt32(truncatingIfNeeded: steps.index(of: Array(name.utf8), insert: false) ?? Int(otherStep))
        }
        func outcomeNumber(_ name: String) -> UInt32 {
            UInt32(truncatingIfNeeded: outcomes.index(of: Array(name.utf8), insert: false) ?? 0)
        }

        var builder = FlowReportBuilder(
            groupByVariation: query.groupByVariation,
            undeclaredSteps: query.declaredSteps != nil
                ? .init(firstTracked: UInt32(truncatingIfNeeded: firstTracked), other: otherStep) : nil)
        builder.firstSeen = (0..<steps.count).map { number in
            overall.steps[ExactID(steps.string(at: number))] == nil ? nil : EventOrder(time: 0, stepIndex: 0, sequence: Int64(number))
        }
        builder.overall.grow(to: steps.count)
        builder.overall.add(overall, step: stepNumber, outcome: outcomeNumber)
        builder.withoutStart = withoutStart

        /// Tallies by group number (0: none, n: `table`'s entry n − 1).
        func tallies<Name>(_ sums: [Name?: FlowTotals], number: (Name) -> Int) -> [FlowReportBuilder.Tally] {
            var result: [FlowReportBuilder.Tally] = []
            for (name, totals) in sums {
                let index = name.map(number) ?? 0
                while result.count <= index { result.append(FlowReportBuilder.Tally(sparse: true)) }
                result[index].add(totals, step: stepNumber, outcome: outcomeNumber)
            }
            return result
        }

        // Variations: the document's, then `(other)` for any other (counted as folded), as the collector folds them.
        let foldsVariations = query.groupByVariation && query.declaredVariations != nil
        var variations = ByteStringTable(capacity: 16)
        var foldedVariations = 0
        if query.groupByVariation {
            if foldsVariations {
                for variation in query.declaredVariations ?? [] { _ = variations.index(of: Array(variation.utf8)) }
                _ = variations.index(of: Array(ReportBounds.otherGroup.utf8))
            }
            var named: [String?: FlowTotals] = [:]
            for (name, totals) in byVariation {
                guard let name else { named[nil, default: FlowTotals()].add(totals); continue }
                if foldsVariations, variations.index(of: Array(name.utf8), insert: false) == nil {
                    foldedVariations += 1
                    named[ReportBounds.otherGroup, default: FlowTotals()].add(totals)
                } else {
                    named[name, default: FlowTotals()].add(totals)
                }
            }
            for name in named.keys.compactMap({ $0 }).sorted() { _ = variations.index(of: Array(name.utf8)) }
            builder.perVariation = tallies(named) { (variations.index(of: Array($0.utf8), insert: false) ?? 0) + 1 }
        }
        var appVersions = ByteStringTable(capacity: 16)
        if byAppVersion.keys.contains(where: { $0 != nil }) {
            for name in byAppVersion.keys.compactMap({ $0 }).sorted() { _ = appVersions.index(of: Array(name.utf8)) }
            builder.perAppVersion = tallies(byAppVersion) { (appVersions.index(of: Array($0.utf8), insert: false) ?? 0) + 1 }
        }
        var revisions = RevisionNumbers()
        if byRevision.keys.contains(where: { $0 != nil }) {
            for value in byRevision.keys.compactMap({ $0 }).sorted() { _ = revisions.number(of: value) }
            builder.perRevision = tallies(byRevision) { revisions.number(of: $0) + 1 }
        }
        var attributeValues = ByteStringTable(capacity: 16)
        if byAttribute.keys.contains(where: { $0 != nil }) {
            for name in byAttribute.keys.compactMap({ $0 }).sorted() { _ = attributeValues.index(of: Array(name.utf8)) }
            builder.perAttribute = tallies(byAttribute) { (attributeValues.index(of: Array($0.utf8), insert: false) ?? 0) + 1 }
        }
        return .flow(builder.report(
            flowID: query.flowID, steps: steps, outcomes: outcomes, variations: variations, appVersions: appVersions,
            revisions: revisions.names, scope: query.scope, declared: query.declaredSteps, variationsDeclared: foldsVariations,
            folded: FoldedValues(variations: foldedVariations), attribute: attribute.map { ($0, attributeValues) },
            invalidLines: 0, events: events, medianPages: medianPages.map { given in
                { needed in
                    // Each tally's medians are read from the cells it was summed from: a split by a
                    // named experiment takes the users outside it from the cells of every user.
                    var pages = MedianPages.none
                    for (tallies, numbers) in needed {
                        let prefixes: [String] = switch tallies {
                        case .overall: [CellGroup.prefix(.all)]
                        case .variation: [key.map { CellGroup.prefix(.experiment, experiment: $0) } ?? CellGroup.prefix(.variation)]
                        case .withoutVariation: [key == nil ? CellGroup.prefix(.variation) : CellGroup.prefix(.all)]
                        case .appVersion: [CellGroup.prefix(.appVersion)]
                        case .revision: [CellGroup.prefix(.revision)]
                        case .attribute: attributeGrouping.map { [CellGroup.prefix($0)] } ?? []
                        }
                        for prefix in prefixes { pages.add(numbers, prefix: prefix) }
                    }
                    given(pages)
                }
            }))
    }
}
