/// An event a flow could not carry out, with a message that says why and what to do instead.
///
/// Flow errors never leave a ``FlowState`` half-changed: when an event throws, the state is as it was.
public struct FlowError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
        case outcomeNotAccepted(step: String, outcome: String, accepted: [String])
        case unknownStep(flowID: String, stepID: String, referencedBy: String)
        case cannotGoBack(step: String)
        case notStarted(flowID: String)
        case alreadyStarted(flowID: String)
        case alreadyCompleted(flowID: String)
        case skipCycle(flowID: String, steps: [String])
        case subflowTooDeep(path: String, limit: Int)
        case subflowCannotContinue(step: String, accepted: [String])
        case notCustomStep(step: String)
    }

    private let kind: Kind

    private init(_ kind: Kind) { self.kind = kind }

    @usableFromInline
    static func outcomeNotAccepted(step: String, outcome: String, accepted: [String]) -> FlowError {
        FlowError(.outcomeNotAccepted(step: step, outcome: outcome, accepted: accepted))
    }
    @usableFromInline
    static func unknownStep(flowID: String, stepID: String, referencedBy: String) -> FlowError {
        FlowError(.unknownStep(flowID: flowID, stepID: stepID, referencedBy: referencedBy))
    }
    @usableFromInline
    static func cannotGoBack(step: String) -> FlowError { FlowError(.cannotGoBack(step: step)) }
    @usableFromInline
    static func notStarted(flowID: String) -> FlowError { FlowError(.notStarted(flowID: flowID)) }
    @usableFromInline
    static func alreadyStarted(flowID: String) -> FlowError { FlowError(.alreadyStarted(flowID: flowID)) }
    @usableFromInline
    static func alreadyCompleted(flowID: String) -> FlowError { FlowError(.alreadyCompleted(flowID: flowID)) }
    @usableFromInline
    static func skipCycle(flowID: String, steps: [String]) -> FlowError {
        FlowError(.skipCycle(flowID: flowID, steps: steps))
    }
    @usableFromInline
    static func subflowTooDeep(path: String, limit: Int) -> FlowError {
        FlowError(.subflowTooDeep(path: path, limit: limit))
    }

    @usableFromInline
    static func subflowCannotContinue(step: String, accepted: [String]) -> FlowError {
        FlowError(.subflowCannotContinue(step: step, accepted: accepted))
    }

    /// The step the error is about, when there is one.
    package var stepID: String? {
        switch kind {
        case .outcomeNotAccepted(let step, _, _), .cannotGoBack(let step): step
        case .unknownStep(_, let step, _): step
        case .subflowTooDeep(let path, _): path
        case .subflowCannotContinue(let step, _): step
        case .notCustomStep(let step): step
        case .skipCycle(_, let steps): steps.first
        case .notStarted, .alreadyStarted, .alreadyCompleted: nil
        }
    }

    /// The outcomes the current step accepts, when the error is an outcome it does not accept.
    package var acceptedOutcomes: [String]? {
        if case .outcomeNotAccepted(_, _, let accepted) = kind { return accepted }
        return nil
    }

    /// Whether the error is an outcome that the current step does not accept.
    package var isOutcomeNotAccepted: Bool {
        if case .outcomeNotAccepted = kind { return true }
        return false
    }

    public var description: String {
        switch kind {
        case .outcomeNotAccepted(let step, let outcome, let accepted):
            let list = (accepted + [Outcome.back]).map { "'\($0)'" }
            let choices = list.count == 1 ? list[0] : list.dropLast().joined(separator: ", ") + " or " + list[list.count - 1]
            return "Step '\(step)' does not accept the outcome '\(outcome)'; it accepts \(choices)."
        case .unknownStep(let flowID, let stepID, let referencedBy):
            return "Flow '\(flowID)' has no step '\(stepID)' (\(referencedBy)); declare the step or fix the reference."
        case .cannotGoBack(let step):
            return "Cannot go back from step '\(step)': it is the first step of the visited path."
        case .notStarted(let flowID):
            return "Flow '\(flowID)' has not started; call start() before sending events."
        case .alreadyStarted(let flowID):
            return "Flow '\(flowID)' has already started; use reset() to start it over."
        case .alreadyCompleted(let flowID):
            return "Flow '\(flowID)' is completed and accepts no more events; use reset() to run it again."
        case .skipCycle(let flowID, let steps):
            return "Flow '\(flowID)' skips steps in a cycle (\(steps.joined(separator: " → "))) because their conditions are all false; give one of them an exit or a condition that can hold."
        case .subflowTooDeep(let path, let limit):
            return "Subflows are nested more than \(limit) deep at '\(path)'; a subflow probably includes itself. Break the cycle."
        case .notCustomStep(let step):
            return "Step '\(step)' is not a custom step."
        case .subflowCannotContinue(let step, let accepted):
            let declared = accepted.map { "'\($0)'" }.joined(separator: ", ")
            return "Subflow step '\(step)' cannot go on when its subflow completes: it continues with the outcome 'next', but declares only \(declared). Declare where 'next' leads."
        }
    }
}
