/// One thing that happened to a named step of a running ``Subflow``, as seen by a ``SubflowObserver``.
///
/// Only steps given a name (``Subflow/step(_:_:)``, ``Subflow/named(_:)``) report events; anonymous
/// glue (a closure composed with `|>`, a fork) is invisible. Every ``Kind/started`` event is
/// followed by exactly one of ``Kind/completed(outcome:)``, ``Kind/failed(message:)`` or
/// ``Kind/cancelled`` for the same path, and events of nested steps come between the two.
public struct SubflowEvent: Sendable, Hashable, CustomStringConvertible {
    /// What happened to the step.
    public enum Kind: Sendable, Hashable {
        /// The step began (for a screen: it is about to be shown).
        case started
        /// The step returned. `outcome` names what it returned, the way a declared flow names the
        /// outcome of a step: the case name for an enum (`"player"`, `"notFound"`), and `"next"`
        /// for anything else (including `Void`). An optional that is `nil` is `"none"`.
        case completed(outcome: String)
        /// The step threw an error other than cancellation; `message` describes it.
        case failed(message: String)
        /// The step was cancelled: the task was cancelled or a screen was dismissed unfinished.
        case cancelled
    }

    /// The step's own name, for example `"E"`.
    public let name: String
    /// The names of the named subflows enclosing this step, outermost first, ending with ``name``;
    /// for example `["Onboarding", "End", "E"]`.
    public let path: [String]
    /// What happened.
    public let kind: Kind
    /// The experiment and variation that chose this named subflow, when it was named with one
    /// (``Subflow/named(_:experiment:)``): its start is where the run is exposed to the experiment.
    public let experiment: ExperimentAssignment?

    /// Creates an event (observers receive them; tests build them to compare).
    package init(path: [String], kind: Kind, experiment: ExperimentAssignment? = nil) {
        self.name = path.last ?? ""
        self.path = path
        self.kind = kind
        self.experiment = experiment
    }

    /// A one-line description, for example `started End/E` or `completed Role → player`.
    public var description: String {
        let joined = path.joined(separator: "/")
        switch kind {
        case .started: return "started \(joined)"
        case .completed(let outcome): return "completed \(joined) → \(outcome)"
        case .failed(let message): return "failed \(joined): \(message)"
        case .cancelled: return "cancelled \(joined)"
        }
    }
}

extension SubflowEvent {
    /// The outcome name of a step's output; see ``Kind/completed(outcome:)``.
    static func outcomeName(of value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else { return "none" }
            return outcomeName(of: wrapped)
        case .enum:
            // A case with a payload reflects as one child labelled with the case name; a case
            // without one has no children and describes itself by its name.
            if let label = mirror.children.first?.label { return label }
            return String(describing: value)
        default:
            return "next"
        }
    }
}
