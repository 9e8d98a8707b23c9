import Waypoint

/// One `Step Viewed` of a funnel step (or a `Flow Completed`, as `$complete`): which step, when.
struct FunnelView {
    var step: UInt16
    var time: Int64
}

/// Builds a sequential funnel one user at a time, from each user's ``FlowRecord``s.
struct SequentialFunnelBuilder {
    /// The step numbers in funnel order.
    let positions: [Int]
    private let isPosition: [Bool]
    private let groupByVariation: Bool
    private var evaluator: FunnelEvaluator
    private(set) var overall: FunnelTally
    private(set) var perVariation: [FunnelTally] = []
    private var views: [FunnelView] = []

    init(positions: [Int], groupByVariation: Bool, window: Int64) {
        self.positions = positions
        let count = (positions.max() ?? 0) + 1
        var isPosition = [Bool](repeating: false, count: count)
        for position in positions { isPosition[position] = true }
        self.isPosition = isPosition
        self.groupByVariation = groupByVariation
        evaluator = FunnelEvaluator(positions: positions, stepCount: count, window: window)
        overall = FunnelTally(steps: positions.count)
    }

    /// Adds one user: `records` are all their events of the flow that the funnel reads.
    ///
    /// Split by variation, the user's variation is that of their first `Experiment Viewed` of the
    /// split's experiment, else (events sent before that event existed) that of their earliest event
    /// with one (in the order of ``FlowRecord/precedes(_:_:)``), and all their views count in it:
    /// events carry a variation only from the run's exposure on, so the views before it belong to it too.
    ///
    /// - Returns: the user's variation group (0: none), or `nil` when the user viewed none of the
    ///   funnel's steps and is in no figure.
    @discardableResult
    mutating func add(_ records: UnsafeMutableBufferPointer<FlowRecord>) -> UInt16? {
        views.removeAll(keepingCapacity: true)
        var earliest: FlowRecord?
        var viewed: FlowRecord?
        for record in records {
            if record.kind == .experimentViewed {
                if record.variation != 0, viewed.map({ FlowRecord.precedes(record, $0) }) ?? true { viewed = record }
                continue
            }
            if record.variation != 0, earliest.map({ FlowRecord.precedes(record, $0) }) ?? true { earliest = record }
            guard record.kind == .stepViewed || record.kind == .flowCompleted else { continue }
            guard Int(record.step) < isPosition.count, isPosition[Int(record.step)] else { continue }
            views.append(FunnelView(step: UInt16(record.step), time: record.time))
        }
        guard !views.isEmpty else { return nil }
        views.sort { ($0.step, $0.time) < ($1.step, $1.time) }
        views.withUnsafeBufferPointer { evaluator.evaluate($0, into: &overall) }
        guard groupByVariation else { return 0 }
        let variation = Int((viewed ?? earliest)?.variation ?? 0)
        while perVariation.count <= variation { perVariation.append(FunnelTally(steps: positions.count)) }
        views.withUnsafeBufferPointer { evaluator.evaluate($0, into: &perVariation[variation]) }
        return UInt16(truncatingIfNeeded: variation)
    }

    /// The finished report.
    func report(query: FunnelQuery, variations: ByteStringTable, folded: FoldedValues, invalidLines: Int, events: Int) -> FunnelReport {
        let names = query.steps ?? []
        var byVariation: [String: FunnelReport.Breakdown]?
        if query.groupByVariation {
            var breakdowns: [String: FunnelReport.Breakdown] = [:]
            for (index, tally) in perVariation.enumerated() where tally.users[0] > 0 {
                let name = index == 0 ? FunnelReport.noVariation : variations.string(at: index - 1)
                breakdowns[name] = FunnelReport.Breakdown(steps: tally.steps(names: names))
            }
            byVariation = breakdowns
        }
        return FunnelReport(
            flowID: query.flowID, window: query.window.description, steps: overall.steps(names: names),
            byVariation: byVariation, folded: folded.isEmpty ? nil : folded, scope: query.scope.isEmpty ? nil : query.scope,
            invalidLines: invalidLines, events: events)
    }
}

