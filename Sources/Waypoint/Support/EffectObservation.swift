/// A registration of an observer on a runtime: the observer is called until ``cancel()`` is called
/// or the observation is released.
///
/// ``FlowNavigator/observeEffects(_:)``, ``StateMachineRuntime/observeChanges(_:)`` and
/// `HintCoordinator.observeEffects(_:)` return one. Keep it for as long as the observer should
/// run (the analytics adapters keep theirs); releasing it ends the observation, like cancelling it.
///
/// ```swift
/// let logging = navigator.observeEffects { effect in logger.debug("\(effect)") }
/// …
/// logging.cancel()
/// ```
@MainActor
public final class EffectObservation {
    /// Whether ``cancel()`` was called; the observer is not called any more.
    public private(set) var isCancelled = false

    init() {}

    /// Stops calling the observer; cancelling again does nothing.
    public func cancel() {
        isCancelled = true
    }
}
