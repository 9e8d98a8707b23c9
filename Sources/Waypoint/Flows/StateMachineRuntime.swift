import Foundation
import Observation

/// The runtime of a ``StateMachine``: an observable current state, history for back, and — when
/// the states are `Codable` — progress saved after every change and restored on launch.
///
/// ```swift
/// let runtime = StateMachineRuntime(signUpMachine, store: FileProgressStore(directory: url))
/// await runtime.restore()
/// try runtime.send(.chooseRegister)
/// ```
@MainActor
@Observable
public final class StateMachineRuntime<State: Sendable & Equatable, Event: Sendable> {
    /// The machine, as a value.
    package private(set) var machine: StateMachine<State, Event>
    /// What ``restore()`` found in the store, once it has run.
    public private(set) var restoreResult: RestoreResult?
    /// The last problem reading or writing saved progress; the machine goes on regardless.
    public private(set) var persistenceError: ProgressStoreError?

    /// The app's own handler of every change, called after the change was applied.
    ///
    /// There is one such handler; to watch changes from several places (analytics, logging, tests),
    /// register observers with ``observeChanges(_:)``, which setting this never affects.
    @ObservationIgnored public var onChange: (@MainActor (StateChange<State>) -> Void)?

    @ObservationIgnored private let persistence: Persistence?
    @ObservationIgnored private var saves = SaveQueue()
    @ObservationIgnored private let observers = ObserverList<StateChange<State>>()

    private struct Persistence: Sendable {
        let save: @Sendable (StateMachine<State, Event>) async throws -> Void
        let load: @Sendable (inout StateMachine<State, Event>) async -> Result<RestoreResult, ProgressStoreError>
        let key: String
    }

    /// Creates a runtime that keeps the machine in memory only.
    public init(_ machine: StateMachine<State, Event>) {
        self.machine = machine
        self.persistence = nil
    }

    /// Creates a runtime that saves the machine in `store` after every change.
    ///
    /// - Parameter key: the storage key; defaults to `waypoint.machine.<machine id>`.
    public init(
        _ machine: StateMachine<State, Event>, store: any ProgressStore, key: String? = nil,
        clock: any WaypointClock = SystemClock()
    ) where State: Codable {
        self.machine = machine
        let key = key ?? "waypoint.machine.\(machine.id)"
        self.persistence = Persistence(
            save: { machine in
                try await store.saveSnapshot(machine.snapshot, forKey: key, at: clock.now)
            },
            load: { machine in
                switch await store.loadSnapshot(MachineSnapshot<State>.self, forKey: key) {
                case .empty: return .success(.fresh)
                case .loaded(let snapshot): return .success(machine.restore(snapshot.value))
                case .recovered(let error): return .failure(error)
                }
            },
            key: key)
    }

    /// The current state.
    public var current: State { machine.current }
    /// The states before the current one, oldest first.
    public var history: [State] { machine.history }
    /// Whether the machine is in a final state.
    public var isCompleted: Bool { machine.isCompleted }
    /// Whether ``back()`` would succeed.
    public var canGoBack: Bool { machine.canGoBack }

    /// Restores saved progress, if any; unreadable progress is set aside and reported.
    public func restore() async {
        guard let persistence else {
            restoreResult = .fresh
            return
        }
        var machine = self.machine
        switch await persistence.load(&machine) {
        case .success(let result):
            let before = self.machine.current
            self.machine = machine
            restoreResult = result
            if case .resumed = result {
                report(StateChange(from: before, to: machine.current, kind: .restored))
            } else if case .alreadyCompleted = result {
                report(StateChange(from: before, to: machine.current, kind: .restored))
            }
        case .failure(let error):
            persistenceError = error
            restoreResult = .discarded(reason: error.description)
        }
    }

    /// Sends an event to the machine.
    ///
    /// - Throws: ``StateMachineError`` when the event does not apply; nothing changes then.
    public func send(_ event: Event) throws(StateMachineError) {
        let change = try machine.send(event)
        apply(change)
    }

    /// Returns to the previous state.
    public func back() throws(StateMachineError) {
        let change = try machine.back()
        apply(change)
    }

    /// Returns to the initial state, forgetting the history (and the saved progress).
    public func reset() {
        let change = machine.reset()
        apply(change)
    }

    /// Waits until every save scheduled so far has finished.
    public func waitForSaves() async {
        await saves.wait()
    }

    /// Registers an observer of every change from now on, called after the change was applied,
    /// after ``onChange``, and after the observers registered before it.
    ///
    /// Any number of observers can watch one runtime; each runs until the returned observation is
    /// cancelled or released, whatever happens to ``onChange``.
    public func observeChanges(_ handler: @escaping @MainActor (StateChange<State>) -> Void) -> EffectObservation {
        observers.add(handler)
    }

    /// A stream of every change from now on, in order; it ends when the runtime is released.
    public func changes() -> AsyncStream<StateChange<State>> {
        observers.stream()
    }

    private func apply(_ change: StateChange<State>) {
        if let persistence {
            let snapshot = machine
            saves.schedule {
                try await persistence.save(snapshot)
            } failed: { [weak self] error in
                self?.persistenceError = ProgressStoreError.saving(error, key: persistence.key)
            }
        }
        report(change)
    }

    private func report(_ change: StateChange<State>) {
        onChange?(change)
        observers.send(change)
    }
}
