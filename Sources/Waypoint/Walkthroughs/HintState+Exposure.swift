extension HintState {
    /// Records in the saved progress of `event`'s walkthrough the experiments its run reaches at
    /// `event` (``Walkthrough/experimentsReached(by:)``), each once per run, in the order of
    /// exposure (``WalkthroughProgress/exposures``), so that a run resumed after a relaunch is not
    /// exposed to them again.
    ///
    /// ``HintCoordinator`` calls it for each analytics event after the event's observers, as
    /// ``FlowNavigator`` records a flow's: an observer of a resumed run's `Walkthrough Started`
    /// finds the exposures saved before it (none for a new run, which starts unexposed).
    ///
    /// - Returns: whether the progress changed and needs saving.
    @discardableResult
    package mutating func recordExposures<Context>(of event: HintAnalyticsEvent, catalog: WalkthroughCatalog<Context>) -> Bool {
        guard var progress = savedProgress[event.walkthroughId], progress.version == event.walkthroughVersion,
              let walkthrough = catalog.walkthrough(event.walkthroughId) else { return false }
        var exposure = RunExposure()
        for assignment in progress.exposures ?? walkthrough.exposuresBeforeRecording(progress) { exposure.reach(assignment) }
        var changed = false
        for assignment in walkthrough.experimentsReached(by: event) where exposure.reach(assignment) != nil { changed = true }
        guard changed else { return false }
        progress.exposures = exposure.exposures
        savedProgress[event.walkthroughId] = progress
        return true
    }
}
