import Foundation
import Testing
import Waypoint
import WaypointTesting

enum Light: Hashable, Sendable, Codable { case green, yellow(seconds: Int), red, off }
enum Signal: Sendable { case slow, stop, go, powerCut }

extension StateMachine where State == Light, Event == Signal {
    static func light(version: Int = 1) -> StateMachine {
        StateMachine("light", version: version, initial: .green, isFinal: { $0 == .off }) { state, event in
            switch (state, event) {
            case (.green, .slow): .yellow(seconds: 3)
            case (.yellow, .stop): .red
            case (.red, .go): .green
            case (_, .powerCut): .off
            default: nil
            }
        }
    }
}

@Suite("StateMachine")
struct StateMachineTests {
    @Test func transitionsCarryAssociatedValuesAndKeepHistory() throws {
        var machine = StateMachine.light()
        let change = try machine.send(.slow)
        #expect(change == StateChange(from: .green, to: .yellow(seconds: 3), kind: .forward))
        try machine.send(.stop)
        #expect(machine.current == .red)
        #expect(machine.history == [.green, .yellow(seconds: 3)])
    }

    @Test func unknownTransitionIsAnErrorThatChangesNothing() throws {
        var machine = StateMachine.light()
        do {
            try machine.send(.go)
            Issue.record("expected an error")
        } catch {
            #expect(error.description
                == "Machine 'light' has no transition for event go in state green; add a case to the transition function or do not send it here.")
        }
        #expect(machine.current == .green)
        #expect(machine.history.isEmpty)
    }

    @Test func backReturnsToThePreviousStateUntilTheFirst() throws {
        var machine = StateMachine.light()
        try machine.send(.slow)
        let change = try machine.back()
        #expect(change.kind == .back)
        #expect(machine.current == .green)
        #expect(!machine.canGoBack)
        #expect(throws: StateMachineError.self) { try machine.back() }
    }

    @Test func finalStateCompletesAndAcceptsNothingMore() throws {
        var machine = StateMachine.light()
        let change = try machine.send(.powerCut)
        #expect(change.kind == .completed)
        #expect(machine.isCompleted)
        do {
            try machine.send(.go)
            Issue.record("expected an error")
        } catch {
            #expect(error.description
                == "Machine 'light' finished in state off and accepts no more events (got go); reset it to run it again.")
        }
        #expect(throws: StateMachineError.self) { try machine.back() }
        machine.reset()
        #expect(machine.current == .green)
    }

    @Test func peekDoesNotChangeTheMachine() {
        let machine = StateMachine.light()
        #expect(machine.peek(.slow) == .yellow(seconds: 3))
        #expect(machine.peek(.go) == nil)
        #expect(machine.current == .green)
    }

    @Test func snapshotRestoresCurrentStateAndHistory() throws {
        var machine = StateMachine.light()
        try machine.send(.slow)
        let data = try JSONEncoder().encode(machine.snapshot)
        let snapshot = try JSONDecoder().decode(MachineSnapshot<Light>.self, from: data)
        var relaunched = StateMachine.light()
        #expect(relaunched.restore(snapshot) == .resumed(visits: 2))
        #expect(relaunched.current == .yellow(seconds: 3))
        #expect(relaunched.history == [.green])
    }

    @Test func snapshotOfAnotherVersionIsNotRestoredUnlessFinished() throws {
        var machine = StateMachine.light()
        try machine.send(.slow)
        var bumped = StateMachine.light(version: 2)
        #expect(bumped.restore(machine.snapshot) == .truncated(kept: 0, dropped: 2))
        #expect(bumped.current == .green)
        try machine.send(.powerCut)
        #expect(bumped.restore(machine.snapshot) == .alreadyCompleted)
        #expect(bumped.current == .off)
    }
}

@MainActor
@Suite("StateMachineRuntime")
struct StateMachineRuntimeTests {
    @Test func runtimeSavesEveryChangeAndRestoresOnRelaunch() async throws {
        let store = InMemoryProgressStore()
        let runtime = StateMachineRuntime(StateMachine.light(), store: store, clock: FixedClock())
        var changes: [StateChange<Light>] = []
        runtime.onChange = { changes.append($0) }
        await runtime.restore()
        #expect(runtime.restoreResult == .fresh)
        try runtime.send(.slow)
        try runtime.send(.stop)
        try runtime.back()
        await runtime.waitForSaves()
        #expect(changes.map(\.kind) == [.forward, .forward, .back])
        #expect(await store.writeCount == 3)

        let relaunched = StateMachineRuntime(StateMachine.light(), store: store)
        await relaunched.restore()
        #expect(relaunched.current == .yellow(seconds: 3))
        #expect(relaunched.history == [.green])
        #expect(relaunched.restoreResult == .resumed(visits: 2))
    }

    @Test func corruptProgressIsReportedAndTheMachineStartsAtItsInitialState() async throws {
        let store = InMemoryProgressStore()
        await store.corrupt(key: "waypoint.machine.light")
        let runtime = StateMachineRuntime(StateMachine.light(), store: store)
        await runtime.restore()
        #expect(runtime.current == .green)
        #expect(runtime.persistenceError != nil)
        #expect(await store.quarantined.count == 1)
    }

    @Test func inMemoryRuntimeObservesTheCurrentState() throws {
        let runtime = StateMachineRuntime(StateMachine.light())
        try runtime.send(.slow)
        #expect(runtime.current == .yellow(seconds: 3))
        #expect(runtime.canGoBack)
        try runtime.send(.powerCut)
        #expect(runtime.isCompleted)
    }
}
