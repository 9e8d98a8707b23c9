import Foundation
import Observation

/// A reusable, single-flight unit of asynchronous work: a user interaction or a network call.
///
/// An action wraps an `async throws` function. A screen binds its button to ``execute(_:)`` and its
/// spinner to ``isExecuting``; a flow step awaits the same call. The rules are those a UI needs:
///
/// - **Single flight.** While one execution runs, another call to ``execute(_:)`` does not start
///   the work again: it returns ``ActionResult/discarded`` at once, so a double tap sends one
///   request, and the caller knows its tap was ignored.
/// - **Observable.** ``isExecuting`` is tracked by Observation, so SwiftUI redraws a spinner
///   (and `withObservationTracking` sees the change) when it flips.
/// - **Errors do not end it.** Outputs go to ``outputs`` and errors to ``errors``, two separate
///   `AsyncStream`s. A failed execution is reported and forgotten: the action can execute again
///   (a retry button needs nothing more).
/// - **Structured cancellation.** The work runs on behalf of the task that called ``execute(_:)``:
///   cancelling that task cancels the work, and the call returns ``ActionResult/cancelled``.
///   ``cancel()`` does the same from elsewhere (a screen being dismissed).
///
/// ```swift
/// let search = Action<String, [Team]> { query in
///     try await api.teams(matching: query)
/// }
///
/// Button("Search") { Task { await search.execute(query) } }
///     .disabled(search.isExecuting)
///
/// for await error in search.errors { banner = "Search failed: \(error)" }
/// ```
///
/// ### Streams and subscribers
/// Each read of ``outputs`` or ``errors`` returns a *new* stream, registered at once: it receives
/// every value published after that read, in order, however late it is iterated. Any number of
/// subscribers may listen; each gets every value (a broadcast, not a shared queue), and there is no
/// replay of values published before subscribing. Streams buffer without bound, which suits values
/// that arrive at the pace of a user. A stream ends when the task iterating it is cancelled, and
/// every stream ends when the action is deinitialised. Cancellations are not errors and are never
/// published on ``errors``; a discarded call publishes nothing.
///
/// ### Isolation
/// The action is `@MainActor` because its state drives UI and single flight needs one serial place
/// to decide "already running". The work itself is a `@Sendable` function and runs off the main
/// actor (unless it is itself `@MainActor`), so a network call never blocks the UI.
@MainActor
@Observable
public final class Action<Input: Sendable, Output: Sendable> {
    /// Whether an execution is running now; bind a spinner or a disabled state to it.
    public private(set) var isExecuting = false

    /// How many executions have started (discarded calls are not counted).
    package private(set) var executionCount = 0

    @ObservationIgnored private let work: @Sendable (Input) async throws -> Output
    @ObservationIgnored private let outputBroadcast = Broadcast<Output>()
    @ObservationIgnored private let errorBroadcast = Broadcast<any Error>()
    @ObservationIgnored private var running: Task<Output, any Error>?

    /// Creates an action that runs `work` each time it is executed.
    ///
    /// The action can be created on any actor; it is used on the main actor.
    public nonisolated init(_ work: @escaping @Sendable (Input) async throws -> Output) {
        self.work = work
    }

    /// A new stream of every output produced from now on (see "Streams and subscribers").
    public nonisolated var outputs: AsyncStream<Output> {
        outputBroadcast.subscribe()
    }

    /// A new stream of every error thrown by the work from now on (see "Streams and subscribers").
    ///
    /// An error never ends the action or this stream: the action can execute again.
    public nonisolated var errors: AsyncStream<any Error> {
        errorBroadcast.subscribe()
    }

    /// Runs the work with `input` unless an execution is already running.
    ///
    /// - Returns: ``ActionResult/completed(_:)`` with the output, ``ActionResult/failed(_:)`` with
    ///   the error, ``ActionResult/cancelled`` when the caller's task (or ``cancel()``) cancelled the
    ///   work, or ``ActionResult/discarded`` at once when another execution was running. A call made
    ///   from an already cancelled task returns ``ActionResult/cancelled`` without running the work.
    ///   Outputs and errors are also published on ``outputs`` and ``errors``, after ``isExecuting``
    ///   is back to `false`.
    @discardableResult
    public func execute(_ input: Input) async -> ActionResult<Output> {
        // The check and the flag are set together, before any suspension, on the main actor:
        // no second call can slip in between.
        guard !isExecuting else { return .discarded }
        guard !Task.isCancelled else { return .cancelled }
        isExecuting = true
        executionCount += 1
        let work = self.work
        // An unstructured task, so that `cancel()` can reach it; the caller's cancellation is
        // forwarded below, and the task inherits the caller's priority and task-local values.
        let task = Task { try await work(input) }
        running = task
        let result = await withTaskCancellationHandler {
            await task.result
        } onCancel: {
            task.cancel()
        }
        running = nil
        isExecuting = false
        switch result {
        case .success(let output):
            outputBroadcast.send(output)
            return .completed(output)
        case .failure(let error):
            if error is CancellationError || task.isCancelled {
                return .cancelled
            }
            errorBroadcast.send(error)
            return .failed(error)
        }
    }

    /// Cancels the running execution, if any; its caller receives ``ActionResult/cancelled``.
    ///
    /// Use it when the screen that started the work goes away. Does nothing when idle.
    public func cancel() {
        running?.cancel()
    }
}

extension Action where Input == Void {
    /// Runs the work unless an execution is already running; see ``execute(_:)``.
    @discardableResult
    public func execute() async -> ActionResult<Output> {
        await execute(())
    }
}

/// An error from an ``Action`` that did not come from the action's own work.
///
/// Today the only case is a discarded call (see ``ActionResult/discarded``), surfaced by
/// ``ActionResult/get()`` and by a ``Subflow`` built from an action.
public struct ActionError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Reason: Sendable, Equatable {
        case discarded
    }

    private let reason: Reason

    private init(_ reason: Reason) {
        self.reason = reason
    }

    /// A call made while the action was already executing; it was dropped without running.
    public static let discarded = ActionError(.discarded)

    /// What went wrong and how to fix it.
    public var description: String {
        switch reason {
        case .discarded:
            return "The action was already executing, so this call was discarded without running. "
                + "An action runs one execution at a time: wait until `isExecuting` is false before "
                + "calling `execute` again, or read the running execution's value from `outputs`."
        }
    }
}
