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
