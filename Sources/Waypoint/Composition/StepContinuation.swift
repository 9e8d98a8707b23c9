import Foundation

/// The handle a UI layer uses to finish a presented step: the step's `done` action.
///
/// A flow step that shows a screen suspends in ``withStepContinuation(isolation:_:)`` (or
/// ``ScreenPresenter/show(_:)``) and hands the screen one `StepContinuation`. The step resumes
/// **exactly once**, with whichever comes first:
///
/// | The UI… | The step… |
/// |---|---|
/// | calls ``finish(with:)`` | returns the output |
/// | calls ``fail(_:)`` | throws the error |
/// | calls ``cancel()`` (the user closed the screen) | throws `CancellationError` |
/// | drops every reference to the handle without calling any of them | throws `CancellationError` |
/// | — the flow's task is cancelled | throws `CancellationError`, and ``onCancel(_:)`` handlers run |
///
/// Later calls do nothing and return `false`, so a button tapped twice, or a "done" racing a
/// dismissal, can never resume the step a second time. Because dropping the handle cancels the
/// step, a screen torn down by the system without finishing never leaves the flow waiting forever.
///
/// ```swift
/// // SwiftUI: the screen keeps the handle and finishes it from its buttons.
/// RolePicker { role in step.finish(with: role) }
///     .onDisappear { step.cancel() }   // does nothing if the user already picked
/// ```
///
/// The handle may be used from any thread or actor.
public final class StepContinuation<Output: Sendable>: Sendable {
    private let state: StepState<Output>

    init(state: StepState<Output>) {
        self.state = state
    }

    deinit {
        state.resolve(.failure(CancellationError()), byFlow: false)
    }

    /// Whether the step has already been resumed (finished, failed or cancelled).
    package var isResolved: Bool {
        state.isResolved
    }

    /// Finishes the step with `output`.
    ///
    /// - Returns: `true` when this call resumed the step, `false` when it had already been resumed.
    @discardableResult
    public func finish(with output: Output) -> Bool {
        state.resolve(.success(output), byFlow: false)
    }

    /// Ends the step with `error`, which the flow step throws.
    ///
    /// - Returns: `true` when this call resumed the step, `false` when it had already been resumed.
    @discardableResult
    public func fail(_ error: any Error) -> Bool {
        state.resolve(.failure(error), byFlow: false)
    }

    /// Ends the step without an output, as when the user dismisses the screen; the step throws
    /// `CancellationError`.
    ///
    /// - Returns: `true` when this call resumed the step, `false` when it had already been resumed.
    @discardableResult
    public func cancel() -> Bool {
        state.resolve(.failure(CancellationError()), byFlow: false)
    }

    /// Registers `handler` to run if the *flow* gives up on this step: its task was cancelled
    /// before the UI finished the screen. Use it to take the screen down.
    ///
    /// It runs once, on whatever thread cancelled the task, or at once if that already happened.
    /// It does not run when the UI itself ended the step (``finish(with:)``, ``fail(_:)``,
    /// ``cancel()``).
    public func onCancel(_ handler: @escaping @Sendable () -> Void) {
        state.addCancellationHandler(handler)
    }
}

extension StepContinuation where Output == Void {
    /// Finishes a step that produces no output.
    ///
    /// - Returns: `true` when this call resumed the step, `false` when it had already been resumed.
    @discardableResult
    public func finish() -> Bool {
        finish(with: ())
    }
}

