/// The saved form of a ``StateMachine``: its id, version, current state and history.
package struct MachineSnapshot<State: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    /// The id of the machine the snapshot belongs to.
    package let machineID: String
    /// The machine's version when the snapshot was taken.
    package let version: Int
    /// The state the machine was in.
    package let current: State
    /// The states before it, oldest first.
    package let history: [State]

    /// Creates a snapshot.
    package init(machineID: String, version: Int, current: State, history: [State]) {
        self.machineID = machineID
        self.version = version
        self.current = current
        self.history = history
    }
}

extension StateMachine where State: Codable {
    /// A snapshot of the machine, to save.
    package var snapshot: MachineSnapshot<State> {
        MachineSnapshot(machineID: id, version: version, current: current, history: history)
    }

    /// Restores the current state and history from `snapshot` when it is usable.
    ///
    /// A snapshot of another machine is ignored. A snapshot in a final state is always restored
    /// (a completed flow is never started again). A snapshot of another ``version`` is not
    /// restored, because the states it holds may no longer mean the same; the machine then stays
    /// in its initial state.
    @discardableResult
    package mutating func restore(_ snapshot: MachineSnapshot<State>) -> RestoreResult {
        guard snapshot.machineID == id else {
            return .discarded(reason: "it belongs to machine '\(snapshot.machineID)', not '\(id)'")
        }
        let finished = isFinal(snapshot.current)
        guard snapshot.version == version || finished else {
            return .truncated(kept: 0, dropped: snapshot.history.count + 1)
        }
        _current = snapshot.current
        _history = snapshot.history
        return finished ? .alreadyCompleted : .resumed(visits: history.count + 1)
    }
}
