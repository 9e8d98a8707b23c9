/// Where an event stands in a user's events (docs/ARCHITECTURE.md, "Reports"): by `timestamp`, then `stepIndex` (events
/// without one after those with one), then place in the input — the order of
/// ``FlowRecord/precedes(_:_:)``.
struct EventOrder: Comparable {
    /// The event's time, in milliseconds since 1970.
    var time: Int64
    /// `stepIndex`, or ``FlowRecord/noStepIndex``.
    var stepIndex: Int32
    /// The event's place in its input.
    var sequence: Int64

    static func < (lhs: EventOrder, rhs: EventOrder) -> Bool {
        (lhs.time, lhs.stepIndex, lhs.sequence) < (rhs.time, rhs.stepIndex, rhs.sequence)
    }
}
