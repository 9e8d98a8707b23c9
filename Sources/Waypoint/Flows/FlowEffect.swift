/// Something a flow event asks its runtime to do: show a screen, record analytics, save progress.
///
/// ``FlowState`` never performs effects; its events return them, in order, and ``FlowNavigator``
/// carries them out. Tests check them directly.
public enum FlowEffect: Hashable, Sendable {
    /// The flow was entered for the first time.
    case flowStarted
    /// A step (declared or custom) became the current step: present its screen.
    case entered(Visit)
    /// A step's condition was false when the navigator was about to enter it.
    case skipped(StepPath)
    /// The current step was left, for the reason given.
    case left(Visit, Departure)
    /// The user went back from one visit to the one before it.
    case wentBack(from: Visit, to: Visit)
    /// The flow ended successfully.
    case flowCompleted
    /// The state changed: save a snapshot.
    case persist
}
