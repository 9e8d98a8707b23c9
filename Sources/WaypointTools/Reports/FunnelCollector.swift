import Foundation
import Waypoint

/// What one pass over part of an events file keeps: the measured flow's events, as ``FlowRecord``s.
///
/// Memory is proportional to the flow's events (48 bytes each) plus the distinct user ids; other
/// flows' events, walkthrough events and invalid lines take nothing.
struct FunnelCollector {
    /// The step id that stands for `Flow Completed` in a sequential funnel.
    static let completeStepID = "$complete"
    /// At most this many other flows' ids are remembered, for the "no events of this flow" message.
    static let otherFlowsKept = 64

    let flowID: [UInt8]
    let groupByVariation: Bool
    /// Added to every record's line number: the part of the file this collector reads.
    let sequenceBase: Int64
    var steps = ByteStringTable(capacity: 64)
    var users = ByteStringTable(capacity: 1 << 14)
    var variations = ByteStringTable(capacity: 16)
    var outcomes = ByteStringTable(capacity: 64)
    /// Ids of other flows seen (up to ``otherFlowsKept``).
    var otherFlows = ByteStringTable(capacity: 16)
    var records: [FlowRecord] = []
    /// Events of the flow read (kept or not).
    var flowEvents = 0
    /// Which step numbers some event of the flow names.
    var mentioned: [Bool] = []
    /// For a sequential funnel, the step numbers it measures (by step number; `$complete` is 0):
    /// only their `Step Viewed` (and `Flow Completed`) events are kept. Empty for the flow report,
    /// which keeps every event of the flow.
    private(set) var measured: [Bool] = []
    /// Lines read, blank ones included.
    var lines: Int64 = 0
    var eventLines = 0
    var invalidLines = 0
    /// The first invalid line: its number (1-based, within this part) and its first bytes.
    var firstInvalid: (line: Int64, bytes: [UInt8])?

    /// The step number of `$complete`.
    let completeStep: UInt32 = 0

    init(query: FunnelQuery, part: Int = 0) {
        flowID = Array(query.flowID.utf8)
        groupByVariation = query.groupByVariation
        sequenceBase = Int64(part) << 40
        _ = steps.index(of: Array(Self.completeStepID.utf8))
        if let listed = query.steps {
            measured = [listed.contains(Self.completeStepID)]
            for step in listed {
                let number = steps.index(of: Array(step.utf8)) ?? 0
                while measured.count <= number { measured.append(false) }
                measured[number] = true
            }
        }
    }

    /// Reads one line (without its newline).
    @inline(__always)
    mutating func consume(_ p: UnsafePointer<UInt8>, count: Int) {
        lines += 1
        guard let fields = EventLineScanner.scan(p, count: count) else {
            if !EventLineScanner.isBlank(p, count: count) {
                invalidLines += 1
                if firstInvalid == nil { firstInvalid = (lines, Array(UnsafeBufferPointer(start: p, count: min(count, 256)))) }
            }
            return
        }
        eventLines += 1
        guard let kind = fields.flowEventKind(in: p), fields.flowID.isPresent else { return }
        guard sameFlow(fields.flowID, p) else {
            if otherFlows.count < Self.otherFlowsKept { _ = intern(fields.flowID, p, in: &otherFlows) }
            return
        }
        guard let user = intern(fields.userID, p, in: &users) else { return }
        var step = FlowRecord.none
        if kind == .flowCompleted {
            step = completeStep
        } else if kind.isAboutStep {
            guard fields.stepID.isPresent, let found = intern(fields.stepID, p, in: &steps) else { return }
            step = UInt32(truncatingIfNeeded: found)
        }
        var outcome = FlowRecord.none
        if kind == .stepCompleted, fields.outcome.isPresent, let found = intern(fields.outcome, p, in: &outcomes) {
            outcome = UInt32(truncatingIfNeeded: found)
        }
        var variation = 0
        if groupByVariation, fields.variation.isPresent {
            variation = (intern(fields.variation, p, in: &variations) ?? 0) + 1
        }
        record(kind: kind, user: user, step: step, outcome: outcome, variation: variation, time: fields.timestamp,
               stepIndex: fields.stepIndex, duration: fields.durationMs)
    }

    /// Counts a line too long to read as invalid, given its first bytes.
    mutating func skipLongLine(_ start: UnsafeBufferPointer<UInt8>) {
        lines += 1
        invalidLines += 1
        if firstInvalid == nil { firstInvalid = (lines, Array(start)) }
    }

