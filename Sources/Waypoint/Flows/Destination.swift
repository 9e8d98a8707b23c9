/// Where an outcome leads: another step of the same flow, or the end of the flow.
///
/// A string literal names a step, and `"$complete"` means ``complete``:
///
/// ```swift
/// Step("splash").on("login", to: "login").on("loggedIn", to: .complete)
/// ```
public enum Destination: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The step with this id, in the same flow.
    case step(String)
    /// The flow ends successfully.
    case complete

    /// The reserved spelling of ``complete`` in documents and string literals.
    package static let completeToken = "$complete"

    /// Creates a target from a step id, or ``complete`` for `"$complete"`.
    public init(stringLiteral value: String) {
        self = value == Destination.completeToken ? .complete : .step(value)
    }

    public var description: String {
        switch self {
        case .step(let id): id
        case .complete: Destination.completeToken
        }
    }
}
