// The events are `@inlinable` so that the module calling them (`FlowTester`, the tools) specializes
// them, and the walker they use, for its own context type. What does not depend on the context — recording the visits and the
// effects — is ordinary code of this module, reached through `@usableFromInline` methods.

extension FlowState {
    /// Enters the flow's start step (skipping steps whose conditions are false).
    ///
    /// - Returns: `flowStarted`, any `skipped`, then `entered` (or `flowCompleted` when every step
    ///   was skipped), then `persist`.
    @inlinable
    package mutating func start<Context>(
        in definition: FlowDefinition<Context>, context: Context
    ) throws(FlowError) -> [FlowEffect] {
        guard !hasStarted else { throw .alreadyStarted(flowID: flowID) }
        var walker = FlowWalker(root: definition, context: context)
        var levels = walker.rootLevels()
        let arrival = try walker.follow(levels.base.list.routes.start, levels: &levels, from: .start, force: false)
        return recordStart(skipped: walker.skipped, arrival: arrival)
    }

    /// Leaves the current step with `outcome` and enters the step it leads to.
    ///
    /// `back` is reserved and behaves like ``back()``. On a custom step any outcome finishes it
    /// and returns to the step it was pushed from.
    ///
    /// - Throws: ``FlowError`` naming the step and the outcomes it accepts when it does not accept
    ///   `outcome`; the state is then unchanged.
    @inlinable
    package mutating func next<Context>(
        _ outcome: String = Outcome.next, in definition: FlowDefinition<Context>, context: Context
    ) throws(FlowError) -> [FlowEffect] {
        if outcome == Outcome.back { return try back() }
        let currentVisit = try requireCurrent()
        if currentVisit.isCustom { return returnFromCustom(leaving: .outcome(outcome)) }
        var walker = FlowWalker(root: definition, context: context)
        let arrival: StepPath?
        if var levels = walker.levels(for: currentVisit.path) {
            let leaf = levels.last
            guard let route = leaf.list.routes.route(from: leaf.position, outcome: outcome) else {
                throw .outcomeNotAccepted(
                    step: currentVisit.path.rawValue, outcome: outcome,
                    accepted: leaf.list.steps[leaf.position].acceptedOutcomes)
            }
            arrival = try walker.follow(
                route.destination, levels: &levels, from: .outcome(outcome, of: currentVisit.path), force: false)
        } else {
            // The current step is no longer declared for this context (a context-dependent builder
            // changed its mind): continue in declared order after the latest visit still declared.
            guard outcome == Outcome.next else {
                throw .outcomeNotAccepted(step: currentVisit.path.rawValue, outcome: outcome, accepted: [Outcome.next])
            }
            arrival = try continueAfterLatestDeclaredVisit(walker: &walker)
        }
        return recordMove(leaving: .outcome(outcome), skipped: walker.skipped, arrival: arrival)
    }

    /// The outcomes the current step accepts, in declaration order, without `back` (see
    /// ``canGoBack``); empty before the start, after completion, and on a step no longer declared.
    ///
    /// A custom step accepts any outcome; this lists `next` for it.
    package func acceptedOutcomes<Context>(in definition: FlowDefinition<Context>, context: Context) -> [String] {
        guard let visit = current else { return [] }
        if visit.isCustom { return [Outcome.next] }
        return definition.step(at: visit.path, context: context)?.acceptedOutcomes ?? []
    }

    /// Goes back to the previous visit of the path, removing the current one.
    @usableFromInline package mutating func back() throws(FlowError) -> [FlowEffect] {
        let currentVisit = try requireCurrent()
        guard path.count > 1 else { throw .cannotGoBack(step: currentVisit.stepID) }
        path.removeLast()
        path[path.count - 1].departure = nil
        let previous = path[path.count - 1]
        return [.wentBack(from: currentVisit, to: previous), .entered(previous), .persist]
    }

