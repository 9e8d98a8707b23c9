import Foundation

/// What ``Funnel`` computed: the flow report, or the sequential funnel when steps were given.
public enum FunnelResult: Sendable, Hashable, Encodable {
    /// The flow report (no steps given): `"kind":"flow"`.
    case flow(FlowReport)
    /// The sequential funnel through the given steps: `"kind":"funnel"`.
    case funnel(FunnelReport)

    /// The flow report, when that is what was computed.
    public var flowReport: FlowReport? {
        if case .flow(let report) = self { return report }
        return nil
    }

    /// The sequential funnel, when that is what was computed.
    public var funnelReport: FunnelReport? {
        if case .funnel(let report) = self { return report }
        return nil
    }

    /// Lines that were not valid events.
    public var invalidLines: Int {
        switch self {
        case .flow(let report): return report.invalidLines
        case .funnel(let report): return report.invalidLines
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .flow(let report): try report.encode(to: encoder)
        case .funnel(let report): try report.encode(to: encoder)
        }
    }

    /// The report as `waypoint funnel --format json` prints it (keys sorted, one line, no newline):
    /// what every tool that serves the report sends, byte for byte.
    public func jsonData() -> Data {
        ReportJSON.data(self)
    }
}
