/// A reusable piece of onboarding: an `async throws` function from `Input` to `Output`, as a value.
///
/// A subflow is a LEGO brick. A single step (show a screen, call the network) is a subflow, and so
/// is any chain of them composed with `|>`, a fork on an outcome, or a whole onboarding. Because
/// a subflow is an ordinary `Sendable` value, it can be stored, passed to a function, reused at
/// several points, nested inside another, and swapped for another in one line:
///
/// ```swift
/// let showE = Subflow.step("E") { try await presenter.show { .info("E", $0) } }
/// let endFlow = showE |> showF |> showG          // one line to reorder
/// let onboarding = pickRole |> .fork { role in   // an enum outcome picks the next subflow
///     switch role {
///     case .player: playerFlow
///     case .coach: coachFlow
///     case .other: interests
///     }
/// } |> endFlow
///
/// try await onboarding.run((), observer: analytics)
/// ```
///
/// Types must line up: `a |> b` compiles only when `a`'s `Output` is `b`'s `Input`, so a step that
/// needs a `Team` cannot be placed after one that produces nothing.
///
/// ### Running
/// Call a subflow like a function (`try await flow(input)`) or with ``run(_:observer:)`` to report
/// its named steps to a ``SubflowObserver``. It runs in the calling task: cancelling that task
/// cancels the step in progress (a screen awaiting a ``StepContinuation`` resumes with
/// `CancellationError`) and no later step starts. Errors thrown by a step end the subflow and
/// propagate to the caller, who decides whether to retry, fall back or give up.
///
/// ### Names and observation
/// Steps named with ``step(_:_:)`` or ``named(_:)`` report ``SubflowEvent``s (started, completed
/// with an outcome name, failed, cancelled) to the observer of the run, with the path of enclosing
/// names. Naming a composed subflow (`(showE |> showF |> showG).named("End")`) groups its steps.
///
/// ### Limits compared with declared flows
/// A composed flow is code, not data: it cannot be resumed after a relaunch (closures cannot be
/// serialised, so it starts again from its first step), it has no `back()` or `jump(to:)`, and its
/// order changes only with a release. Use a declared flow (`FlowDefinition` with `FlowNavigator`)
/// when those matter; ``SubflowObserver`` explains each limit and why.
public struct Subflow<Input: Sendable, Output: Sendable>: Sendable {
    /// The step's name when it was given one; composed subflows have none until ``named(_:)``.
    package let name: String?

    private let body: @Sendable (Input) async throws -> Output

    /// Creates an anonymous subflow from an `async throws` function.
    public init(_ body: @escaping @Sendable (Input) async throws -> Output) {
        self.name = nil
        self.body = body
    }

    private init(name: String?, body: @escaping @Sendable (Input) async throws -> Output) {
        self.name = name
        self.body = body
    }

    /// Creates a named step, which reports its events to the observer of the run.
    ///
    /// ```swift
    /// let createTeam = Subflow<Void, Team>.step("CreateTeam") {
    ///     try await presenter.show { .createTeam($0) }
    /// }
    /// ```
    public static func step(
        _ name: String,
        _ body: @escaping @Sendable (Input) async throws -> Output
    ) -> Subflow {
        Subflow(body).named(name)
    }

    /// Returns this subflow under `name`: it reports started / completed / failed / cancelled
    /// events, and the named steps inside it report with `name` in their path.
    public func named(_ name: String) -> Subflow {
        named(name, experiment: nil)
    }

    /// Returns this subflow under `name`, as the variation of an experiment the user is assigned:
    /// its events carry `experiment`, and a run is exposed to the experiment when it starts.
    ///
    /// Pick the variation's subflow, then name it with the assignment; pass `nil` for a user outside
    /// the experiment (they see the control and are never exposed). ``SubflowAnalytics`` attributes
    /// every event of the run to the experiment from this subflow's start on (from `Flow Started`
    /// when it is the outermost one), none before:
    ///
    /// ```swift
    /// let assignment = resolution.flows["paywall"]?.experiment       // nil outside the experiment
    /// let paywall = (assignment?.variation == "annual-first" ? annualFirst : monthlyFirst)
    ///     .named("paywall", experiment: assignment)
    /// try await (welcome |> goals |> paywall |> done).named("onboarding").run(observer: analytics)
    /// ```
    public func named(_ name: String, experiment: ExperimentAssignment?) -> Subflow {
        let body = self.body
        return Subflow(name: name) { input in
            guard let outer = SubflowTrace.current else {
                return try await body(input)
            }
            let trace = outer.entering(name)
            await trace.observer.receive(SubflowEvent(path: trace.path, kind: .started, experiment: experiment))
            do {
                let output = try await SubflowTrace.$current.withValue(trace) {
                    try await body(input)
                }
                let outcome = SubflowEvent.outcomeName(of: output)
                await trace.observer.receive(SubflowEvent(path: trace.path, kind: .completed(outcome: outcome), experiment: experiment))
                return output
            } catch {
                let kind: SubflowEvent.Kind = error is CancellationError
                    ? .cancelled
                    : .failed(message: String(describing: error))
                await trace.observer.receive(SubflowEvent(path: trace.path, kind: kind, experiment: experiment))
                throw error
            }
        }
    }

    /// Runs the subflow with `input` in the calling task.
    public func callAsFunction(_ input: Input) async throws -> Output {
        try await body(input)
    }

    /// Runs the subflow with `input`, reporting its named steps to `observer`.
    ///
    /// Nested runs report to the innermost observer; steps keep the path of names they were
    /// reached through.
    public func run(_ input: Input, observer: some SubflowObserver) async throws -> Output {
        let path = SubflowTrace.current?.path ?? []
        return try await SubflowTrace.$current.withValue(SubflowTrace(observer: observer, path: path)) {
            try await body(input)
        }
    }

    /// Returns a subflow that needs no input: it runs this one with `input`.
    ///
    /// Use it to pass an enum payload into a branch: `case .found(let team): joinTeam.with(team)`.
    public func with(_ input: Input) -> Subflow<Void, Output> {
        let body = self.body
        return Subflow<Void, Output>(name: name) { _ in try await body(input) }
    }

    /// Returns a subflow whose output is this one's, transformed (no step is shown for it).
    public func map<NewOutput: Sendable>(
        _ transform: @escaping @Sendable (Output) async throws -> NewOutput
    ) -> Subflow<Input, NewOutput> {
        let body = self.body
        return Subflow<Input, NewOutput>(name: name) { input in try await transform(try await body(input)) }
    }
}

extension Subflow where Input == Void {
    /// Runs the subflow in the calling task.
    public func callAsFunction() async throws -> Output {
        try await self(())
    }

    /// Runs the subflow, reporting its named steps to `observer`.
    public func run(observer: some SubflowObserver) async throws -> Output {
        try await run((), observer: observer)
    }
}

extension Subflow where Input == Output {
    /// A subflow that shows nothing and returns its input: the neutral brick, for a branch with no
    /// steps of its own.
    package static var identity: Subflow {
        Subflow { $0 }
    }
}

/// The observer and the enclosing step names of the running subflow, carried as a task-local value.
struct SubflowTrace: Sendable {
    /// The trace of the current task, or `nil` when no observer was given.
    @TaskLocal static var current: SubflowTrace?

    let observer: any SubflowObserver
    let path: [String]

    /// The trace inside the step called `name`.
    func entering(_ name: String) -> SubflowTrace {
        SubflowTrace(observer: observer, path: path + [name])
    }
}
