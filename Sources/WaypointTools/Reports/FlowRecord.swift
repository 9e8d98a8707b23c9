import Foundation
import Waypoint

/// One event of the measured flow, reduced to what the reports read: who, what, which step, when.
///
/// Strings and revisions are numbers in the collector's tables; 48 bytes an event (its stride: the
/// fields take 47).
struct FlowRecord {
    /// The flow events the reports read (docs/ARCHITECTURE.md, "Reports").
    ///
    /// `experimentViewed` is kept only by a report split by variation, for the variation it tells;
    /// it counts in no figure, and ``init(name:count:)`` never gives it (only ``FunnelCollector``
    /// reads it, by ``FlowRecord/experimentViewedName``).
    enum Kind: UInt8 {
        case flowStarted, stepViewed, stepCompleted, stepSkipped, flowCompleted, flowAbandoned, experimentViewed

        /// The kind an event name stands for, or `nil` for any other name.
        @inline(__always)
        init?(name p: UnsafePointer<UInt8>, count: Int) {
            // Names are told apart by length and one or two bytes, then checked in full.
            let candidate: Kind
            let expected: StaticString
            switch count {
            case 11:
                guard p[0] == 0x53 else { return nil }  // "Step Viewed"
                candidate = .stepViewed
                expected = "Step Viewed"
            case 12:
                if p[0] == 0x46 {
                    candidate = .flowStarted
                    expected = "Flow Started"
                } else {
                    candidate = .stepSkipped
                    expected = "Step Skipped"
                }
            case 14:
                if p[0] == 0x46 {
                    if p[5] == 0x43 {
                        candidate = .flowCompleted
                        expected = "Flow Completed"
                    } else {
                        candidate = .flowAbandoned
                        expected = "Flow Abandoned"
                    }
                } else {
                    candidate = .stepCompleted
                    expected = "Step Completed"
                }
            default:
                return nil
            }
            let bytes = expected.utf8Start
            for index in 0..<count where p[index] != bytes[index] { return nil }
            self = candidate
        }

        /// The kind of a decoded event's name.
        init?(_ name: String) {
            var name = name
            guard let kind = name.withUTF8({ buffer in buffer.baseAddress.flatMap { Kind(name: $0, count: buffer.count) } })
            else { return nil }
            self = kind
        }

        /// Whether events of this kind name a step (`stepId`).
        var isAboutStep: Bool {
            self == .stepViewed || self == .stepCompleted || self == .stepSkipped
        }
    }

    /// The bytes of `Experiment Viewed`: the event that tells a user's variation of an experiment
    /// (docs/ARCHITECTURE.md, "Exposure").
    static let experimentViewedName = Array(EventName.experimentViewed.rawValue.utf8)

    /// Marks an absent number.
    static let none = UInt32.max
    /// Marks an absent `durationMs`.
    static let noDuration = Int64.min
    /// Marks an absent `stepIndex`: it sorts after every real index, so at equal times an event
    /// without one (`Step Skipped`, `Flow Completed`) follows the step views it came after.
    static let noStepIndex = Int32.max

    /// The event's time, in milliseconds since 1970.
    var time: Int64
    /// The event's place in its input: file order, for ties.
    var sequence: Int64
    /// `durationMs`, or ``noDuration``.
    var duration: Int64
    /// The user's number.
    var user: UInt32
    /// The step's number (`Flow Completed`: the number of `$complete`), or ``none``.
    var step: UInt32
    /// The outcome's number, or ``none``.
    var outcome: UInt32
    /// `stepIndex`, or ``noStepIndex``.
    var stepIndex: Int32
    /// 0 without a variation, else the variation's number + 1.
    var variation: UInt16
    /// 0 without an `appVersion`, else the app version's number + 1.
    var appVersion: UInt16
    /// 0 without a `revision` (or when revisions are not kept), else the revision's number + 1
    /// (``RevisionNumbers``).
    var revision: UInt16
    var kind: Kind

    /// The order of one user's events: timestamp, then `stepIndex`, then place in the input (docs/ARCHITECTURE.md, "Reports").
    @inline(__always)
    static func precedes(_ lhs: FlowRecord, _ rhs: FlowRecord) -> Bool {
        if lhs.time != rhs.time { return lhs.time < rhs.time }
        if lhs.stepIndex != rhs.stepIndex { return lhs.stepIndex < rhs.stepIndex }
        return lhs.sequence < rhs.sequence
    }
}
