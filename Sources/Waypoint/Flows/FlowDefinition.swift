/// A declared onboarding flow: ordered steps with stable ids, outcomes, conditions and subflows.
///
/// Declare a flow the way the product requirement reads it:
///
/// ```swift
/// struct Onboarding: Sendable { var healthDataAvailable = false; var notificationsAuthorized: Bool? }
///
/// let onboarding = Flow<Onboarding>("onboarding", version: 2) {
///     Step("welcome")
///     Step("modules", screen: "InterestingModules")
///     Step("health").when { $0.healthDataAvailable }
///     Step("notifications").when { $0.notificationsAuthorized != true }
///     Step("done")
/// }
/// ```
///
/// A flow whose very list of steps depends on the context takes the context in its builder; the
/// builder runs again, lazily, each time the navigator decides where to go:
///
/// ```swift
/// let signup = Flow<Account>("signup") { account in
///     Step("welcome")
///     if account.isInvited { Step("accept-invite") } else { Step("create-team") }
/// }
/// ```
///
/// Semantics follow the document format: a step without outcomes goes, on `next`, to the following
/// step in declared order, and the last such step completes the flow; a step whose condition is
/// false is skipped; a subflow step runs another flow and continues with `next` when it completes.
public struct FlowDefinition<Context>: Sendable {
    /// Everything about the flow, behind one reference so that copies are cheap.
    @usableFromInline let storage: Storage

    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let id: String
        @usableFromInline let version: Int
        @usableFromInline let start: String?
        /// The builder of a context-dependent flow, run again at every navigation decision; `nil`
        /// when the steps are fixed.
        @usableFromInline let build: (@Sendable (Context) -> [Step<Context>])?
        /// The steps when they are fixed (`build` is `nil`); an empty list otherwise.
        @usableFromInline let fixedList: StepList<Context>

        init(id: String, version: Int, start: String?, fixed: [Step<Context>], build: (@Sendable (Context) -> [Step<Context>])?) {
            self.id = id
            self.version = version
            self.start = start
            self.build = build
            fixedList = StepList(fixed, start: start)
        }
    }

    /// The flow's stable id, used for persistence and analytics.
    public var id: String { storage.id }
    /// The flow's version; bump it when a change should be visible in saved progress and analytics.
    public var version: Int { storage.version }
    /// The id of the first step; `nil` means the first declared step.
    package var start: String? { storage.start }
    /// The experiment this flow was chosen by and the user's variation, when the user takes part
    /// in one; analytics attach it to every event of a run from its exposure on: the run's
    /// `Flow Started` for the flow itself, entering the subflow step for a flow run as a subflow.
    ///
    /// ``WaypointDocument/resolve(attributes:savedGroups:forcedVariations:preferredLanguages:)`` sets it (on subflows
    /// too); a flow declared in code sets it when an experiment of the app's picked it.
    public var experiment: ExperimentAssignment?
    /// The experiments that change some of this flow's steps (`changes`) and that the user takes
    /// part in, in document order: a run is exposed to each when it first enters or skips one of its
    /// ``StepExperiment/changedSteps``, and for a flow run as a subflow, when the run enters or skips
    /// such a step of it.
    ///
    /// ``WaypointDocument/resolve(attributes:savedGroups:forcedVariations:preferredLanguages:)`` sets them, after
    /// applying the user's variation's changes to the steps.
    public var stepExperiments: [StepExperiment] = []
    /// The server revision of the document this flow was resolved from (see
    /// ``WaypointDocument/revision``); ``FlowAnalytics`` writes it as `revision` on every event of the
    /// run. `nil` for a bundled document or a flow declared in code.
    public var revision: Int?
    /// The locale its text is shown in (``TextLocalization``'s choice among the document's locales,
    /// set by ``WaypointDocument/resolve(attributes:savedGroups:forcedVariations:preferredLanguages:)``);
    /// ``FlowAnalytics`` writes it as `locale` on every event of the run. `nil` for a document
    /// without localized text or a flow declared in code.
    public var locale: String?

    /// Creates a flow from a fixed list of steps.
    package init(id: String, version: Int = 1, start: String? = nil, steps: [Step<Context>]) {
        storage = Storage(id: id, version: version, start: start, fixed: steps, build: nil)
    }

    /// Creates a flow whose steps are declared once, in a builder.
    public init(
        _ id: String, version: Int = 1, start: String? = nil,
        @FlowBuilder<Context> steps: () -> [Step<Context>]
    ) {
        self.init(id: id, version: version, start: start, steps: steps())
    }

    /// Creates a flow whose builder takes the context and runs again, lazily, at every navigation decision.
    public init(
        _ id: String, version: Int = 1, start: String? = nil,
        @FlowBuilder<Context> steps: @escaping @Sendable (Context) -> [Step<Context>]
    ) {
        storage = Storage(id: id, version: version, start: start, fixed: [], build: steps)
    }

    /// Whether the list of steps depends on the context (the builder takes it).
    package var isContextDependent: Bool { storage.build != nil }

    /// The steps in declared order, for the given context.
    ///
    /// For a flow declared without a context parameter the context is not used.
    package func steps(for context: Context) -> [Step<Context>] {
        stepList(for: context).steps
    }

    /// The steps in declared order, when they do not depend on the context; `nil` otherwise.
    package var fixedSteps: [Step<Context>]? { isContextDependent ? nil : storage.fixedList.steps }

    /// The step at `path` (`"shared-end/consent"` inside a subflow), as declared for `context`.
    package func step(at path: StepPath, context: Context) -> Step<Context>? {
        let walker = FlowWalker(root: self, context: context)
        guard let levels = walker.levels(for: path) ?? walker.levels(for: path, subflowStep: true) else { return nil }
        let leaf = levels.last
        return leaf.list.steps[leaf.position]
    }

    @inlinable
    func stepList(for context: Context) -> StepList<Context> {
        if let build = storage.build { return StepList(build(context), start: storage.start) }
        return storage.fixedList
    }
}

/// Declares a flow; the same type as ``FlowDefinition``, named for reading in a builder.
public typealias Flow<Context> = FlowDefinition<Context>

/// A flow's steps as declared for one context, with their routes.
@usableFromInline
final class StepList<Context>: Sendable {
    @usableFromInline let steps: [Step<Context>]
    @usableFromInline let routes: StepRoutes

    @usableFromInline
    init(_ steps: [Step<Context>], start: String?) {
        self.steps = steps
        routes = StepRoutes(steps.map { StepRoutes.Shape(id: $0.id, outcomes: $0.outcomes, runsSubflow: $0.isSubflow) }, start: start)
    }
}

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
