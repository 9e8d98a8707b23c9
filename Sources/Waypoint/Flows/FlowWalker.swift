// The walker is generic over the app's context type. Its declarations are `@usableFromInline` and
// its methods `@inlinable`, so that an app's (or benchmark's) module specializes them for its own
// context type instead of going through generic metadata at every navigation.

/// One flow on the way from the top-level flow to a step: the subflow's steps and where we are in it.
@usableFromInline
struct FlowLevel<Context>: Sendable {
    @usableFromInline let flow: FlowDefinition<Context>
    @usableFromInline let list: StepList<Context>
    /// The path of the subflow step that runs this flow; `nil` for the top-level flow.
    @usableFromInline let prefix: StepPath?
    /// The position, in `list`, of the current step (or of the subflow step leading deeper).
    @usableFromInline var position: Int

    @inlinable
    init(flow: FlowDefinition<Context>, list: StepList<Context>, prefix: StepPath?, position: Int) {
        self.flow = flow
        self.list = list
        self.prefix = prefix
        self.position = position
    }

    @inlinable
    func path(of id: String) -> StepPath {
        prefix?.appending(id) ?? StepPath(rawValue: id, isNested: false)
    }
}

/// Where a walk started, to name it in an error message (built only when an error is thrown).
@usableFromInline
enum WalkOrigin: Sendable {
    case start
    case outcome(String, of: StepPath)
    case jump
    case after(StepPath)
    case skipped(StepPath)
    case subflowStart(flowID: String, step: StepPath)
    case subflowCompleted(step: StepPath)

    @usableFromInline
    var description: String {
        switch self {
        case .start: "the start of the flow"
        case .outcome(let outcome, let step): "the target of outcome '\(outcome)' of step '\(step)'"
        case .jump: "the target of a jump"
        case .after(let step): "the step after '\(step)'"
        case .skipped(let step): "where skipped step '\(step)' leads"
        case .subflowStart(let flowID, let step): "the start of subflow '\(flowID)' run by step '\(step)'"
        case .subflowCompleted(let step): "the target of outcome 'next' of subflow step '\(step)'"
        }
    }
}

/// Resolves outcomes to the next step to show, applying conditions, skips and subflows as the
/// routes of each level's ``StepRoutes`` say.
@usableFromInline
struct FlowWalker<Context> {
    /// How deep subflows may nest before Waypoint assumes a subflow includes itself.
    @inlinable static var maximumDepth: Int { 32 }

    @usableFromInline let root: FlowDefinition<Context>
    @usableFromInline let context: Context
    /// The steps skipped so far, in order.
    @usableFromInline var skipped: [StepPath] = []

    @inlinable
    init(root: FlowDefinition<Context>, context: Context) {
        self.root = root
        self.context = context
    }

    /// The level of the top-level flow, positioned at its first step.
    @inlinable
    func rootLevels() -> LevelStack<Context> {
        LevelStack(FlowLevel(flow: root, list: root.stepList(for: context), prefix: nil, position: 0))
    }

    /// The levels from the top-level flow down to the step at `path`, or `nil` when the path does
    /// not name a screen step (or, with `subflowStep`, a subflow step) as declared for the current context.
    @inlinable
    func levels(for path: StepPath, subflowStep: Bool = false) -> LevelStack<Context>? {
        guard path.isNested else {
            // A step of the top-level flow.
            let list = root.stepList(for: context)
            guard let position = list.routes.position(of: path.rawValue), list.steps[position].isSubflow == subflowStep else { return nil }
            return LevelStack(FlowLevel(flow: root, list: list, prefix: nil, position: position))
        }
        var levels: LevelStack<Context>?
        var flow = root
        var prefix: StepPath?
        let components = path.components
        for (index, component) in components.enumerated() {
            let list = flow.stepList(for: context)
            guard let position = list.routes.position(of: component) else { return nil }
            let level = FlowLevel(flow: flow, list: list, prefix: prefix, position: position)
            if levels == nil { levels = LevelStack(level) } else { levels?.append(level) }
            let step = list.steps[position]
            if index == components.count - 1 {
                return step.isSubflow == subflowStep ? levels : nil
            }
            guard let subflow = step.subflow else { return nil }
            flow = subflow
            prefix = level.path(of: component)
        }
        return nil
    }

    /// Follows `destination` from the innermost level until a step to show is found.
    ///
    /// - Parameters:
    ///   - force: enter the first step even when its condition is false (an explicit jump).
    /// - Returns: the path of the step to show, or `nil` when the top-level flow completes.
    @inlinable
    mutating func follow(
        _ destination: StepRoutes.Resolved, levels: inout LevelStack<Context>, from origin: WalkOrigin, force: Bool
    ) throws(FlowError) -> StepPath? {
        var destination = destination
        var origin = origin
        var forced = force
        var passed: [StepPath] = []
        var iterations = 0
        while true {
            iterations += 1
            switch destination {
            case .complete:
                guard levels.count > 1 else { return nil }
                levels.removeLast()
                let parent = levels.last
                let step = parent.path(of: parent.list.steps[parent.position].id)
                guard let exit = parent.list.routes.exit(from: parent.position) else {
                    throw .subflowCannotContinue(step: step.rawValue, accepted: parent.list.steps[parent.position].acceptedOutcomes)
                }
                destination = exit.destination
                origin = .subflowCompleted(step: step)
            case .unknown(let id):
                throw .unknownStep(flowID: levels.last.flow.id, stepID: id, referencedBy: origin.description)
            case .step(let position):
                levels[levels.count - 1].position = position
                let level = levels.last
                let list = level.list
                let stepPath = level.path(of: list.steps[position].id)
                if iterations > 16 {
                    if passed.contains(stepPath) {
                        throw .skipCycle(flowID: root.id, steps: passed.map(\.rawValue) + [stepPath.rawValue])
                    }
                    passed.append(stepPath)
                }
                if !forced, let condition = list.steps[position].condition, !condition.evaluate(context) {
                    skipped.append(stepPath)
                    destination = list.routes.skips[position].destination
                    origin = .skipped(stepPath)
                    continue
                }
                forced = false
                if let subflow = list.steps[position].subflow {
                    guard levels.count < Self.maximumDepth else {
                        throw .subflowTooDeep(path: stepPath.rawValue, limit: Self.maximumDepth)
                    }
                    let list = subflow.stepList(for: context)
                    levels.append(FlowLevel(flow: subflow, list: list, prefix: stepPath, position: 0))
                    destination = list.routes.start
                    origin = .subflowStart(flowID: subflow.id, step: stepPath)
                    continue
                }
                return stepPath
            }
        }
    }
}
