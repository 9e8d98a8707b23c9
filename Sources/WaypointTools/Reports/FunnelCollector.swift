import Foundation
import Waypoint

/// One `Step Viewed` of a funnel step: who, which step, which variation, when.
struct FunnelView {
    var user: UInt32
    var step: UInt16
    /// 0 when the event has no variation (or variations are not asked for), else the variation's number + 1.
    var variation: UInt16
    var time: Int64
}

/// What one pass over part of an events file keeps: the funnel steps' view times per user.
///
/// Memory is proportional to the funnel's `Step Viewed` events (16 bytes each) plus the distinct
/// user ids; other events, other flows and invalid lines take nothing.
struct FunnelCollector {
    let flowID: [UInt8]
    let groupByVariation: Bool
    /// Whether the steps were given; otherwise every step of the flow is collected.
    let fixedSteps: Bool
    var steps = ByteStringTable(capacity: 16)
    var stepIndexSums: [Int64] = []
    var stepIndexCounts: [Int64] = []
    var users = ByteStringTable(capacity: 1 << 14)
    var variations = ByteStringTable(capacity: 16)
    var views: [FunnelView] = []
    var eventLines = 0
    var invalidLines = 0

    init(query: FunnelQuery) {
        flowID = Array(query.flowID.utf8)
        groupByVariation = query.groupByVariation
        fixedSteps = query.steps != nil
        for step in query.steps ?? [] { _ = steps.index(of: Array(step.utf8)) }
        stepIndexSums = Array(repeating: 0, count: steps.count)
        stepIndexCounts = Array(repeating: 0, count: steps.count)
    }

    /// Reads one line (without its newline).
    @inline(__always)
    mutating func consume(_ p: UnsafePointer<UInt8>, count: Int) {
        guard let fields = EventLineScanner.scan(p, count: count) else {
            if !EventLineScanner.isBlank(p, count: count) { invalidLines += 1 }
            return
        }
        eventLines += 1
        guard fields.isStepViewed(in: p), sameFlow(fields.flowID, p) else { return }
        let step: Int?
        if fields.stepID.escaped {
            step = steps.index(of: EventLineScanner.decode(fields.stepID, in: p), insert: !fixedSteps)
        } else {
            step = steps.index(of: p + fields.stepID.start, count: fields.stepID.count, insert: !fixedSteps)
        }
        guard let step, step < Int(UInt16.max) else { return }
        let user: Int?
        if fields.userID.escaped {
            user = users.index(of: EventLineScanner.decode(fields.userID, in: p))
        } else {
            user = users.index(of: p + fields.userID.start, count: fields.userID.count)
        }
        guard let user else { return }
        var variation = 0
        if groupByVariation, fields.variation.isPresent {
            let found: Int? = fields.variation.escaped
                ? variations.index(of: EventLineScanner.decode(fields.variation, in: p))
                : variations.index(of: p + fields.variation.start, count: fields.variation.count)
            variation = (found ?? 0) + 1
        }
        record(user: user, step: step, variation: variation, time: fields.timestamp, stepIndex: fields.stepIndex)
    }

    /// Reads one decoded event (for callers that hold events rather than a file).
    mutating func consume(_ event: OnboardingEvent) {
        eventLines += 1
        guard event.event == .stepViewed, event.flowID.map({ Array($0.utf8) == flowID }) == true,
              let stepID = event.stepID,
              let step = steps.index(of: Array(stepID.utf8), insert: !fixedSteps), step < Int(UInt16.max),
              let user = users.index(of: Array(event.userID.utf8)),
              let time = MillisecondTimestamp.milliseconds(event.timestamp)
        else { return }
        var variation = 0
        if groupByVariation, let name = event.variation {
            variation = (variations.index(of: Array(name.utf8)) ?? 0) + 1
        }
        record(user: user, step: step, variation: variation, time: time, stepIndex: event.stepIndex.map(Int64.init))
    }

    @inline(__always)
    private mutating func record(user: Int, step: Int, variation: Int, time: Int64, stepIndex: Int64?) {
        if !fixedSteps {
            while stepIndexSums.count <= step {
                stepIndexSums.append(0)
                stepIndexCounts.append(0)
            }
            if let stepIndex {
                stepIndexSums[step] &+= stepIndex
                stepIndexCounts[step] += 1
            }
        }
        views.append(FunnelView(
            user: UInt32(truncatingIfNeeded: user), step: UInt16(step),
            variation: UInt16(truncatingIfNeeded: min(variation, Int(UInt16.max))), time: time))
    }

    @inline(__always)
    private func sameFlow(_ field: EventLineScanner.Field, _ p: UnsafePointer<UInt8>) -> Bool {
        guard field.isPresent else { return false }
        if field.escaped { return EventLineScanner.decode(field, in: p) == flowID }
        guard field.count == flowID.count else { return false }
        return flowID.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return field.count == 0 }
            return memcmp(base, p + field.start, field.count) == 0
        }
    }

    /// Adds `other`'s views to these, renumbering its users, steps and variations.
    mutating func merge(_ other: FunnelCollector) {
        eventLines += other.eventLines
        invalidLines += other.invalidLines
        var userMap = [UInt32](repeating: 0, count: other.users.count)
        for index in 0..<other.users.count {
            userMap[index] = UInt32(truncatingIfNeeded: users.index(of: other.users.bytes(at: index)) ?? 0)
        }
        var stepMap = [UInt16](repeating: 0, count: other.steps.count)
        for index in 0..<other.steps.count {
            let mapped = steps.index(of: other.steps.bytes(at: index)) ?? 0
            stepMap[index] = UInt16(truncatingIfNeeded: mapped)
            while stepIndexSums.count <= mapped {
                stepIndexSums.append(0)
                stepIndexCounts.append(0)
            }
            if index < other.stepIndexSums.count {
                stepIndexSums[mapped] &+= other.stepIndexSums[index]
                stepIndexCounts[mapped] += other.stepIndexCounts[index]
            }
        }
        var variationMap = [UInt16](repeating: 0, count: other.variations.count + 1)
        for index in 0..<other.variations.count {
            variationMap[index + 1] = UInt16(truncatingIfNeeded: (variations.index(of: other.variations.bytes(at: index)) ?? 0) + 1)
        }
        views.reserveCapacity(views.count + other.views.count)
        for view in other.views {
            views.append(FunnelView(
                user: userMap[Int(view.user)], step: stepMap[Int(view.step)],
                variation: variationMap[Int(view.variation)], time: view.time))
        }
    }
}
