import Foundation
import Waypoint

/// One flow event of one user, reduced to what rebuilding their saved progress reads.
struct PreviewEvent: Sendable {
    var kind: FlowRecord.Kind
    /// Milliseconds since 1970.
    var time: Int64
    /// `stepIndex`, or ``FlowRecord/noStepIndex``.
    var stepIndex: Int32
    /// The event's place in its input, for ties.
    var sequence: Int
    var stepID: String?
    var outcome: String?
    var experiment: String?
    var variation: String?

    /// The event of a decoded ``OnboardingEvent``, or `nil` when it is not a flow event with a time.
    init?(_ event: OnboardingEvent, sequence: Int) {
        guard let kind = FlowRecord.Kind(event.event.rawValue), let time = MillisecondTimestamp.milliseconds(event.timestamp)
        else { return nil }
        self.kind = kind
        self.time = time
        self.stepIndex = event.stepIndex.map { Int32(clamping: $0) } ?? FlowRecord.noStepIndex
        self.sequence = sequence
        self.stepID = event.stepID
        self.outcome = event.outcome
        self.experiment = event.experiment
        self.variation = event.variation
    }

    /// The event of a scanned line (`kind` already read from it).
    init(kind: FlowRecord.Kind, fields: EventLineScanner.Fields, in p: UnsafePointer<UInt8>, sequence: Int) {
        func text(_ field: EventLineScanner.Field) -> String? {
            guard field.isPresent else { return nil }
            // The scanner checked the line is valid UTF-8.
            return String(decoding: EventLineScanner.decode(field, in: p), as: UTF8.self)
        }
        self.kind = kind
        self.time = fields.timestamp
        self.stepIndex = fields.stepIndex.map { Int32(clamping: $0) } ?? FlowRecord.noStepIndex
        self.sequence = sequence
        self.stepID = kind.isAboutStep ? text(fields.stepID) : nil
        self.outcome = kind == .stepCompleted ? text(fields.outcome) : nil
        self.experiment = text(fields.experiment)
        self.variation = text(fields.variation)
    }

    /// The order of one user's events: timestamp; at the same time a `Flow Started` first (it comes
    /// before the first step's view it causes, which has a `stepIndex` and it has none), then
    /// `stepIndex` (absent last), then place in the input.
    static func precedes(_ lhs: PreviewEvent, _ rhs: PreviewEvent) -> Bool {
        if lhs.time != rhs.time { return lhs.time < rhs.time }
        let lhsStarts = lhs.kind == .flowStarted
        if lhsStarts != (rhs.kind == .flowStarted) { return lhsStarts }
        if lhs.stepIndex != rhs.stepIndex { return lhs.stepIndex < rhs.stepIndex }
        return lhs.sequence < rhs.sequence
    }
}
