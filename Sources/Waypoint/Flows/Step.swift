/// One step of a flow: a screen to show, or a subflow to run, with the outcomes it accepts.
///
/// A step's ``id`` is explicit and stable: it is what is saved, restored and reported, so the same
/// screen may appear twice in a flow under two ids.
///
/// ```swift
/// Step("splash", screen: "Splash")
///     .on("login", to: "login")
///     .on("register", to: "registration")
///     .on("loggedIn", to: .complete)
/// Step("health").when { $0.healthDataAvailable }
/// Step("shared-end", subflow: endFlow)
/// ```
public struct Step<Context>: Sendable {
    /// The step's stable id, unique within its flow.
    public let id: String
    /// The name of the screen that presents the step; defaults to the id.
    public var screen: String
    /// The outcomes this step accepts, in declaration order, with where each leads.
    ///
    /// When empty, the step accepts `next`, which leads to the following step in declared order.
    @usableFromInline package var outcomes: [(name: String, target: Destination)]
    /// The condition under which the step is shown; `nil` means always.
    @usableFromInline package var condition: StepCondition<Context>?
    /// What the step's screen shows, texts in the user's locale (empty when the step has none).
    package var content: StepContent = .empty
    /// The flow this step runs, when the step is a subflow.
    @inlinable
    package var subflow: FlowDefinition<Context>? {
        get { subflowBox?.definition }
        set { subflowBox = newValue.map(SubflowBox.init) }
    }
    @usableFromInline var subflowBox: SubflowBox<Context>?

    /// Creates a screen step.
    public init(_ id: String, screen: String? = nil) {
        self.id = id
        self.screen = screen ?? id
        self.outcomes = []
    }

    /// Creates a step that runs `subflow` from its start; when the subflow completes, this step
    /// completes with the outcome `next`.
    public init(_ id: String, subflow: FlowDefinition<Context>) {
        self.init(id, screen: nil)
        self.subflow = subflow
    }

    /// Whether this step runs a subflow rather than showing a screen.
    @inlinable package var isSubflow: Bool { subflowBox != nil }

    /// The names of the outcomes this step accepts, in declaration order (`back` is always accepted too).
    @usableFromInline package var acceptedOutcomes: [String] {
        StepRoutes.acceptedOutcomes(declared: outcomes)
    }

    /// The target of an explicitly declared outcome, if any.
    @inlinable
    package func declaredDestination(for outcome: String) -> Destination? {
        outcomes.first(where: { $0.name == outcome })?.target
    }
}

extension Step {
    /// Returns a copy whose outcome `name` leads to `target` (a later declaration of the same name wins).
    public func on(_ name: String, to target: Destination) -> Step {
        var copy = self
        copy.outcomes.removeAll { $0.name == name }
        copy.outcomes.append((name, target))
        return copy
    }

    /// Returns a copy shown only when `predicate` holds for the context at the moment the step is entered.
    ///
    /// A step whose condition is false is skipped: navigation follows its `skip` outcome if it has
    /// one, otherwise its `next` outcome, otherwise declared order. Skipped steps are not part of
    /// the back stack.
    public func when(_ label: String? = nil, _ predicate: @escaping @Sendable (Context) -> Bool) -> Step {
        var copy = self
        copy.condition = StepCondition(label, predicate)
        return copy
    }

    /// Returns a copy whose screen shows `content`.
    public func content(_ content: StepContent) -> Step {
        var copy = self
        copy.content = content
        return copy
    }

    /// Returns a copy presented by the screen named `screen`.
    public func screen(_ screen: String) -> Step {
        var copy = self
        copy.screen = screen
        return copy
    }
}

/// The outcome names Waypoint gives a meaning to.
public enum Outcome {
    /// The default outcome: go on to the next step.
    @inlinable public static var next: String { "next" }
    /// Reserved: go back to the previous step of the visited path.
    @inlinable public static var back: String { "back" }
    /// Followed, when present, instead of `next` when a step's condition is false.
    @inlinable public static var skip: String { "skip" }
}

/// Boxes a subflow so that a step can hold a flow that holds steps.
@usableFromInline
final class SubflowBox<Context>: Sendable {
    @usableFromInline let definition: FlowDefinition<Context>
    @usableFromInline init(_ definition: FlowDefinition<Context>) { self.definition = definition }
}

/// A condition that decides, when the navigator is about to enter a step, whether the step is shown.
///
/// Conditions are evaluated lazily, against the context *at that moment*, never when the flow is built.
public struct StepCondition<Context>: Sendable {
    /// A short text describing the condition, shown in graphs and diagnostics.
    package let label: String?
    @usableFromInline let predicate: @Sendable (Context) -> Bool

    /// Creates a condition from a predicate over the context.
    public init(_ label: String? = nil, _ predicate: @escaping @Sendable (Context) -> Bool) {
        self.label = label
        self.predicate = predicate
    }

    /// Evaluates the condition against `context`.
    @inlinable
    package func evaluate(_ context: Context) -> Bool {
        predicate(context)
    }
}
