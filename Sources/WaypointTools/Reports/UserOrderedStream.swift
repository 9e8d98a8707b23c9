import Waypoint

/// Feeds events that arrive grouped by user to the report one user at a time, so that only one
/// user's events are held in memory.
struct UserOrderedStream {
    private var collector: FunnelCollector
    private var accumulator: FunnelAccumulator
    private var currentUser: UInt32?
    /// Users whose events are finished, by number.
    private var finished: [Bool] = []

    init(query: FunnelQuery) throws(ReportError) {
        collector = FunnelCollector(query: query)
        accumulator = try FunnelAccumulator(query: query, collector: collector)
    }

    /// Reads one line (without its newline).
    mutating func consume(_ p: UnsafePointer<UInt8>, count: Int) throws(ReportError) {
        let before = collector.records.count
        collector.consume(p, count: count)
        try noteUser(recordsBefore: before)
    }

    /// Reads one decoded event.
    mutating func consume(_ event: OnboardingEvent) throws(ReportError) {
        let before = collector.records.count
        collector.consume(event)
        try noteUser(recordsBefore: before)
    }

    /// When the event just read starts another user, adds the previous user's events to the report.
    private mutating func noteUser(recordsBefore before: Int) throws(ReportError) {
        guard collector.records.count > before, let user = collector.records.last?.user, user != currentUser else { return }
        if let previous = currentUser {
            while finished.count <= Int(previous) { finished.append(false) }
            finished[Int(previous)] = true
        }
        if Int(user) < finished.count, finished[Int(user)] {
            throw .notGroupedByUser(collector.users.string(at: Int(user)))
        }
        add(collector.records.startIndex..<before)
        currentUser = user
    }

    private mutating func add(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let steps = collector.steps.count
        // The range is one user's events (docs/ARCHITECTURE.md, "Reports": scope decides whether they count).
        let user = Int(collector.records[range.lowerBound].user)
        if collector.includes(user: user) {
            let folded = collector.firstFoldedVariation(of: user)
            let attribute = collector.attributeGroup(of: user)
            collector.records.withUnsafeMutableBufferPointer { buffer in
                accumulator.add(
                    UnsafeMutableBufferPointer(rebasing: buffer[range]), steps: steps, foldedVariation: folded, attribute: attribute)
            }
        }
        collector.records.removeSubrange(range)
    }

    /// The report, once every event is read.
    mutating func finish(query: FunnelQuery) throws(ReportError) -> FunnelResult {
        add(collector.records.startIndex..<collector.records.endIndex)
        return try accumulator.finish(collector, query: query, source: nil)
    }
}
