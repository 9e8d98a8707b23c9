import Foundation

/// Where the hint saga is: nothing running, a hint waiting for its target, a hint on screen, or paused.
public enum HintPhase: Sendable, Hashable, Codable {
    /// No walkthrough is running; one starts when its rules allow it and its first target is on screen.
    case inactive
    /// A walkthrough is running and this hint waits for its target to appear (for example on another screen).
    case pending(HintID)
    /// This hint is on screen.
    case showing(HintID)
    /// The app is inactive; this hint resumes (and shows again) when the app becomes active.
    case paused(HintID)

    /// The hint the phase is about, if any.
    public var hint: HintID? {
        switch self {
        case .inactive: nil
        case .pending(let hint), .showing(let hint), .paused(let hint): hint
        }
    }

    /// The hint on screen, if any.
    package var shownHint: HintID? {
        if case .showing(let hint) = self { return hint }
        return nil
    }
}
