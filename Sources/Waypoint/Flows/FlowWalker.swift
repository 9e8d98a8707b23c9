/// One flow on the way from the top-level flow to a step: the subflow's steps and where we are in it.
struct FlowLevel<Context>: Sendable {
    let flow: FlowDefinition<Context>
    let list: StepList<Context>
    /// The path of the subflow step that runs this flow; `nil` for the top-level flow.
    let prefix: StepPath?
    /// The position, in `list`, of the current step (or of the subflow step leading deeper).
    var position: Int

    func path(of id: String) -> StepPath {
        prefix?.appending(id) ?? StepPath(id)
    }
}

/// Resolves outcomes to the next step to show, applying conditions, skips and subflows.
struct FlowWalker<Context> {
    /// How deep subflows may nest before Waypoint assumes a subflow includes itself.
    static var maximumDepth: Int { 32 }

    let root: FlowDefinition<Context>
    let context: Context
    /// The steps skipped so far, in order.
    private(set) var skipped: [StepPath] = []

    init(root: FlowDefinition<Context>, context: Context) {
        self.root = root
        self.context = context
    }

    /// The levels from the top-level flow down to the step at `path`, or `nil` when the path does
    /// not name a screen step (or, with `subflowStep`, a subflow step) as declared for the current context.
    func levels(for path: StepPath, subflowStep: Bool = false) -> [FlowLevel<Context>]? {
        var levels: [FlowLevel<Context>] = []
        var flow = root
        var prefix: StepPath?
        let components = path.components
        for (index, component) in components.enumerated() {
            let list = flow.stepList(for: context)
            guard let position = list.position(of: component) else { return nil }
            levels.append(FlowLevel(flow: flow, list: list, prefix: prefix, position: position))
            let step = list.steps[position]
            if index == components.count - 1 {
                guard step.isSubflow == subflowStep else { return nil }
            } else {
                guard let subflow = step.subflow else { return nil }
                flow = subflow
                prefix = prefix?.appending(component) ?? StepPath(component)
            }
        }
        return levels.isEmpty ? nil : levels
    }

    /// Follows `target` from the innermost level until a step to show is found.
    ///
    /// - Parameters:
    ///   - force: enter the first step even when its condition is false (an explicit jump).
    /// - Returns: the path of the step to show, or `nil` when the top-level flow completes.
    mutating func follow(
        _ target: Target, levels: inout [FlowLevel<Context>], from reference: String, force: Bool
    ) throws(FlowError) -> StepPath? {
        var target = target
        var reference = reference
        var forced = force
        var passed: [StepPath] = []
        var iterations = 0
        while true {
            iterations += 1
            switch target {
            case .complete:
                guard levels.count > 1 else { return nil }
                levels.removeLast()
                let parent = levels[levels.count - 1]
                target = parent.list.target(from: parent.position, outcome: Outcome.next)
                    ?? parent.list.following(parent.position)
                reference = "the target of outcome 'next' of subflow step '\(parent.path(of: parent.list.steps[parent.position].id))'"
            case .step(let id):
                let level = levels[levels.count - 1]
                guard let position = level.list.position(of: id) else {
                    throw .unknownStep(flowID: level.flow.id, stepID: id, referencedBy: reference)
                }
                levels[levels.count - 1].position = position
                let step = level.list.steps[position]
                let stepPath = level.path(of: id)
                if iterations > 16 {
                    if passed.contains(stepPath) {
                        throw .skipCycle(flowID: root.id, steps: passed.map(\.rawValue) + [stepPath.rawValue])
                    }
                    passed.append(stepPath)
                }
                if !forced, let condition = step.condition, !condition.evaluate(context) {
                    skipped.append(stepPath)
                    target = level.list.skipTarget(from: position)
                    reference = "where skipped step '\(stepPath)' leads"
                    continue
                }
                forced = false
                if let subflow = step.subflow {
                    guard levels.count < Self.maximumDepth else {
                        throw .subflowTooDeep(path: stepPath.rawValue, limit: Self.maximumDepth)
                    }
                    let list = subflow.stepList(for: context)
                    levels.append(FlowLevel(flow: subflow, list: list, prefix: stepPath, position: 0))
                    target = list.startID(declared: subflow.start).map(Target.step) ?? .complete
                    reference = "the start of subflow '\(subflow.id)' run by step '\(stepPath)'"
                    continue
                }
                return stepPath
            }
        }
    }
}
