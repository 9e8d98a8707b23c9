/// What happened to one call of ``Action/execute(_:)``.
///
/// `execute` never throws: it tells its caller which of four things happened, so a button handler
/// can ignore a discarded tap while a flow step can turn the result into a thrown error with
/// ``get()``.
///
/// ```swift
/// switch await search.execute(query) {
/// case .completed(let teams): show(teams)
/// case .failed: break            // the error was also published on `search.errors`
/// case .discarded: break         // a search was already running; this tap did nothing
/// case .cancelled: dismiss()
/// }
/// ```
public enum ActionResult<Output> {
    /// The work ran and returned `output` (also published on ``Action/outputs``).
    case completed(Output)
    /// The work ran and threw `error` (also published on ``Action/errors``); the action can run again.
    case failed(any Error)
    /// The work was cancelled (the caller's task, or ``Action/cancel()``) before it returned.
    ///
    /// Cancellations are not errors: they are not published on ``Action/errors``.
    case cancelled
    /// Nothing ran: the action was already executing, and this call was dropped.
    case discarded

    /// The output when the work completed, otherwise `nil`.
    package var output: Output? {
        if case .completed(let output) = self { return output }
        return nil
    }

    /// The error when the work failed, otherwise `nil`.
    package var error: (any Error)? {
        if case .failed(let error) = self { return error }
        return nil
    }

    /// Whether the work ran and returned an output.
    package var isCompleted: Bool {
        if case .completed = self { return true }
        return false
    }

    /// Whether the call was dropped because the action was already executing.
    package var isDiscarded: Bool {
        if case .discarded = self { return true }
        return false
    }

    /// Whether the work was cancelled.
    package var isCancelled: Bool {
        if case .cancelled = self { return true }
        return false
    }

    /// Returns the output, or throws what prevented it.
    ///
    /// - Throws: the work's own error for ``failed(_:)``, `CancellationError` for ``cancelled``,
    ///   and ``ActionError`` for ``discarded``.
    public func get() throws -> Output {
        switch self {
        case .completed(let output): return output
        case .failed(let error): throw error
        case .cancelled: throw CancellationError()
        case .discarded: throw ActionError.discarded
        }
    }
}

extension ActionResult: Sendable where Output: Sendable {}