/// Suspends until the UI finishes the step it is handed, and returns the step's output.
///
/// `present` runs at once, on the caller's actor, with the one ``StepContinuation`` for this step;
/// show the screen there and keep the handle where the screen can reach it. See
/// ``StepContinuation`` for how the step resumes.
///
/// ```swift
/// let role: Role = try await withStepContinuation { step in
///     router.push(.rolePicker(step))
/// }
/// ```
///
/// - Throws: `CancellationError` when the screen was dismissed unfinished, its handle was dropped,
///   or the calling task was cancelled; the error passed to ``StepContinuation/fail(_:)``.
public func withStepContinuation<Output: Sendable>(
    isolation: isolated (any Actor)? = #isolation,
    _ present: (StepContinuation<Output>) -> Void
) async throws -> Output {
    let state = StepState<Output>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation(isolation: isolation) { continuation in
            // A step whose task is already cancelled resumes at once and shows nothing.
            guard state.install(continuation) else { return }
            // The handle lives as long as the UI keeps it; if `present` drops it, its deinit
            // cancels the step at once.
            present(StepContinuation(state: state))
        }
    } onCancel: {
        state.resolve(.failure(CancellationError()), byFlow: true)
    }
}

/// The resume-once state shared by a ``StepContinuation`` (held by the UI) and the waiting step.
///
/// The waiting step holds only this state, never the handle, so the handle is deinitialised as
/// soon as the UI lets go of it.
final class StepState<Output: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `phase` and `cancellationHandlers` are read and written only while
    // `lock` is held. The continuation is taken out of `phase` under the lock (so only one caller
    // can ever get it) and resumed after the lock is released; handlers are likewise run outside.
    private enum Phase {
        /// Nothing resolved, no continuation installed yet.
        case idle
        /// Resolved before the continuation was installed (the task was already cancelled).
        case resolvedEarly(Result<Output, any Error>)
        /// Waiting for the UI.
        case waiting(CheckedContinuation<Output, any Error>)
        /// Resumed; every later resolution is ignored.
        case resumed
    }

    private let lock = NSLock()
    private var phase = Phase.idle
    private var cancelledByFlow = false
    private var cancellationHandlers: [@Sendable () -> Void] = []

    var isResolved: Bool {
        lock.withLock {
            switch phase {
            case .idle, .waiting: return false
            case .resolvedEarly, .resumed: return true
            }
        }
    }

    /// Installs the continuation of the waiting step, resuming it at once if already resolved.
    ///
    /// - Returns: whether the step now waits for the UI (`false`: it was resumed at once).
    func install(_ continuation: CheckedContinuation<Output, any Error>) -> Bool {
        let early: Result<Output, any Error>? = lock.withLock {
            switch phase {
            case .idle:
                phase = .waiting(continuation)
                return nil
            case .resolvedEarly(let result):
                phase = .resumed
                return result
            case .waiting, .resumed:
                // `withStepContinuation` creates one state per step and installs once; resolve
                // anyway rather than leave the new continuation waiting forever.
                return .failure(CancellationError())
            }
        }
        guard let early else { return true }
        continuation.resume(with: early)
        return false
    }

    /// Resolves the step with `result` unless it is already resolved; returns whether it did.
    @discardableResult
    func resolve(_ result: Result<Output, any Error>, byFlow: Bool) -> Bool {
        let (resolved, continuation, handlers): (Bool, CheckedContinuation<Output, any Error>?, [@Sendable () -> Void]) =
            lock.withLock {
                let continuation: CheckedContinuation<Output, any Error>?
                switch phase {
                case .idle:
                    phase = .resolvedEarly(result)
                    continuation = nil
                case .waiting(let waiting):
                    phase = .resumed
                    continuation = waiting
                case .resolvedEarly, .resumed:
                    return (false, nil, [])
                }
                guard byFlow else { return (true, continuation, []) }
                cancelledByFlow = true
                let handlers = cancellationHandlers
                cancellationHandlers = []
                return (true, continuation, handlers)
            }
        continuation?.resume(with: result)
        for handler in handlers { handler() }
        return resolved
    }

    func addCancellationHandler(_ handler: @escaping @Sendable () -> Void) {
        let runNow: Bool = lock.withLock {
            if cancelledByFlow { return true }
            cancellationHandlers.append(handler)
            return false
        }
        if runNow { handler() }
    }
}
