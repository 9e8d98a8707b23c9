extension FlowState {
    /// Enters the flow's start step (skipping steps whose conditions are false).
    ///
    /// - Returns: `flowStarted`, any `skipped`, then `entered` (or `flowCompleted` when every step
    ///   was skipped), then `persist`.
    @inlinable
    public mutating func start<Context>(
        in definition: FlowDefinition<Context>, context: Context
    ) throws(FlowError) -> [FlowEffect] {
        var effects: [FlowEffect] = []
        try start(in: definition, context: context, into: &effects)
        return effects
    }

    /// Enters the flow's start step, appending the effects to `effects`.
    ///
    /// The same as ``start(in:context:)``, for callers that reuse one buffer of effects.
    @inlinable
    public mutating func start<Context>(
        in definition: FlowDefinition<Context>, context: Context, into effects: inout [FlowEffect]
    ) throws(FlowError) {
        guard !hasStarted else { throw .alreadyStarted(flowID: flowID) }
        if let position = definition.storage.fixedStartPosition, case let list = definition.storage.fixedList,
           list.storage.isPlainScreen[position]
            || (!list.isSubflow(at: position) && list.condition(at: position)?.evaluate(context) ?? true) {
            // The common case: the start step is a top-level screen step that is shown.
            effects.append(.flowStarted)
            arrive(at: StepPath(text: list.storage.compactIDs[position], isNested: false), positionHint: position, effects: &effects)
            return
        }
        var walker = FlowWalker(root: definition, context: context)
        let list = definition.stepList(for: context)
        var levels = LevelStack(FlowLevel(flow: definition, list: list, prefix: nil, position: 0))
        let target: Target = list.startID(declared: definition.start).map(Target.step) ?? .complete
        let arrival = try walker.follow(target, levels: &levels, from: .start, force: false)
        effects.append(.flowStarted)
        for skipped in walker.skipped { effects.append(.skipped(skipped)) }
        arrive(at: arrival, effects: &effects)
    }

    /// Leaves the current step with `outcome` and enters the step it leads to.
    ///
    /// `back` is reserved and behaves like ``back()``. On a custom step any outcome finishes it
    /// and returns to the step it was pushed from.
    ///
    /// - Throws: ``FlowError`` naming the step and the outcomes it accepts when it does not accept
    ///   `outcome`; the state is then unchanged.
    @inlinable
    public mutating func next<Context>(
        _ outcome: String = Outcome.next, in definition: FlowDefinition<Context>, context: Context
    ) throws(FlowError) -> [FlowEffect] {
        var effects: [FlowEffect] = []
        try next(outcome, in: definition, context: context, into: &effects)
        return effects
    }

    /// Leaves the current step with `outcome`, appending the effects to `effects`.
    ///
    /// The same as ``next(_:in:context:)``, for callers that reuse one buffer of effects (a runtime
    /// dispatching many events) instead of receiving a new array per event.
    @inlinable
    public mutating func next<Context>(
        _ outcome: String, in definition: FlowDefinition<Context>, context: Context,
        into effects: inout [FlowEffect]
    ) throws(FlowError) {
        if nextAtTopLevel(outcome, in: definition, context: context, into: &effects) { return }
        if outcome == Outcome.back {
            effects += try back()
            return
        }
        let currentVisit = try requireCurrent()
        if currentVisit.isCustom {
            effects += returnFromCustom(leaving: .outcome(outcome))
            return
        }
        var walker = FlowWalker(root: definition, context: context)
        let arrival: StepPath?
        if var levels = walker.levels(for: currentVisit.path) {
            let leaf = levels[levels.count - 1]
            guard let target = leaf.list.target(from: leaf.position, outcome: outcome) else {
                throw .outcomeNotAccepted(
                    step: currentVisit.path.rawValue, outcome: outcome,
                    accepted: leaf.list.steps[leaf.position].acceptedOutcomes)
            }
            arrival = try walker.follow(
                target, levels: &levels,
                from: .outcome(outcome, of: currentVisit.path), force: false)
        } else {
            // The current step is no longer declared for this context (a context-dependent builder
            // changed its mind): continue in declared order after the latest visit still declared.
            guard outcome == Outcome.next else {
                throw .outcomeNotAccepted(step: currentVisit.path.rawValue, outcome: outcome, accepted: [Outcome.next])
            }
            arrival = try continueAfterLatestDeclaredVisit(walker: &walker, definition: definition, context: context)
        }
        leave(.outcome(outcome), effects: &effects)
        for skipped in walker.skipped { effects.append(.skipped(skipped)) }
        arrive(at: arrival, effects: &effects)
    }

    /// The common case of ``next(_:in:context:into:)`` without walking levels: a top-level screen
    /// step of a fixed list, whose outcome leads to a top-level screen step that is shown (no
    /// condition, or one that holds) or completes the flow.
    ///
    /// - Returns: `false`, having changed nothing, when the event needs the general walk.
    @inlinable
    mutating func nextAtTopLevel<Context>(
        _ outcome: String, in definition: FlowDefinition<Context>, context: Context,
        into effects: inout [FlowEffect]
    ) -> Bool {
        guard !isCompleted, let last = visits.indices.last, !visits[last].isCustom, !visits[last].path.isNested,
              definition.storage.isFixed, case let list = definition.storage.fixedList,
              let position = list.position(of: visits[last]), !list.isSubflow(at: position)
        else { return false }
        guard let index = list.resolvedOutcome(from: position, named: outcome) else {
            // `back` is never a declared outcome; the general route goes back or reports the error.
            return false
        }
        let departure = Departure(text: list.storage.compactOutcomeNames[index])
        // `back` is reserved even where a step declares it.
        guard departure.text != CompactString.backOutcome else { return false }
        let target = list.storage.outcomeTargets[index]
        let arrival: StepPath?
        if target == StepList<Context>.completes {
            arrival = nil
        } else {
            // A subflow, a skipped step or an unknown id takes the general walk.
            guard target >= 0 else { return false }
            if !list.storage.isPlainScreen[target] {
                guard !list.isSubflow(at: target), list.condition(at: target)?.evaluate(context) ?? true else { return false }
            }
            arrival = StepPath(text: list.storage.compactIDs[target], isNested: false)
        }
        leave(departure, effects: &effects)
        arrive(at: arrival, positionHint: target, effects: &effects)
        return true
    }

    /// Goes back to the previous visit of the path, removing the current one.
    public mutating func back() throws(FlowError) -> [FlowEffect] {
        let currentVisit = try requireCurrent()
        guard visits.count > 1 else { throw .cannotGoBack(step: currentVisit.stepID) }
        visits.removeLast()
        visits[visits.count - 1].departure = nil
        let previous = visits[visits.count - 1]
        return [.wentBack(from: currentVisit, to: previous), .entered(previous), .persist]
    }

    /// Jumps forward to a declared step, then continues in declared order from there.
    ///
    /// `id` is looked up in the flow of the current step first, then in the flows around it; a
    /// path with `/` (`"shared-end/consent"`) is looked up from the top-level flow. The jump is
    /// explicit, so the target's condition is not evaluated; a subflow step is entered at its start.
    @inlinable
    public mutating func jump<Context>(
        to id: String, in definition: FlowDefinition<Context>, context: Context
    ) throws(FlowError) -> [FlowEffect] {
        let currentVisit = try requireCurrent()
        var walker = FlowWalker(root: definition, context: context)
        var levels: LevelStack<Context>
        let stepID: String
        if StepPath(id).isNested {
            let target = StepPath(id)
            guard let parent = target.parent, let found = walker.levels(for: parent, subflowStep: true) else {
                throw .unknownStep(flowID: definition.id, stepID: id, referencedBy: "the target of a jump")
            }
            levels = found
            let sub = levels[levels.count - 1]
            guard let subflow = sub.list.steps[sub.position].subflow else {
                throw .unknownStep(flowID: definition.id, stepID: id, referencedBy: "the target of a jump")
            }
            levels.append(FlowLevel(flow: subflow, list: subflow.stepList(for: context), prefix: parent, position: 0))
            stepID = target.stepID
        } else {
            levels = walker.levels(for: currentVisit.path) ?? LevelStack(
                FlowLevel(flow: definition, list: definition.stepList(for: context), prefix: nil, position: 0))
            guard let depth = levels.lastIndex(where: { $0.list.position(of: id) != nil }) else {
                throw .unknownStep(flowID: definition.id, stepID: id, referencedBy: "the target of a jump")
            }
            levels.keepFirst(depth + 1)
            stepID = id
        }
        let arrival = try walker.follow(.step(stepID), levels: &levels, from: .jump, force: true)
        var effects: [FlowEffect] = []
        leave(.jump, effects: &effects)
        for skipped in walker.skipped { effects.append(.skipped(skipped)) }
        arrive(at: arrival, effects: &effects)
        return effects
    }

    /// Shows an ad-hoc step outside the declared order; finishing it (or going back) returns to
    /// the step it was pushed from.
    public mutating func push(custom step: CustomStep) throws(FlowError) -> [FlowEffect] {
        let currentVisit = try requireCurrent()
        visits[visits.count - 1].departure = .pushedCustom
        let visit = Visit(path: currentVisit.path, custom: step)
        visits.append(visit)
        return [.left(currentVisit, .pushedCustom), .entered(visit), .persist]
    }

    /// Completes the flow from the current step, whatever is declared after it.
    public mutating func complete() throws(FlowError) -> [FlowEffect] {
        _ = try requireCurrent()
        var effects: [FlowEffect] = []
        leave(.completedFlow, effects: &effects)
        arrive(at: nil, effects: &effects)
        return effects
    }

    // MARK: - Helpers

    /// Leaves the current visit: reports it and records how it was left.
    @inlinable @inline(__always)
    mutating func leave(_ departure: Departure, effects: inout [FlowEffect]) {
        effects.append(.left(visits[visits.count - 1], departure))
        visits[visits.count - 1].departureText = departure.text
    }

    @inlinable
    func requireCurrent() throws(FlowError) -> Visit {
        if isCompleted { throw .alreadyCompleted(flowID: flowID) }
        guard let last = visits.last else { throw .notStarted(flowID: flowID) }
        return last
    }

    @inlinable @inline(__always)
    mutating func arrive(at arrival: StepPath?, positionHint: Int = -1, effects: inout [FlowEffect]) {
        if let arrival {
            let visit = Visit(path: arrival, positionHint: positionHint)
            if visits.capacity == 0 { visits.reserveCapacity(8) }
            visits.append(visit)
            effects.append(.entered(visit))
        } else {
            completed = true
            effects.append(.flowCompleted)
        }
        effects.append(.persist)
    }

    @usableFromInline
    mutating func returnFromCustom(leaving departure: Departure) -> [FlowEffect] {
        let custom = visits.removeLast()
        visits[visits.count - 1].departure = nil
        return [.left(custom, departure), .entered(visits[visits.count - 1]), .persist]
    }

    @inlinable
    func continueAfterLatestDeclaredVisit<Context>(
        walker: inout FlowWalker<Context>, definition: FlowDefinition<Context>, context: Context
    ) throws(FlowError) -> StepPath? {
        for visit in visits.reversed() where !visit.isCustom {
            guard var levels = walker.levels(for: visit.path) else { continue }
            let leaf = levels[levels.count - 1]
            return try walker.follow(
                leaf.list.following(leaf.position), levels: &levels,
                from: .after(visit.path), force: false)
        }
        let list = definition.stepList(for: context)
        var levels = LevelStack(FlowLevel(flow: definition, list: list, prefix: nil, position: 0))
        let target: Target = list.startID(declared: definition.start).map(Target.step) ?? .complete
        return try walker.follow(target, levels: &levels, from: .start, force: false)
    }
}
