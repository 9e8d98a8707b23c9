/// Builds the list of steps of a flow from a closure, in declared order.
///
/// `if`, `if`/`else`, `switch` and `for` are supported. In a builder closure that takes the context
/// (`{ context in … }`), they are evaluated lazily: the closure runs again each time the navigator
/// decides where to go, against the context at that moment.
@resultBuilder
public enum FlowBuilder<Context> {
    public static func buildExpression(_ step: Step<Context>) -> [Step<Context>] { [step] }
    public static func buildExpression(_ steps: [Step<Context>]) -> [Step<Context>] { steps }
    public static func buildBlock(_ parts: [Step<Context>]...) -> [Step<Context>] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Step<Context>]?) -> [Step<Context>] { part ?? [] }
    public static func buildEither(first part: [Step<Context>]) -> [Step<Context>] { part }
    public static func buildEither(second part: [Step<Context>]) -> [Step<Context>] { part }
    public static func buildArray(_ parts: [[Step<Context>]]) -> [Step<Context>] { parts.flatMap { $0 } }
    public static func buildLimitedAvailability(_ part: [Step<Context>]) -> [Step<Context>] { part }
}
