/// A declared onboarding flow: ordered steps with stable ids, outcomes, conditions and subflows.
///
/// Declare a flow the way the product requirement reads it:
///
/// ```swift
/// struct Onboarding: Sendable { var healthDataAvailable = false; var notificationsAuthorized: Bool? }
///
/// let onboarding = Flow<Onboarding>("onboarding", version: 2) {
///     Step("welcome")
///     Step("modules", screen: "InterestingModules")
///     Step("health").when { $0.healthDataAvailable }
///     Step("notifications").when { $0.notificationsAuthorized != true }
///     Step("done")
/// }
/// ```
///
/// A flow whose very list of steps depends on the context takes the context in its builder; the
/// builder runs again, lazily, each time the navigator decides where to go:
///
/// ```swift
/// let signup = Flow<Account>("signup") { account in
///     Step("welcome")
///     if account.isInvited { Step("accept-invite") } else { Step("create-team") }
/// }
/// ```
///
/// Semantics follow the document format: a step without outcomes goes, on `next`, to the following
/// step in declared order, and the last such step completes the flow; a step whose condition is
/// false is skipped; a subflow step runs another flow and continues with `next` when it completes.
public struct FlowDefinition<Context>: Sendable {
    /// The flow's stable id, used for persistence and analytics.
    public let id: String
    /// The flow's version; bump it when a change should be visible in saved progress and analytics.
    public let version: Int
    /// The id of the first step; `nil` means the first declared step.
    public let start: String?
    private let source: Source

    private enum Source: Sendable {
        case fixed(StepList<Context>)
        case lazy(@Sendable (Context) -> [Step<Context>])
    }

    /// Creates a flow from a fixed list of steps.
    public init(id: String, version: Int = 1, start: String? = nil, steps: [Step<Context>]) {
        self.id = id
        self.version = version
        self.start = start
        self.source = .fixed(StepList(steps))
    }

    /// Creates a flow whose steps are declared once, in a builder.
    public init(
        _ id: String, version: Int = 1, start: String? = nil,
        @FlowBuilder<Context> steps: () -> [Step<Context>]
    ) {
        self.init(id: id, version: version, start: start, steps: steps())
    }

    /// Creates a flow whose builder takes the context and runs again, lazily, at every navigation decision.
    public init(
        _ id: String, version: Int = 1, start: String? = nil,
        @FlowBuilder<Context> steps: @escaping @Sendable (Context) -> [Step<Context>]
    ) {
        self.id = id
        self.version = version
        self.start = start
        self.source = .lazy(steps)
    }

    /// Whether the list of steps depends on the context (the builder takes it).
    public var isContextDependent: Bool {
        if case .lazy = source { return true }
        return false
    }

    /// The steps in declared order, for the given context.
    ///
    /// For a flow declared without a context parameter the context is not used.
    public func steps(for context: Context) -> [Step<Context>] {
        stepList(for: context).steps
    }

    /// The steps in declared order, when they do not depend on the context; `nil` otherwise.
    public var fixedSteps: [Step<Context>]? {
        if case .fixed(let list) = source { return list.steps }
        return nil
    }

    func stepList(for context: Context) -> StepList<Context> {
        switch source {
        case .fixed(let list): list
        case .lazy(let build): StepList(build(context))
        }
    }
}

/// Declares a flow; the same type as ``FlowDefinition``, named for reading in a builder.
public typealias Flow<Context> = FlowDefinition<Context>

/// Steps with an index from id to position, built once per evaluation.
struct StepList<Context>: Sendable {
    let steps: [Step<Context>]
    private let positions: [String: Int]

    init(_ steps: [Step<Context>]) {
        self.steps = steps
        var positions: [String: Int] = [:]
        positions.reserveCapacity(steps.count)
        for (offset, step) in steps.enumerated() where positions[step.id] == nil {
            positions[step.id] = offset
        }
        self.positions = positions
    }

    func position(of id: String) -> Int? { positions[id] }

    func step(_ id: String) -> Step<Context>? {
        positions[id].map { steps[$0] }
    }

    /// The declared start step's id, or the first step's.
    func startID(declared: String?) -> String? {
        declared ?? steps.first?.id
    }

    /// Where `outcome` leads from the step at `position`, or `nil` when the step does not accept it.
    func target(from position: Int, outcome: String) -> Target? {
        let step = steps[position]
        if step.outcomes.isEmpty {
            guard outcome == Outcome.next else { return nil }
            return following(position)
        }
        return step.declaredTarget(for: outcome)
    }

    /// The step after `position` in declared order, or completion after the last.
    func following(_ position: Int) -> Target {
        position + 1 < steps.count ? .step(steps[position + 1].id) : .complete
    }

    /// Where a skipped step leads: `skip`, else `next`, else declared order.
    func skipTarget(from position: Int) -> Target {
        let step = steps[position]
        return step.declaredTarget(for: Outcome.skip)
            ?? step.declaredTarget(for: Outcome.next)
            ?? following(position)
    }
}