    /// Reads one decoded event (for callers that hold events rather than a file).
    mutating func consume(_ event: OnboardingEvent) {
        lines += 1
        eventLines += 1
        guard let kind = FlowRecord.Kind(event.event.rawValue), let flow = event.flowID else { return }
        guard Array(flow.utf8) == flowID else {
            if otherFlows.count < Self.otherFlowsKept { _ = otherFlows.index(of: Array(flow.utf8)) }
            return
        }
        guard let user = users.index(of: Array(event.userID.utf8)),
              let time = MillisecondTimestamp.milliseconds(event.timestamp)
        else { return }
        var step = FlowRecord.none
        if kind == .flowCompleted {
            step = completeStep
        } else if kind.isAboutStep {
            guard let stepID = event.stepID, let found = steps.index(of: Array(stepID.utf8)) else { return }
            step = UInt32(truncatingIfNeeded: found)
        }
        var outcome = FlowRecord.none
        if kind == .stepCompleted, let name = event.outcome, let found = outcomes.index(of: Array(name.utf8)) {
            outcome = UInt32(truncatingIfNeeded: found)
        }
        var variation = 0
        if groupByVariation, let name = event.variation {
            variation = (variations.index(of: Array(name.utf8)) ?? 0) + 1
        }
        record(kind: kind, user: user, step: step, outcome: outcome, variation: variation, time: time,
               stepIndex: event.stepIndex.map(Int64.init), duration: event.durationMs)
    }

    @inline(__always)
    private mutating func record(
        kind: FlowRecord.Kind, user: Int, step: UInt32, outcome: UInt32, variation: Int, time: Int64,
        stepIndex: Int64?, duration: Int64?
    ) {
        flowEvents += 1
        if kind.isAboutStep {
            let number = Int(step)
            if number >= mentioned.count { mentioned += repeatElement(false, count: number + 1 - mentioned.count) }
            mentioned[number] = true
        }
        if !measured.isEmpty {
            // A sequential funnel reads only the views of its steps, and `$complete`.
            guard kind == .stepViewed || kind == .flowCompleted, Int(step) < measured.count, measured[Int(step)] else { return }
        }
        records.append(FlowRecord(
            time: time, sequence: sequenceBase | lines, duration: duration ?? FlowRecord.noDuration,
            user: UInt32(truncatingIfNeeded: user), step: step, outcome: outcome,
            stepIndex: stepIndex.map { Int32(clamping: $0) } ?? FlowRecord.noStepIndex,
            variation: UInt16(truncatingIfNeeded: min(variation, Int(UInt16.max))), kind: kind))
    }

    @inline(__always)
    private func intern(_ field: EventLineScanner.Field, _ p: UnsafePointer<UInt8>, in table: inout ByteStringTable) -> Int? {
        field.escaped
            ? table.index(of: EventLineScanner.decode(field, in: p))
            : table.index(of: p + field.start, count: field.count)
    }

    @inline(__always)
    private func sameFlow(_ field: EventLineScanner.Field, _ p: UnsafePointer<UInt8>) -> Bool {
        if field.escaped { return EventLineScanner.decode(field, in: p) == flowID }
        guard field.count == flowID.count else { return false }
        return flowID.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return field.count == 0 }
            return memcmp(base, p + field.start, field.count) == 0
        }
    }

    /// Adds `other`'s records to these, renumbering its users, steps, outcomes and variations;
    /// `other` read the part of the input after this one.
    mutating func merge(_ other: FunnelCollector) {
        if firstInvalid == nil, let found = other.firstInvalid { firstInvalid = (lines + found.line, found.bytes) }
        lines += other.lines
        eventLines += other.eventLines
        flowEvents += other.flowEvents
        invalidLines += other.invalidLines
        for index in 0..<other.otherFlows.count where otherFlows.count < Self.otherFlowsKept {
            _ = otherFlows.index(of: other.otherFlows.bytes(at: index))
        }
        func map(_ from: ByteStringTable, into table: inout ByteStringTable) -> [UInt32] {
            (0..<from.count).map { UInt32(truncatingIfNeeded: table.index(of: from.bytes(at: $0)) ?? 0) }
        }
        let userMap = map(other.users, into: &users)
        let stepMap = map(other.steps, into: &steps)
        for (index, isMentioned) in other.mentioned.enumerated() where isMentioned {
            let number = Int(stepMap[index])
            if number >= mentioned.count { mentioned += repeatElement(false, count: number + 1 - mentioned.count) }
            mentioned[number] = true
        }
        let outcomeMap = map(other.outcomes, into: &outcomes)
        var variationMap = [UInt16](repeating: 0, count: other.variations.count + 1)
        for index in 0..<other.variations.count {
            variationMap[index + 1] = UInt16(truncatingIfNeeded: (variations.index(of: other.variations.bytes(at: index)) ?? 0) + 1)
        }
        records.reserveCapacity(records.count + other.records.count)
        for var record in other.records {
            record.user = userMap[Int(record.user)]
            if record.step != FlowRecord.none { record.step = stepMap[Int(record.step)] }
            if record.outcome != FlowRecord.none { record.outcome = outcomeMap[Int(record.outcome)] }
            record.variation = variationMap[Int(record.variation)]
            records.append(record)
        }
    }
}
