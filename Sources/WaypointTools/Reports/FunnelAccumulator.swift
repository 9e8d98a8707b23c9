import Waypoint

/// Turns users' events into the report the query asks for, one user at a time.
struct FunnelAccumulator {
    /// The flow report's builder, when no steps are given.
    private var flow: FlowReportBuilder?
    /// The sequential funnel's builder, when steps are given.
    private var sequential: SequentialFunnelBuilder?
    /// With the document's variations, the group number of ``ReportBounds/otherGroup`` (the
    /// collector's number + 1); `nil` without them.
    private let otherVariationGroup: UInt16?
    /// The variations (numbers in the collector's ``FunnelCollector/foldedVariations``) of the
    /// users reported under ``ReportBounds/otherGroup``: the report's `folded` variations.
    private var foldedVariations: Set<UInt32> = []

    /// Prepares for `query`; `collector` has interned the query's steps.
    init(query: FunnelQuery, collector: FunnelCollector) throws(ReportError) {
        otherVariationGroup = collector.foldsVariations ? UInt16(truncatingIfNeeded: collector.otherVariation + 1) : nil
        guard let steps = query.steps else {
            flow = FlowReportBuilder(
                groupByVariation: query.groupByVariation,
                undeclaredSteps: collector.foldsSteps
                    ? .init(firstTracked: UInt32(truncatingIfNeeded: collector.firstTrackedStep), other: collector.otherStep) : nil)
            return
        }
        if let by = query.by, by != .variation { throw .unknownDimension(by.rawValue, choices: [ReportDimension.variation.rawValue]) }
        guard !steps.isEmpty else { throw .noSteps(flowID: query.flowID) }
        guard steps.count < Int(UInt16.max) - 1 else { throw .tooManySteps(steps.count) }
        var table = collector.steps
        let positions = steps.map { table.index(of: Array($0.utf8), insert: false) ?? 0 }
        sequential = SequentialFunnelBuilder(
            positions: positions, groupByVariation: query.groupByVariation, window: query.window.milliseconds)
    }

    /// Adds one user: `records` are all their events of the flow, in any order (sorted here).
    ///
    /// - Parameter foldedVariation: the variation of the user's earliest event whose variation was
    ///   folded into ``ReportBounds/otherGroup`` (``FunnelCollector/firstFoldedVariation(of:)``):
    ///   counted as folded when the report puts the user under `(other)`.
    /// - Parameter attribute: the user's group of the query's split attribute (``FunnelCollector/attributeGroup(of:)``).
    mutating func add(_ records: UnsafeMutableBufferPointer<FlowRecord>, steps: Int, foldedVariation: UInt32? = nil, attribute: UInt16 = 0) {
        guard !records.isEmpty else { return }
        var records = records
        var group: UInt16?
        if flow != nil {
            records.sort(by: FlowRecord.precedes)
            group = flow?.add(records, steps: steps, attribute: attribute)
        }
        if sequential != nil { group = sequential?.add(records) }
        if let foldedVariation, let group, group == otherVariationGroup { foldedVariations.insert(foldedVariation) }
    }

    /// The report, once every user is added.
    func finish(_ collector: FunnelCollector, query: FunnelQuery, source: String?) throws(ReportError) -> FunnelResult {
        if let error = collector.counts.noValidEventsError(source: source) { throw error }
        if collector.flowEvents == 0, query.declaredSteps == nil {
            let others = (0..<collector.otherFlows.count).map { collector.otherFlows.string(at: $0) }
            throw .noEventsOfFlow(query.flowID, otherFlows: others, events: collector.counts.eventLines)
        }
        if query.groupByVariation {
            let (experiments, carriesKey, hasEvents) = collector.experimentsOfRevision()
            if let key = query.scope.experiment {
                if !carriesKey, hasEvents {
                    throw .unknownExperiment(key, of: .flow(query.flowID), carried: experiments)
                }
            } else if experiments.count > 1 {
                throw .severalExperiments(experiments, of: .flow(query.flowID))
            }
        }
        if let flow {
            return .flow(flow.report(
                flowID: query.flowID, steps: collector.steps, outcomes: collector.outcomes, variations: collector.variations,
                appVersions: collector.appVersions, revisions: collector.revisions.names, scope: query.scope,
                declared: query.declaredSteps, variationsDeclared: collector.foldsVariations,
                folded: FoldedValues(variations: foldedVariations.count), foldedSteps: collector.foldedSteps,
                attribute: collector.attributes.first.map { ($0.dimension, $0.values) },
                invalidLines: collector.counts.invalidLines, events: collector.counts.eventLines))
        }
        var known = Set(query.declaredSteps ?? [])
        known.insert(FunnelCollector.completeStepID)
        for (index, isMentioned) in collector.mentioned.enumerated() where isMentioned { known.insert(collector.steps.string(at: index)) }
        let unknown = (query.steps ?? []).filter { !known.contains($0) }
        if !unknown.isEmpty { throw .unknownSteps(unknown, flowID: query.flowID, known: known.sorted()) }
        let report = sequential?.report(
            query: query, variations: collector.variations,
            folded: FoldedValues(variations: foldedVariations.count), invalidLines: collector.counts.invalidLines, events: collector.counts.eventLines)
        return .funnel(report ?? FunnelReport(flowID: query.flowID, window: query.window.description, steps: []))
    }
}