    /// Jumps forward to a declared step, then continues in declared order from there.
    ///
    /// `id` is looked up in the flow of the current step first, then in the flows around it; a
    /// path with `/` (`"shared-end/consent"`) is looked up from the top-level flow. The jump is
    /// explicit, so the target's condition is not evaluated; a subflow step is entered at its start.
    @inlinable
    package mutating func jump<Context>(
        to id: String, in definition: FlowDefinition<Context>, context: Context
    ) throws(FlowError) -> [FlowEffect] {
        let currentVisit = try requireCurrent()
        var walker = FlowWalker(root: definition, context: context)
        var levels: LevelStack<Context>
        let target = StepPath(id)
        if let parent = target.parent {
            guard let found = walker.levels(for: parent, subflowStep: true),
                  let subflow = found.last.list.steps[found.last.position].subflow
            else {
                throw .unknownStep(flowID: definition.id, stepID: id, referencedBy: "the target of a jump")
            }
            levels = found
            levels.append(FlowLevel(flow: subflow, list: subflow.stepList(for: context), prefix: parent, position: 0))
        } else {
            levels = walker.levels(for: currentVisit.path) ?? walker.rootLevels()
            guard let depth = levels.lastIndex(where: { $0.list.routes.position(of: id) != nil }) else {
                throw .unknownStep(flowID: definition.id, stepID: id, referencedBy: "the target of a jump")
            }
            levels.keepFirst(depth + 1)
        }
        let destination = levels.last.list.routes.position(of: target.leafID).map(StepRoutes.Resolved.step)
            ?? .unknown(target.leafID)
        let arrival = try walker.follow(destination, levels: &levels, from: .jump, force: true)
        return recordMove(leaving: .jump, skipped: walker.skipped, arrival: arrival)
    }

    /// Shows an ad-hoc step outside the declared order; finishing it (or going back) returns to
    /// the step it was pushed from.
    package mutating func push(custom step: CustomStep) throws(FlowError) -> [FlowEffect] {
        let currentVisit = try requireCurrent()
        path[path.count - 1].departure = .pushedCustom
        let visit = Visit(path: currentVisit.path, custom: step)
        path.append(visit)
        return [.left(currentVisit, .pushedCustom), .entered(visit), .persist]
    }

    /// Completes the flow from the current step, whatever is declared after it.
    package mutating func complete() throws(FlowError) -> [FlowEffect] {
        _ = try requireCurrent()
        return recordMove(leaving: .completedFlow, skipped: [], arrival: nil)
    }

    // MARK: - Recording

    /// Records the start of the flow: the steps skipped on the way and the step shown (or completion).
    @usableFromInline
    mutating func recordStart(skipped: [StepPath], arrival: StepPath?) -> [FlowEffect] {
        var effects: [FlowEffect] = []
        effects.reserveCapacity(skipped.count + 3)
        effects.append(.flowStarted)
        for step in skipped { effects.append(.skipped(step)) }
        arrive(at: arrival, effects: &effects)
        return effects
    }

    /// Records leaving the current step with `departure`, the steps skipped on the way and the
    /// step shown next (or completion).
    @usableFromInline
    mutating func recordMove(leaving departure: Departure, skipped: [StepPath], arrival: StepPath?) -> [FlowEffect] {
        var effects: [FlowEffect] = []
        effects.reserveCapacity(skipped.count + 3)
        effects.append(.left(path[path.count - 1], departure))
        path[path.count - 1].departure = departure
        for step in skipped { effects.append(.skipped(step)) }
        arrive(at: arrival, effects: &effects)
        return effects
    }

    private mutating func arrive(at arrival: StepPath?, effects: inout [FlowEffect]) {
        if let arrival {
            let visit = Visit(path: arrival)
            // A path usually grows to several visits: one allocation instead of four.
            if path.capacity == 0 { path.reserveCapacity(8) }
            path.append(visit)
            effects.append(.entered(visit))
        } else {
            isCompleted = true
            effects.append(.flowCompleted)
        }
        effects.append(.persist)
    }

    /// The current visit; throws when the flow has not started or has completed.
    @usableFromInline
    func requireCurrent() throws(FlowError) -> Visit {
        if isCompleted { throw .alreadyCompleted(flowID: flowID) }
        guard let last = path.last else { throw .notStarted(flowID: flowID) }
        return last
    }

    /// Finishes the current custom step and returns to the step it was pushed from.
    @usableFromInline
    mutating func returnFromCustom(leaving departure: Departure) -> [FlowEffect] {
        let custom = path.removeLast()
        path[path.count - 1].departure = nil
        return [.left(custom, departure), .entered(path[path.count - 1]), .persist]
    }

    /// Where declared order continues after the latest visit still declared for the context, or
    /// from the start when there is none.
    @inlinable
    func continueAfterLatestDeclaredVisit<Context>(walker: inout FlowWalker<Context>) throws(FlowError) -> StepPath? {
        for visit in path.reversed() where !visit.isCustom {
            guard var levels = walker.levels(for: visit.path) else { continue }
            let leaf = levels.last
            let following: StepRoutes.Resolved = leaf.position + 1 < leaf.list.routes.count ? .step(leaf.position + 1) : .complete
            return try walker.follow(following, levels: &levels, from: .after(visit.path), force: false)
        }
        var levels = walker.rootLevels()
        return try walker.follow(levels.base.list.routes.start, levels: &levels, from: .start, force: false)
    }
}
