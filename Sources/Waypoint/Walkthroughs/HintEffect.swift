import Foundation

/// An output of the hint saga: a command to a component, a timer, something to save, an analytics event, a note.
public enum HintEffect: Sendable, Equatable {
    /// Present this hint on its anchor.
    case present(HintPresentation)
    /// Remove this hint from its anchor.
    case dismiss(HintID, anchorId: String)
    /// Start this timer, replacing any running one; when it fires, send ``HintSignal/timerFired(_:)``.
    case startTimer(HintTimer)
    /// Cancel the running timer.
    case cancelTimer
    /// Save this walkthrough's progress.
    case saveProgress(WalkthroughProgress)
    /// Save the event donations.
    case saveDonations(EventDonations)
    /// Save the display-frequency schedule.
    case saveSchedule(HintSchedule)
    /// Send this analytics event.
    case analytics(HintAnalyticsEvent)
    /// Log this note.
    case log(HintDiagnostic)
}
