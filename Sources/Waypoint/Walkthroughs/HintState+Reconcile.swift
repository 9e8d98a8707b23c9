import Foundation

extension HintState {
    /// Brings the saga to rest: shows the pending hint if its target is on screen, passes over steps
    /// whose condition is false, completes a finished walkthrough, or starts the next one.
    mutating func reconcile<Context>(_ step: inout Transition<Context>) {
        guard isAppActive else { return }
        let bound = step.catalog.walkthroughs.reduce(4) { $0 + $1.steps.count + 2 }
        for _ in 0..<bound {
            guard let current = run else {
                if !startNextWalkthrough(&step) {
                    phase = .inactive
                    return
                }
                continue
            }
            guard let walkthrough = step.catalog.walkthrough(current.walkthroughId),
                  !step.catalog.testingOverrides.hides(current.walkthroughId) else {
                endRun(&step)
                continue
            }
            guard let hint = phase.hint, hint.walkthroughId == walkthrough.id,
                  let index = walkthrough.index(ofStep: hint.stepId) else {
                // The current step left the catalog: go on with the first step not done.
                dismissIfShowing(&step)
                moveOn(in: walkthrough, after: nil, &step)
                continue
            }
            let definition = walkthrough.steps[index]
            if case .showing = phase {
                if anchors.contains(definition.targetElementId) { return }
                dismissIfShowing(&step)
                phase = .pending(hint)
            }
            if let condition = definition.condition, !condition(step.context) {
                var progress = progress(of: walkthrough)
                progress.markDone(definition.id)
                save(progress, &step)
                step.effects.append(analytics(.hintSkipped, walkthrough, index, trigger: "condition", durationMs: nil, step))
                moveOn(in: walkthrough, after: index, &step)
                continue
            }
            if anchors.contains(definition.targetElementId) {
                show(walkthrough, index, &step)
            }
            return
        }
        step.log("The hint saga did not come to rest; it stopped deciding for this signal.")
    }

    /// Starts the first eligible walkthrough whose first remaining target is on screen; false when none can start.
    private mutating func startNextWalkthrough<Context>(_ step: inout Transition<Context>) -> Bool {
        for walkthrough in step.catalog.walkthroughs {
            // Only a walkthrough with a target on screen can start now; skip the rest cheaply.
            if anchors.isDisjoint(with: step.catalog.targets(ofWalkthrough: walkthrough.id)) { continue }
            switch eligibility(of: walkthrough.id, catalog: step.catalog, context: step.context, now: step.now) {
            case .eligible:
                break
            case .ineligible(.displayCountReached):
                // Shown as often as allowed: record it, so groups and reports see it as invalidated.
                var exhausted = progress(of: walkthrough)
                exhausted.invalidate(.displayCountExceeded, at: step.now)
                save(exhausted, &step)
                continue
            case .ineligible:
                continue
            }
            var progress = progress(of: walkthrough)
            let forced = step.catalog.testingOverrides.forces(walkthrough.id) && !endedThisLaunch.contains(walkthrough.id)
            var restarted = false
            if forced, progress.invalidation != nil || !walkthrough.steps.contains(where: { !progress.isDone($0.id) }) {
                progress.completedStepIds = []
                progress.invalidation = nil
                progress.invalidatedAt = nil
                restarted = true
            }
            guard let entry = entryStep(of: walkthrough, progress: progress, context: step.context),
                  anchors.contains(walkthrough.steps[entry.index].targetElementId) else { continue }

            let isNew = progress.displayCount == 0
            // A new run starts unexposed; one that goes on with saved progress keeps the experiments
            // it was exposed to (docs/ARCHITECTURE.md, "Exposure"), rebuilt when saved without them.
            if isNew || restarted {
                progress.exposures = []
            } else if progress.exposures == nil {
                progress.exposures = walkthrough.exposuresBeforeRecording(progress)
            }
            progress.displayCount += 1
            progress.lastStartedAt = step.now
            if isNew, !walkthrough.ignoresDisplayFrequency, !forced {
                schedule.lastNewStartAt = step.now
                step.effects.append(.saveSchedule(schedule))
            }
            run = WalkthroughRun(walkthroughId: walkthrough.id, startedAt: step.now)
            step.effects.append(analytics(.walkthroughStarted, walkthrough, nil, trigger: nil, durationMs: nil, step))
            for index in entry.passedOver {
                progress.markDone(walkthrough.steps[index].id)
                step.effects.append(analytics(.hintSkipped, walkthrough, index, trigger: "condition", durationMs: nil, step))
            }
            save(progress, &step)
            phase = .pending(HintID(walkthroughId: walkthrough.id, stepId: walkthrough.steps[entry.index].id))
            return true
        }
        return false
    }

    /// Presents the step at `index` of the running walkthrough.
    private mutating func show<Context>(_ walkthrough: Walkthrough<Context>, _ index: Int, _ step: inout Transition<Context>) {
        let definition = walkthrough.steps[index]
        let hint = HintID(walkthroughId: walkthrough.id, stepId: definition.id)
        phase = .showing(hint)
        step.effects.append(.present(HintPresentation(
            hint: hint, anchorId: definition.targetElementId, tooltipText: definition.tooltipText,
            tooltipPosition: definition.tooltipPosition, highlightShape: definition.highlightShape,
            completionTrigger: definition.completionTrigger, canSkip: definition.canSkip,
            canGoBack: !(run?.history.isEmpty ?? true), stepNumber: index + 1, stepCount: walkthrough.steps.count
        )))
        if run?.currentShownAt == nil {
            run?.currentShownAt = step.now
            step.effects.append(analytics(.hintShown, walkthrough, index, trigger: nil, durationMs: nil, step))
        }
    }

