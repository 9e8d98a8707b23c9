import Foundation

extension HintState {
    mutating func anchorAppeared<Context>(_ id: String, _ step: inout Transition<Context>) {
        guard anchors.insert(id).inserted else {
            step.log("Anchor '\(id)' appeared while already on screen; nothing changed.")
            return
        }
        if !step.catalog.targets(id) {
            step.log("Anchor '\(id)' appeared but no walkthrough step targets it; check the step's targetElementId.")
        }
    }

    mutating func anchorDisappeared<Context>(_ id: String, _ step: inout Transition<Context>) {
        guard anchors.remove(id) != nil else {
            step.log("Anchor '\(id)' disappeared but was not on screen; ignored.")
            return
        }
        // `reconcile` dismisses a hint whose anchor is gone and makes it wait.
    }

    mutating func appBecameActive<Context>(_ step: inout Transition<Context>) {
        guard !isAppActive else {
            step.log("The app became active while already active; ignored.")
            return
        }
        isAppActive = true
        if case .paused(let hint) = phase { phase = .pending(hint) }
    }

    mutating func appResignedActive<Context>(_ step: inout Transition<Context>) {
        guard isAppActive else {
            step.log("The app resigned active while already inactive; ignored.")
            return
        }
        dismissIfShowing(&step)
        isAppActive = false
        if case .pending(let hint) = phase { phase = .paused(hint) }
    }

    mutating func userEvent<Context>(_ event: HintUserEvent, _ step: inout Transition<Context>) {
        guard case .showing(let hint) = phase,
              let definition = step.catalog.walkthrough(hint.walkthroughId)?.steps.first(where: { $0.id == hint.stepId })
        else {
            step.log("User event \(event) arrived while no hint is showing; ignored.")
            return
        }
        let completes = switch (event, definition.completionTrigger) {
        case (.tap(let tapped), .tap(let expected)): tapped == expected
        case (.swipe(let swiped), .swipe(let expected)): swiped == expected
        case (.nextButton, .button): true
        default: false
        }
        if case .tap(let tapped) = event, let last = lastCompletingTap, last.elementId == tapped,
           step.now.timeIntervalSince(last.at) < Self.tapCoalescingInterval {
            step.log("Tap on '\(tapped)' arrived again right after it completed a hint (a gesture and the control's action both report one tap); counted once.")
            return
        }
        guard completes else {
            step.log("User event \(event) does not complete hint \(hint), which waits for \(definition.completionTrigger); ignored.")
            return
        }
        if case .tap(let tapped) = event { lastCompletingTap = CompletingTap(elementId: tapped, at: step.now) }
        leaveCurrentStep(.hintCompleted, trigger: definition.completionTrigger.analyticsName, &step)
    }

    mutating func namedEvent<Context>(_ name: String, _ step: inout Transition<Context>) {
        donations.donate(name, at: step.now)
        step.effects.append(.saveDonations(donations))
        guard case .showing(let hint) = phase,
              let definition = step.catalog.walkthrough(hint.walkthroughId)?.steps.first(where: { $0.id == hint.stepId }),
              definition.completionTrigger == .event(name: name)
        else {
            step.log("Event '\(name)' was donated; it completes no hint on screen.")
            return
        }
        leaveCurrentStep(.hintCompleted, trigger: "event", &step)
    }

    mutating func skip<Context>(_ step: inout Transition<Context>) {
        guard case .showing(let hint) = phase,
              let definition = step.catalog.walkthrough(hint.walkthroughId)?.steps.first(where: { $0.id == hint.stepId })
        else {
            step.log("Skip arrived while no hint is showing; ignored.")
            return
        }
        guard definition.canSkip else {
            step.log("Hint \(hint) cannot be skipped (canSkip is false); ignored.")
            return
        }
        leaveCurrentStep(.hintSkipped, trigger: "skip", &step)
    }

    mutating func back<Context>(_ step: inout Transition<Context>) {
        guard case .showing(let hint) = phase, let walkthrough = step.catalog.walkthrough(hint.walkthroughId),
              let previous = run?.history.last else {
            step.log("Back arrived with no earlier hint to return to; ignored.")
            return
        }
        dismissIfShowing(&step)
        run?.history.removeLast()
        run?.currentShownAt = nil
        var progress = progress(of: walkthrough)
        progress.markUndone(previous)
        save(progress, &step)
        phase = .pending(HintID(walkthroughId: walkthrough.id, stepId: previous))
    }

    mutating func close<Context>(_ step: inout Transition<Context>) {
        guard let current = run, let hint = phase.hint, let walkthrough = step.catalog.walkthrough(current.walkthroughId) else {
            step.log("Close arrived while no walkthrough is running; ignored.")
            return
        }
        let index = walkthrough.index(ofStep: hint.stepId)
        step.effects.append(analytics(
            .hintSkipped, walkthrough, index, trigger: "close",
            durationMs: step.milliseconds(since: current.currentShownAt), step
        ))
        var progress = progress(of: walkthrough)
        progress.invalidate(.closedByUser, at: step.now)
        save(progress, &step)
        endRun(&step)
    }

    mutating func timerFired<Context>(_ fired: HintTimer, _ step: inout Transition<Context>) {
        guard let timer, timer == fired else {
            step.log("Timer for hint \(fired.hint) fired after its hint moved on; ignored.")
            return
        }
        switch fired.purpose {
        case .completion:
            guard phase == .showing(fired.hint) else {
                step.log("Timer for hint \(fired.hint) fired while it is not showing; ignored.")
                return
            }
            leaveCurrentStep(.hintCompleted, trigger: "timer", &step)
        case .targetTimeout:
            guard phase == .pending(fired.hint) else {
                step.log("Target timeout for hint \(fired.hint) fired while it is not waiting; ignored.")
                return
            }
            leaveCurrentStep(.targetNotFound, trigger: "targetTimeout", &step)
        }
        self.timer = nil
    }

    mutating func invalidate<Context>(_ id: String, reason: InvalidationReason, _ step: inout Transition<Context>) {
        guard let walkthrough = step.catalog.walkthrough(id) else {
            step.log("Cannot invalidate unknown walkthrough '\(id)'; ignored.")
            return
        }
        if run?.walkthroughId == id { endRun(&step) }
        var progress = progress(of: walkthrough)
        progress.invalidate(reason, at: step.now)
        save(progress, &step)
    }

    mutating func resetEligibility<Context>(_ id: String, _ step: inout Transition<Context>) {
        guard let walkthrough = step.catalog.walkthrough(id) else {
            step.log("Cannot reset unknown walkthrough '\(id)'; ignored.")
            return
        }
        if run?.walkthroughId == id { endRun(&step) }
        endedThisLaunch.remove(id)
        save(WalkthroughProgress(walkthroughId: id, version: walkthrough.version), &step)
    }
}

extension HintState {
    /// Handles ``HintSignal/anchorAppeared(_:)``.
    package mutating func anchorDidAppear<Context>(
        _ id: String, catalog: WalkthroughCatalog<Context>, context: Context, now: Date
    ) -> [HintEffect] {
        handle(.anchorAppeared(id), catalog: catalog, context: context, now: now)
    }

    /// Handles ``HintSignal/anchorDisappeared(_:)``.
    package mutating func anchorDidDisappear<Context>(
        _ id: String, catalog: WalkthroughCatalog<Context>, context: Context, now: Date
    ) -> [HintEffect] {
        handle(.anchorDisappeared(id), catalog: catalog, context: context, now: now)
    }
}