/// The per-step figures of a group of users, accumulated user by user.
struct FunnelTally {
    var users: [Int]
    var delays: [[Int64]]

    init(steps: Int) {
        users = Array(repeating: 0, count: steps)
        delays = Array(repeating: [], count: steps)
    }

    func steps(names: [String]) -> [FunnelReport.Step] {
        var result: [FunnelReport.Step] = []
        for (index, name) in names.enumerated() {
            let reached = users[index]
            let first = users[0]
            let previous = index == 0 ? first : users[index - 1]
            result.append(FunnelReport.Step(
                stepID: name, users: reached,
                conversionFromStart: first == 0 ? 0 : Double(reached) / Double(first),
                conversionFromPrevious: previous == 0 ? 0 : Double(reached) / Double(previous),
                medianMsFromPrevious: index == 0 ? nil : Self.median(delays[index])))
        }
        return result
    }

    static func median(_ values: [Int64]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        if sorted.count % 2 == 1 { return Double(sorted[middle]) }
        return (Double(sorted[middle - 1]) + Double(sorted[middle])) / 2
    }
}

/// Finds one user's furthest attempt.
struct FunnelEvaluator {
    let positions: [Int]
    let window: Int64
    private var rangeStart: [Int]
    private var rangeEnd: [Int]
    private var pointers: [Int]
    private var chain: [Int64]
    private var best: [Int64]

    init(positions: [Int], stepCount: Int, window: Int64) {
        self.positions = positions
        self.window = window
        rangeStart = Array(repeating: 0, count: max(stepCount, 1))
        rangeEnd = Array(repeating: 0, count: max(stepCount, 1))
        pointers = Array(repeating: 0, count: positions.count)
        chain = Array(repeating: 0, count: positions.count)
        best = Array(repeating: 0, count: positions.count)
    }

    /// Adds one user's result to `tally`; `views` are that user's views sorted by step, then time.
    mutating func evaluate(_ views: UnsafeBufferPointer<FunnelView>, into tally: inout FunnelTally) {
        // Where each step's times are in `views` (empty for steps the user never viewed).
        for step in positions {
            rangeStart[step] = 0
            rangeEnd[step] = 0
        }
        var index = 0
        while index < views.count {
            let step = Int(views[index].step)
            var end = index + 1
            while end < views.count, Int(views[end].step) == step { end += 1 }
            if step < rangeStart.count {
                rangeStart[step] = index
                rangeEnd[step] = end
            }
            index = end
        }
        let count = positions.count
        let first = positions[0]
        guard rangeEnd[first] > rangeStart[first] else { return }
        for position in 1..<max(count, 1) where position < count { pointers[position] = rangeStart[positions[position]] }

        // Attempt starts ascending: each later attempt's matches are no earlier than an earlier
        // attempt's, so every step's pointer only moves forward.
        var bestDepth = 0
        var previousStart: Int64?
        for startIndex in rangeStart[first]..<rangeEnd[first] {
            let start = views[startIndex].time
            if start == previousStart { continue }
            previousStart = start
            let deadline = start.addingReportingOverflow(window).overflow ? Int64.max : start + window
            chain[0] = start
            var depth = 1
            var previous = start
            while depth < count {
                let step = positions[depth]
                let end = rangeEnd[step]
                var pointer = pointers[depth]
                while pointer < end, views[pointer].time < previous { pointer += 1 }
                pointers[depth] = pointer
                guard pointer < end, views[pointer].time <= deadline else { break }
                previous = views[pointer].time
                chain[depth] = previous
                depth += 1
            }
            if depth > bestDepth {
                bestDepth = depth
                for position in 0..<depth { best[position] = chain[position] }
                if depth == count { break }
            }
        }
        for position in 0..<bestDepth {
            tally.users[position] += 1
            if position > 0 { tally.delays[position].append(best[position] - best[position - 1]) }
        }
    }
}

