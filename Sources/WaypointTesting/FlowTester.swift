import Foundation
import Waypoint

/// Drives a flow in a test without any UI, store or clock, and records everything it did.
///
/// ```swift
/// var tester = try FlowTester(signup, context: Profile(country: "FR"))
/// try tester.run("register", "newUser")
/// #expect(tester.visited == ["splash", "registration", "shared-end/e"])
/// #expect(tester.skipped == ["personalization"])
/// ```
public struct FlowTester<Context> {
    /// The flow under test.
    public let definition: FlowDefinition<Context>
    /// The context conditions are evaluated against; change it between events to simulate the app.
    public var context: Context
    /// The flow's state.
    public private(set) var state: FlowState
    /// Every effect returned so far, in order.
    public private(set) var effects: [FlowEffect] = []

    /// Creates a tester and starts the flow.
    public init(_ definition: FlowDefinition<Context>, context: Context) throws(FlowError) {
        self.definition = definition
        self.context = context
        var state = FlowState(for: definition)
        effects = try state.start(in: definition, context: context)
        self.state = state
    }

    /// The path of the current step, or `nil` after completion.
    public var current: String? { state.current.map { $0.custom?.id ?? $0.path.rawValue } }

    /// The visited path (the back stack), as step paths.
    public var visited: [String] { state.path.map { $0.custom?.id ?? $0.path.rawValue } }

    /// Every step skipped so far because its condition was false.
    public var skipped: [StepPath] {
        effects.compactMap { if case .skipped(let path) = $0 { path } else { nil } }
    }

    /// Every step entered so far, in order, including steps returned to.
    public var entered: [String] {
        effects.compactMap { if case .entered(let visit) = $0 { visit.custom?.id ?? visit.path.rawValue } else { nil } }
    }

    /// Whether the flow has completed.
    public var isCompleted: Bool { state.isCompleted }

    /// Sends the outcomes in order (`back` goes back), stopping at the first error.
    public mutating func run(_ outcomes: String...) throws(FlowError) {
        for outcome in outcomes { try next(outcome) }
    }

    /// Leaves the current step with `outcome`.
    public mutating func next(_ outcome: String = Outcome.next) throws(FlowError) {
        effects += try state.next(outcome, in: definition, context: context)
    }

    /// Goes back one step.
    public mutating func back() throws(FlowError) {
        effects += try state.back()
    }

    /// Jumps to a declared step.
    public mutating func jump(to id: String) throws(FlowError) {
        effects += try state.jump(to: id, in: definition, context: context)
    }

    /// Pushes an ad-hoc step.
    public mutating func push(custom step: CustomStep) throws(FlowError) {
        effects += try state.push(custom: step)
    }

    /// Completes the flow from the current step.
    public mutating func complete() throws(FlowError) {
        effects += try state.complete()
    }

    /// Simulates a relaunch of the app with a (possibly changed) definition of the flow: the state
    /// goes through JSON, as it would through a store, and is restored against `definition`.
    ///
    /// - Returns: what restoring did; the tester continues with the restored flow, started fresh
    ///   when nothing could be kept.
    public mutating func relaunch(with definition: FlowDefinition<Context>? = nil) throws -> RestoreResult {
        let definition = definition ?? self.definition
        let data = try JSONEncoder().encode(state)
        let saved = try JSONDecoder().decode(FlowState.self, from: data)
        var (restored, result) = FlowState.restoring(saved, in: definition, context: context)
        var effects: [FlowEffect] = []
        if !restored.hasStarted {
            effects = try restored.start(in: definition, context: context)
        }
        self = FlowTester(definition: definition, context: context, state: restored, effects: effects)
        return result
    }

    private init(definition: FlowDefinition<Context>, context: Context, state: FlowState, effects: [FlowEffect]) {
        self.definition = definition
        self.context = context
        self.state = state
        self.effects = effects
    }
}
