import Foundation

/// An output of the hint saga: a command to a component, a timer, something to save, an analytics event, a note.
package enum HintEffect: Sendable, Equatable {
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

/// A note about input that was ignored or data that was repaired; never an error that stops the saga.
public struct HintDiagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What kind of note this is.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A signal that did not apply was ignored.
        case ignoredSignal
        /// Saved progress could not be read; the walkthrough started fresh.
        case corruptProgress
        /// The store failed to read or write.
        case storeFailure
        /// A definition in the catalog is wrong.
        case badDefinition
    }

    /// What kind of note this is.
    public var kind: Kind
    /// What happened and what to do about it, in words.
    public var message: String

    /// Creates a diagnostic.
    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
