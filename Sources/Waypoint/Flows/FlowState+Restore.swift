/// What happened when saved progress was restored.
public enum RestoreResult: Hashable, Sendable, CustomStringConvertible {
    /// Nothing was saved: the flow starts from the beginning.
    case fresh
    /// The whole saved path is still valid and was restored.
    case resumed(visits: Int)
    /// The flow definition changed since the save: the longest still-valid prefix was kept.
    ///
    /// When `kept` is 0 the flow starts from the beginning.
    case truncated(kept: Int, dropped: Int)
    /// The flow was completed before; it stays completed.
    case alreadyCompleted
    /// The saved progress could not be used (unreadable, or for another flow) and was set aside.
    case discarded(reason: String)

    public var description: String {
        switch self {
        case .fresh: "no saved progress; starting fresh"
        case .resumed(let visits): "resumed \(visits) visited step\(visits == 1 ? "" : "s")"
        case .truncated(let kept, let dropped):
            "the flow changed since the save: kept \(kept) visited step\(kept == 1 ? "" : "s"), dropped \(dropped)"
        case .alreadyCompleted: "the flow was already completed"
        case .discarded(let reason): "saved progress discarded: \(reason)"
        }
    }
}

extension FlowState {
    /// Rebuilds a state from a saved one against the current definition of the flow.
    ///
    /// The saved path is kept up to its longest prefix that the current definition still allows:
    /// every visited step must still be declared (as a screen step at the same place), and each
    /// move must still be possible: the outcome recorded at a step must still be accepted and lead
    /// to the next visited step, possibly through conditional steps that were skipped. A completed
    /// flow stays completed. The result's ``flowVersion`` is the definition's. The experiments the
    /// run was exposed to stay recorded (``exposures``); progress saved without them gets those of
    /// the flow itself and of the steps its kept path entered.
    ///
    /// - Returns: the state to continue with (not started when nothing could be kept) and what happened.
    package static func restoring<Context>(
        _ saved: FlowState, in definition: FlowDefinition<Context>, context: Context
    ) -> (state: FlowState, result: RestoreResult) {
        guard saved.flowID == definition.id else {
            return (FlowState(for: definition),
                    .discarded(reason: "it belongs to flow '\(saved.flowID)', not '\(definition.id)'"))
        }
        if saved.isCompleted {
            var state = saved
            state.flowVersion = definition.version
            return (state, .alreadyCompleted)
        }
        guard !saved.path.isEmpty else { return (FlowState(for: definition), .fresh) }

        let walker = FlowWalker(root: definition, context: context)
        var kept: [Visit] = []
        for visit in saved.path {
            guard isValid(visit, after: kept.last, walker: walker) else { break }
            kept.append(visit)
        }
        var state = FlowState(for: definition)
        guard !kept.isEmpty else {
            return (state, .truncated(kept: 0, dropped: saved.path.count))
        }
        kept[kept.count - 1].departure = nil
        state.path = kept
        if let exposures = saved.exposures {
            state.exposures = exposures
        } else {
            state.recordExposures(of: [.flowStarted] + kept.map(FlowEffect.entered), in: definition, context: context)
        }
        if kept.count == saved.path.count {
            return (state, .resumed(visits: kept.count))
        }
        return (state, .truncated(kept: kept.count, dropped: saved.path.count - kept.count))
    }

    /// How a runtime starts a run of `definition` at launch: it restores `saved` progress
    /// (``restoring(_:in:context:)``) and shows its current step again, or starts the flow when
    /// nothing was saved or nothing of it could be kept. ``FlowNavigator/start()`` launches this way,
    /// so every runtime that resumes a run after a relaunch sends the same effects.
    ///
    /// - Returns: the state, what happened to the saved progress, and the effects to carry out: for a
    ///   restored run, entering its current step (no `flowStarted`) and a save; for a completed one,
    ///   none; otherwise those of ``start(in:context:)``.
    /// - Throws: ``FlowError`` only when the definition itself is broken.
    package static func launching<Context>(
        _ saved: FlowState?, in definition: FlowDefinition<Context>, context: Context
    ) throws(FlowError) -> (state: FlowState, result: RestoreResult, effects: [FlowEffect]) {
        var result = RestoreResult.fresh
        if let saved {
            let restored = restoring(saved, in: definition, context: context)
            result = restored.result
            if restored.state.hasStarted {
                var effects: [FlowEffect] = []
                if let visit = restored.state.current { effects.append(.entered(visit)) }
                if result != .alreadyCompleted { effects.append(.persist) }
                return (restored.state, result, effects)
            }
        }
        var state = FlowState(for: definition)
        let effects = try state.start(in: definition, context: context)
        return (state, result, effects)
    }

    private static func isValid<Context>(_ visit: Visit, after previous: Visit?, walker: FlowWalker<Context>) -> Bool {
        if visit.isCustom {
            return previous?.departure == .pushedCustom && previous?.path == visit.path
        }
        guard walker.levels(for: visit.path) != nil else { return false }
        guard let previous else {
            let levels = walker.rootLevels()
            return walker.possibleArrivals(levels.base.list.routes.start, levels: levels).contains(visit.path)
        }
        guard !previous.isCustom, let departure = previous.departure else { return false }
        if departure == .jump { return true }
        guard let outcome = departure.outcome, let levels = walker.levels(for: previous.path) else { return false }
        let leaf = levels.last
        guard let route = leaf.list.routes.route(from: leaf.position, outcome: outcome) else { return false }
        return walker.possibleArrivals(route.destination, levels: levels).contains(visit.path)
    }
}

extension FlowWalker {
    /// Every step that following `destination` could show, whatever the conditions evaluate to.
    func possibleArrivals(_ destination: StepRoutes.Resolved, levels: LevelStack<Context>) -> Set<StepPath> {
        var arrivals: Set<StepPath> = []
        var seen: Set<String> = []
        var work: [(StepRoutes.Resolved, LevelStack<Context>)] = [(destination, levels)]
        while let (destination, levels) = work.popLast() {
            var levels = levels
            switch destination {
            case .unknown:
                continue
            case .complete:
                guard levels.count > 1 else { continue }
                levels.removeLast()
                let parent = levels.last
                let key = "complete:" + parent.path(of: parent.list.steps[parent.position].id).rawValue
                if seen.insert(key).inserted, let exit = parent.list.routes.exit(from: parent.position) {
                    work.append((exit.destination, levels))
                }
            case .step(let position):
                let level = levels.last
                let step = level.list.steps[position]
                let stepPath = level.path(of: step.id)
                guard seen.insert(stepPath.rawValue).inserted else { continue }
                levels[levels.count - 1].position = position
                if step.condition != nil {
                    work.append((level.list.routes.skips[position].destination, levels))
                }
                if let subflow = step.subflow {
                    guard levels.count < Self.maximumDepth else { continue }
                    let list = subflow.stepList(for: context)
                    work.append((list.routes.start, levels.appending(FlowLevel(flow: subflow, list: list, prefix: stepPath, position: 0))))
                } else {
                    arrivals.insert(stepPath)
                }
            }
        }
        return arrivals
    }
}
