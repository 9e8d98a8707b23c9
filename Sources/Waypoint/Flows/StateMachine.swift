/// A flow written as a typed state machine: an enum of states (which may carry values, such as
/// `case personalization(User)`), events, and one pure transition function.
///
/// ```swift
/// enum SignUp: Hashable, Sendable, Codable { case splash, login, registration, personalization(User), complete(User) }
/// enum Outcome: Sendable { case chooseLogin, chooseRegister, loggedIn(User), registered(User, isNew: Bool), personalized(User) }
///
/// var machine = StateMachine<SignUp, Outcome>("signup", initial: .splash, isFinal: {
///     if case .complete = $0 { true } else { false }
/// }) { state, event in
///     switch (state, event) {
///     case (.splash, .chooseLogin): .login
///     case (.login, .loggedIn(let user)): .complete(user)
///     …
///     default: nil          // the event does not apply in this state
///     }
/// }
/// try machine.send(.chooseLogin)
/// ```
///
/// The machine is a value: ``send(_:)`` and ``back()`` change it and return the ``StateChange`` to
/// carry out (save, report), and ``StateMachineRuntime`` carries it out for an app.
public struct StateMachine<State: Sendable & Equatable, Event: Sendable>: Sendable {
    /// The machine's stable id, used for persistence and analytics.
    public let id: String
    /// The machine's version; saved progress from another version is not restored.
    public let version: Int
    /// The state the machine starts in.
    @usableFromInline package let initial: State
    /// The current state.
    @inlinable public var current: State { _current }
    /// The states before the current one, oldest first; ``back()`` returns to the last of them.
    @inlinable public var history: [State] { _history }
    @usableFromInline var _current: State
    @usableFromInline var _history: [State]
    @usableFromInline let transition: @Sendable (State, Event) -> State?
    @usableFromInline let isFinalState: @Sendable (State) -> Bool

    /// Creates a machine in its initial state.
    ///
    /// - Parameters:
    ///   - isFinal: whether a state ends the flow; a final state accepts no more events.
    ///   - transition: the next state for an event, or `nil` when the event does not apply.
    public init(
        _ id: String, version: Int = 1, initial: State,
        isFinal: @escaping @Sendable (State) -> Bool = { _ in false },
        transition: @escaping @Sendable (State, Event) -> State?
    ) {
        self.id = id
        self.version = version
        self.initial = initial
        self._current = initial
        self._history = []
        self.transition = transition
        self.isFinalState = isFinal
    }

    /// Whether the current state is final.
    @inlinable public var isCompleted: Bool { isFinalState(current) }

    /// Whether `state` is final for this machine.
    @inlinable package func isFinal(_ state: State) -> Bool { isFinalState(state) }

    /// Whether ``back()`` would succeed.
    @inlinable public var canGoBack: Bool { !history.isEmpty && !isCompleted }

    /// The next state for `event`, without changing the machine; `nil` when the event does not apply.
    @inlinable package func peek(_ event: Event) -> State? {
        isFinalState(current) ? nil : transition(current, event)
    }

    /// Moves to the state the transition function gives for `event`, pushing the current state
    /// onto the history.
    ///
    /// - Throws: ``StateMachineError`` when the event does not apply in the current state or the
    ///   machine is in a final state; the machine is then unchanged.
    @discardableResult
    @inlinable public mutating func send(_ event: Event) throws(StateMachineError) -> StateChange<State> {
        if isFinalState(current) {
            throw .finished(machineID: id, state: String(describing: current), event: String(describing: event))
        }
        guard let next = transition(current, event) else {
            throw .eventNotAccepted(machineID: id, state: String(describing: current), event: String(describing: event))
        }
        let previous = _current
        _history.append(previous)
        _current = next
        return StateChange(from: previous, to: next, kind: isFinalState(next) ? .completed : .forward)
    }

    /// Returns to the previous state.
    ///
    /// - Throws: ``StateMachineError`` at the initial state or in a final state.
    @discardableResult
    @inlinable public mutating func back() throws(StateMachineError) -> StateChange<State> {
        if isFinalState(current) {
            throw .finished(machineID: id, state: String(describing: current), event: "back")
        }
        guard let previous = _history.popLast() else {
            throw .cannotGoBack(machineID: id, state: String(describing: current))
        }
        let left = _current
        _current = previous
        return StateChange(from: left, to: previous, kind: .back)
    }

    /// Returns to the initial state and forgets the history.
    @discardableResult
    @inlinable public mutating func reset() -> StateChange<State> {
        let left = _current
        _current = initial
        _history = []
        return StateChange(from: left, to: initial, kind: .reset)
    }
}

/// What a state machine event did; the runtime saves and reports it.
public struct StateChange<State: Sendable & Equatable>: Sendable, Equatable {
    /// How the machine moved.
    public enum Kind: Sendable, Equatable {
        /// An event moved the machine forward.
        case forward
        /// An event moved the machine into a final state.
        case completed
        /// ``StateMachine/back()`` returned to the previous state.
        case back
        /// The machine was reset to its initial state.
        case reset
        /// The machine was restored from saved progress.
        case restored
    }

    /// The state left.
    public let from: State
    /// The state entered.
    public let to: State
    /// How the machine moved.
    public let kind: Kind

    /// Creates a description of a change.
    @inlinable public init(from: State, to: State, kind: Kind) {
        self.from = from
        self.to = to
        self.kind = kind
    }
}
