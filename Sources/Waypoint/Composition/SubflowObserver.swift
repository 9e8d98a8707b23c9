/// Receives the ``SubflowEvent``s of a running ``Subflow``: the way composed flows report to
/// analytics, logs or a progress indicator.
///
/// Pass an observer to ``Subflow/run(_:observer:)``. It is carried through the whole run (nested
/// subflows, forks, steps that call other subflows, child tasks) as a task-local value, so bricks
/// composed anywhere report without being handed the observer. Each event is awaited before the
/// step goes on, so an observer sees events in order and may hop to its own actor.
///
/// ```swift
/// struct StepLog: SubflowObserver {
///     func receive(_ event: SubflowEvent) async {
///         if case .started = event.kind { print("entered", event.path.joined(separator: "/")) }
///     }
/// }
/// try await onboarding.run((), observer: StepLog())
/// ```
///
/// For analytics, pass a ``SubflowAnalytics``: it reports the run with the same events, recorded
/// the same way, as a declared flow.
///
/// ### What composed flows do not report or support, compared with declared flows
/// A composed flow is made of Swift closures; a declared flow (`FlowDefinition` driven by
/// `FlowNavigator`) is data. That difference decides what each can do:
/// - **No resume after relaunch.** Closures and the values they captured cannot be serialised, and
///   the position inside a running `async` function cannot be saved, so there is no visited path
///   to persist. A composed flow interrupted by a relaunch starts again from its first step. When
///   resuming matters (long onboarding, steps that must not repeat), use a declared flow, or make
///   early steps skip themselves when their work is already done.
/// - **No `back()`, `jump(to:)` or path inspection.** What comes next is decided by code as it
///   runs, so there is no graph to walk backwards or to jump into; only steps already run are
///   known (from these events).
/// - **No server-driven changes.** The order lives in Swift code (`showE |> showF |> showG`), so
///   changing it needs a release; an A/B test picks between subflows compiled into the app.
/// - **Analytics need names.** Only named steps report, and step indexes are not known in advance
///   (the path taken decides them); events carry the path of names instead.
public protocol SubflowObserver: Sendable {
    /// Called for every event of every named step, in order; the step waits for it to return.
    func receive(_ event: SubflowEvent) async
}