    /// Moves the run to the first step after `index` that is not done (or any not done), or completes it.
    mutating func moveOn<Context>(in walkthrough: Walkthrough<Context>, after index: Int?, _ step: inout Transition<Context>) {
        let progress = progress(of: walkthrough)
        let start = (index ?? -1) + 1
        let later = walkthrough.steps.indices.first { $0 >= start && !progress.isDone(walkthrough.steps[$0].id) }
        let next = later ?? walkthrough.steps.indices.first { !progress.isDone(walkthrough.steps[$0].id) }
        run?.currentShownAt = nil
        if let next {
            phase = .pending(HintID(walkthroughId: walkthrough.id, stepId: walkthrough.steps[next].id))
            return
        }
        var finished = progress
        finished.invalidate(.completed, at: step.now)
        save(finished, &step)
        step.effects.append(analytics(
            .walkthroughCompleted, walkthrough, nil, trigger: nil, durationMs: step.milliseconds(since: run?.startedAt), step
        ))
        endedThisLaunch.insert(walkthrough.id)
        run = nil
        phase = .inactive
    }

    /// Leaves the current step because it was completed or skipped: records it, dismisses it, moves on.
    mutating func leaveCurrentStep<Context>(
        _ event: HintAnalyticsEvent.Name, trigger: String, _ step: inout Transition<Context>
    ) {
        guard let hint = phase.hint, let walkthrough = step.catalog.walkthrough(hint.walkthroughId),
              let index = walkthrough.index(ofStep: hint.stepId) else { return }
        let wasShown = phase.shownHint != nil
        let since = event == .targetNotFound ? timer?.startedAt : run?.currentShownAt
        step.effects.append(analytics(event, walkthrough, index, trigger: trigger, durationMs: step.milliseconds(since: since), step))
        dismissIfShowing(&step)
        var progress = progress(of: walkthrough)
        progress.markDone(hint.stepId)
        save(progress, &step)
        if wasShown { run?.history.append(hint.stepId) }
        moveOn(in: walkthrough, after: index, &step)
    }

    /// Ends the run without recording anything about the walkthrough.
    mutating func endRun<Context>(_ step: inout Transition<Context>) {
        dismissIfShowing(&step)
        if let run { endedThisLaunch.insert(run.walkthroughId) }
        run = nil
        phase = .inactive
    }

    /// Dismisses the hint on screen, if any, leaving the phase `pending`.
    mutating func dismissIfShowing<Context>(_ step: inout Transition<Context>) {
        guard case .showing(let hint) = phase else { return }
        let anchor = step.catalog.walkthrough(hint.walkthroughId)
            .flatMap { walkthrough in walkthrough.steps.first { $0.id == hint.stepId }?.targetElementId }
        step.effects.append(.dismiss(hint, anchorId: anchor ?? ""))
        phase = .pending(hint)
    }

    /// Records `progress` and asks for it to be saved.
    mutating func save<Context>(_ progress: WalkthroughProgress, _ step: inout Transition<Context>) {
        savedProgress[progress.walkthroughId] = progress
        step.effects.append(.saveProgress(progress))
    }

    /// Makes `timer` match the phase: a timer trigger while showing, a target timeout while waiting.
    mutating func syncTimer<Context>(_ step: inout Transition<Context>) {
        var wanted: (hint: HintID, purpose: HintTimer.Purpose, seconds: Double)?
        if isAppActive, let hint = phase.hint, let walkthrough = step.catalog.walkthrough(hint.walkthroughId),
           let definition = walkthrough.steps.first(where: { $0.id == hint.stepId }) {
            switch phase {
            case .showing:
                if case .timer(let seconds) = definition.completionTrigger { wanted = (hint, .completion, seconds) }
            case .pending:
                if let timeout = definition.targetTimeout, !anchors.contains(definition.targetElementId) {
                    wanted = (hint, .targetTimeout, timeout.seconds)
                }
            case .inactive, .paused:
                break
            }
        }
        if let timer, let wanted, timer.hint == wanted.hint, timer.purpose == wanted.purpose { return }
        if timer != nil {
            timer = nil
            step.effects.append(.cancelTimer)
        }
        if let wanted {
            timerGeneration += 1
            let started = HintTimer(
                generation: timerGeneration, hint: wanted.hint, purpose: wanted.purpose,
                startedAt: step.now, seconds: wanted.seconds
            )
            timer = started
            step.effects.append(.startTimer(started))
        }
    }

    /// An analytics effect about `walkthrough` (and its step at `index`, when given).
    func analytics<Context>(
        _ name: HintAnalyticsEvent.Name, _ walkthrough: Walkthrough<Context>, _ index: Int?,
        trigger: String?, durationMs: Int?, _ step: Transition<Context>
    ) -> HintEffect {
        .analytics(HintAnalyticsEvent(
            event: name, timestamp: step.now, walkthroughId: walkthrough.id, walkthroughVersion: walkthrough.version,
            stepId: index.map { walkthrough.steps[$0].id }, stepIndex: index, trigger: trigger, durationMs: durationMs
        ))
    }
}
