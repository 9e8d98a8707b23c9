/// A condition that decides, when the navigator is about to enter a step, whether the step is shown.
///
/// Conditions are evaluated lazily, against the context *at that moment*, never when the flow is built.
public struct StepCondition<Context>: Sendable {
    /// A short text describing the condition, shown in graphs and diagnostics.
    public let label: String?
    @usableFromInline let predicate: @Sendable (Context) -> Bool

    /// Creates a condition from a predicate over the context.
    public init(_ label: String? = nil, _ predicate: @escaping @Sendable (Context) -> Bool) {
        self.label = label
        self.predicate = predicate
    }

    /// Evaluates the condition against `context`.
    @inlinable
    public func evaluate(_ context: Context) -> Bool {
        predicate(context)
    }
}
