import Waypoint

/// Why the paths of a flow cannot be counted or listed.
public struct FlowGraphError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Sendable, Hashable {
        case cycle(flow: String, steps: [String])
        case subflowCycle([String])
        case unknownTarget(flow: String, step: String?, target: String)
        case unknownSubflow(flow: String, step: String, subflow: String)
    }

    private let kind: Kind

    private init(_ kind: Kind) { self.kind = kind }

    static func cycle(flow: String, steps: [String]) -> FlowGraphError { FlowGraphError(.cycle(flow: flow, steps: steps)) }
    static func subflowCycle(_ flows: [String]) -> FlowGraphError { FlowGraphError(.subflowCycle(flows)) }
    static func unknownTarget(flow: String, step: String?, target: String) -> FlowGraphError {
        FlowGraphError(.unknownTarget(flow: flow, step: step, target: target))
    }
    static func unknownSubflow(flow: String, step: String, subflow: String) -> FlowGraphError {
        FlowGraphError(.unknownSubflow(flow: flow, step: step, subflow: subflow))
    }

    /// The steps of the cycle that prevents counting, first step repeated at the end (empty for other errors).
    public var cycle: [String] {
        if case .cycle(_, let steps) = kind { return steps }
        return []
    }

    public var description: String {
        switch kind {
        case .cycle(let flow, let steps):
            return "Flow `\(flow)` has a cycle (\(steps.joined(separator: " → "))), so it has endless paths; counting needs a flow without cycles. List the paths with a visit limit instead (--max-visits)."
        case .subflowCycle(let flows):
            return "Flows run each other as subflows in a circle (\(flows.joined(separator: " → "))); a flow must not include itself."
        case .unknownTarget(let flow, let step, let target):
            if let step {
                return "Step `\(step)` of flow `\(flow)` leads to `\(target)`, which is not a step of the flow; fix the document (waypoint lint lists such problems)."
            }
            return "Flow `\(flow)` starts at `\(target)`, which is not a step of the flow; fix the document (waypoint lint lists such problems)."
        case .unknownSubflow(let flow, let step, let subflow):
            return "Step `\(step)` of flow `\(flow)` runs the subflow `\(subflow)`, which the document does not have."
        }
    }
}
