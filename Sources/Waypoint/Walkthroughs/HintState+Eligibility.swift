import Foundation

extension HintState {
    /// The progress of `walkthrough` as the rules see it.
    ///
    /// Progress saved for another version is discarded (a version bump restarts the walkthrough). A
    /// walkthrough invalidated as completed whose definition has gained steps is open again, with a
    /// fresh display count, so the new steps show on their own.
    package func progress<Context>(of walkthrough: Walkthrough<Context>) -> WalkthroughProgress {
        guard var saved = savedProgress[walkthrough.id], saved.version == walkthrough.version else {
            return WalkthroughProgress(walkthroughId: walkthrough.id, version: walkthrough.version)
        }
        if saved.invalidation == .completed, walkthrough.steps.contains(where: { !saved.isDone($0.id) }) {
            saved.invalidation = nil
            saved.invalidatedAt = nil
            saved.displayCount = 0
        }
        return saved
    }

    /// Whether the rules let the walkthrough with `walkthroughId` start now, and if not, why.
    ///
    /// This looks at overrides, invalidation, display count, the condition, donation rules, groups, the
    /// display frequency and whether another walkthrough runs; not at anchors or the app being active.
    package func eligibility<Context>(
        of walkthroughId: String, catalog: WalkthroughCatalog<Context>, context: Context, now: Date
    ) -> WalkthroughEligibility {
        guard let walkthrough = catalog.walkthrough(walkthroughId) else { return .ineligible(.unknownWalkthrough) }
        let overrides = catalog.testingOverrides
        if overrides.hides(walkthroughId) { return .ineligible(.hiddenForTesting) }
        if let run, run.walkthroughId == walkthroughId { return .eligible }
        let forced = overrides.forces(walkthroughId) && !endedThisLaunch.contains(walkthroughId)
        let progress = progress(of: walkthrough)
        if !forced {
            if let reason = ownRulesBlock(walkthrough, progress, catalog: catalog, context: context, now: now) {
                return .ineligible(reason)
            }
            for group in catalog.groups(containing: walkthroughId) {
                if let turn = groupTurn(of: walkthroughId, in: group, catalog: catalog, context: context, now: now) {
                    return .ineligible(.waitingForGroup(groupId: group.id, turnOf: turn))
                }
            }
            if progress.displayCount == 0, !walkthrough.ignoresDisplayFrequency,
               let next = catalog.displayFrequency.nextAllowedStart(after: schedule.lastNewStartAt, now: now) {
                return .ineligible(.displayFrequency(nextAllowedAt: next))
            }
        } else if walkthrough.steps.isEmpty {
            return .ineligible(.noStepsLeft)
        }
        if let run { return .ineligible(.anotherWalkthroughRunning(run.walkthroughId)) }
        return .eligible
    }

    /// The walkthrough's own rules, without groups, frequency or other walkthroughs.
    private func ownRulesBlock<Context>(
        _ walkthrough: Walkthrough<Context>, _ progress: WalkthroughProgress,
        catalog: WalkthroughCatalog<Context>, context: Context, now: Date
    ) -> WalkthroughEligibility.Reason? {
        if let reason = progress.invalidation { return .invalidated(reason) }
        if let limit = walkthrough.maxDisplayCount, progress.displayCount >= limit { return .displayCountReached(limit) }
        if !walkthrough.steps.contains(where: { !progress.isDone($0.id) }) { return .noStepsLeft }
        if let condition = walkthrough.condition, !condition(context) { return .conditionNotMet }
        for rule in walkthrough.rules where !rule.isSatisfied(by: donations, now: now) {
            return .donationRuleNotMet(rule)
        }
        return nil
    }

    /// The member of `group` whose turn it is, when it is not `walkthroughId`'s.
    private func groupTurn<Context>(
        of walkthroughId: String, in group: WalkthroughGroup,
        catalog: WalkthroughCatalog<Context>, context: Context, now: Date
    ) -> String? {
        for memberId in group.walkthroughIds {
            if memberId == walkthroughId { return nil }
            guard let member = catalog.walkthrough(memberId), !member.steps.isEmpty else { continue }
            let memberProgress = progress(of: member)
            switch group.priority {
            case .ordered:
                if memberProgress.invalidation == nil { return memberId }
            case .firstAvailable:
                if ownRulesBlock(member, memberProgress, catalog: catalog, context: context, now: now) == nil,
                   !catalog.testingOverrides.hides(memberId) {
                    return memberId
                }
            }
        }
        return nil
    }

    /// The step a run of `walkthrough` would start at, and the steps before it passed over because
    /// their condition is false; `nil` when no remaining step's condition holds.
    func entryStep<Context>(
        of walkthrough: Walkthrough<Context>, progress: WalkthroughProgress, context: Context
    ) -> (index: Int, passedOver: [Int])? {
        var passedOver: [Int] = []
        for (index, step) in walkthrough.steps.enumerated() where !progress.isDone(step.id) {
            if let condition = step.condition, !condition(context) {
                passedOver.append(index)
                continue
            }
            return (index, passedOver)
        }
        return nil
    }
}
