/// An event a ``StateMachine`` could not take, with a message that says why.
public struct StateMachineError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
        case eventNotAccepted(machineID: String, state: String, event: String)
        case finished(machineID: String, state: String, event: String)
        case cannotGoBack(machineID: String, state: String)
    }

    private let kind: Kind
    private init(_ kind: Kind) { self.kind = kind }

    @usableFromInline
    static func eventNotAccepted(machineID: String, state: String, event: String) -> StateMachineError {
        StateMachineError(.eventNotAccepted(machineID: machineID, state: state, event: event))
    }
    @usableFromInline
    static func finished(machineID: String, state: String, event: String) -> StateMachineError {
        StateMachineError(.finished(machineID: machineID, state: state, event: event))
    }
    @usableFromInline
    static func cannotGoBack(machineID: String, state: String) -> StateMachineError {
        StateMachineError(.cannotGoBack(machineID: machineID, state: state))
    }

    public var description: String {
        switch kind {
        case .eventNotAccepted(let machineID, let state, let event):
            "Machine '\(machineID)' has no transition for event \(event) in state \(state); add a case to the transition function or do not send it here."
        case .finished(let machineID, let state, let event):
            "Machine '\(machineID)' finished in state \(state) and accepts no more events (got \(event)); reset it to run it again."
        case .cannotGoBack(let machineID, let state):
            "Machine '\(machineID)' cannot go back from state \(state): it is the first state of the history."
        }
    }
}
