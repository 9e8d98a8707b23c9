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
        /// `id` in the form flow states hold it.
        @usableFromInline let compactID: CompactString
        @usableFromInline let version: Int
        @usableFromInline let start: String?
        /// The builder of a context-dependent flow, run again at every navigation decision; `nil`
        /// when the steps are fixed.
        @usableFromInline let build: (@Sendable (Context) -> [Step<Context>])?
        /// The steps when they are fixed (`build` is `nil`); an empty list otherwise.
        @usableFromInline let fixedList: StepList<Context>
        /// The position of the start step in `fixedList`, when it names a step there.
        @usableFromInline let fixedStartPosition: Int?

        @usableFromInline
        init(id: String, version: Int, start: String?, fixed: [Step<Context>], build: (@Sendable (Context) -> [Step<Context>])?) {
            self.id = id
            self.compactID = CompactString(id)
            self.version = version
            self.start = start
            self.build = build
            let list = StepList(fixed)
            fixedList = list
            fixedStartPosition = list.startID(declared: start).flatMap(list.position(of:))
        }

        /// Whether the steps are fixed rather than built from the context.
        @inlinable var isFixed: Bool { build == nil }
    }

    /// The flow's stable id, used for persistence and analytics.
    @inlinable public var id: String { storage.id }
    /// The flow's version; bump it when a change should be visible in saved progress and analytics.
    @inlinable public var version: Int { storage.version }
    /// The id of the first step; `nil` means the first declared step.
    @inlinable public var start: String? { storage.start }

    /// Creates a flow from a fixed list of steps.
    public init(id: String, version: Int = 1, start: String? = nil, steps: [Step<Context>]) {
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
    public var isContextDependent: Bool { !storage.isFixed }

    /// The steps in declared order, for the given context.
    ///
    /// For a flow declared without a context parameter the context is not used.
    public func steps(for context: Context) -> [Step<Context>] {
        stepList(for: context).steps
    }

    /// The steps in declared order, when they do not depend on the context; `nil` otherwise.
    public var fixedSteps: [Step<Context>]? { storage.isFixed ? storage.fixedList.steps : nil }

    @inlinable
    func stepList(for context: Context) -> StepList<Context> {
        if let build = storage.build { return StepList(build(context)) }
        return storage.fixedList
    }
}

/// Declares a flow; the same type as ``FlowDefinition``, named for reading in a builder.
public typealias Flow<Context> = FlowDefinition<Context>

/// Steps with an index from id to position, built once per evaluation; copies share one reference.
@usableFromInline
struct StepList<Context>: Sendable {
    @usableFromInline let storage: Storage

    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let steps: [Step<Context>]
        /// The step ids in declared order, in the form visits hold them, for a linear search in
        /// short lists.
        @usableFromInline let compactIDs: [CompactString]
        /// The position of each id, for long lists (`nil` for short ones, where a scan is faster).
        @usableFromInline let compactPositions: [CompactString: Int]?
        /// Whether every id names one step only, so a position remembered for an id is the id's position.
        @usableFromInline let idsAreUnique: Bool
        /// Whether the step at each position is shown as soon as it is reached: a screen step
        /// without a condition.
        @usableFromInline let isPlainScreen: [Bool]
        /// The outcomes of every step, resolved once: those of the step at position `p` are at
        /// `outcomeStart[p]..<outcomeStart[p + 1]` in `outcomeNames` and `outcomeTargets`.
        @usableFromInline let outcomeStart: [Int]
        @usableFromInline let outcomeNames: [String]
        /// `outcomeNames` in the form departures hold them.
        @usableFromInline let compactOutcomeNames: [CompactString]
        /// Where each outcome leads: a position, ``StepList/completes``, or ``StepList/unresolved``
        /// for a step id this list does not declare.
        @usableFromInline let outcomeTargets: [Int]

        @usableFromInline
        init(steps: [Step<Context>]) {
            self.steps = steps
            let compactIDs = steps.map { CompactString($0.id) }
            self.compactIDs = compactIDs
            let positions = compactIDs.count > StepList.linearSearchLimit
                ? Dictionary(compactIDs.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
                : nil
            self.compactPositions = positions
            func position(of id: String) -> Int? {
                StepList.position(of: CompactString(id), in: compactIDs, index: positions)
            }
            idsAreUnique = Set(compactIDs).count == compactIDs.count
            isPlainScreen = steps.map { !$0.isSubflow && $0.condition == nil }
            var outcomeStart: [Int] = []
            var outcomeNames: [String] = []
            var outcomeTargets: [Int] = []
            outcomeStart.reserveCapacity(steps.count + 1)
            for (offset, step) in steps.enumerated() {
                outcomeStart.append(outcomeNames.count)
                let declared: [(name: String, target: Target)] = step.outcomes.isEmpty
                    ? [(Outcome.next, offset + 1 < steps.count ? .step(steps[offset + 1].id) : .complete)]
                    : step.outcomes
                for (name, target) in declared {
                    outcomeNames.append(name)
                    switch target {
                    case .complete: outcomeTargets.append(StepList.completes)
                    case .step(let id): outcomeTargets.append(position(of: id) ?? StepList.unresolved)
                    }
                }
            }
            outcomeStart.append(outcomeNames.count)
            self.outcomeStart = outcomeStart
            self.outcomeNames = outcomeNames
            self.compactOutcomeNames = outcomeNames.map(CompactString.init)
            self.outcomeTargets = outcomeTargets
        }
    }

    /// A resolved outcome target meaning the flow completes.
    @inlinable static var completes: Int { -1 }
    /// A resolved outcome target naming a step id the list does not declare.
    @inlinable static var unresolved: Int { -2 }

    /// The position of the step whose id is `text`.
    @inlinable
    func position(ofText text: CompactString) -> Int? {
        Self.position(of: text, in: storage.compactIDs, index: storage.compactPositions)
    }

    /// The position of `text` in `ids`, through `index` when the list is long enough to have one.
    @inlinable @inline(__always)
    static func position(of text: CompactString, in ids: [CompactString], index: [CompactString: Int]?) -> Int? {
        if let index { return index[text] }
        return ids.firstIndex(of: text)
    }

    /// The position of the step with the visit's id, using the position remembered in the visit
    /// when it still names that id here.
    @inlinable @inline(__always)
    func position(of visit: Visit) -> Int? {
        let hint = Int(visit.positionHint)
        if storage.idsAreUnique, hint >= 0, hint < storage.compactIDs.count, storage.compactIDs[hint] == visit.path.text {
            return hint
        }
        return position(ofText: visit.pathText)
    }

    /// The index, in the resolved outcomes, of `outcome` declared by the step at `position`
    /// (its target is `storage.outcomeTargets[index]`); `nil` when the step does not accept it.
    @inlinable @inline(__always)
    func resolvedOutcome(from position: Int, named outcome: String) -> Int? {
        let storage = storage
        var index = storage.outcomeStart[position]
        let end = storage.outcomeStart[position + 1]
        while index < end {
            if storage.outcomeNames[index] == outcome { return index }
            index += 1
        }
        return nil
    }

    /// Lists up to this long are searched linearly: comparing a few short ids is cheaper than hashing one.
    @inlinable static var linearSearchLimit: Int { 16 }

    @usableFromInline
    init(_ steps: [Step<Context>]) {
        storage = Storage(steps: steps)
    }

    @inlinable var steps: [Step<Context>] { storage.steps }

    @inlinable
    func position(of id: String) -> Int? { position(ofText: CompactString(id)) }

    @inlinable
    func condition(at position: Int) -> StepCondition<Context>? { storage.steps[position].condition }

    @inlinable
    func subflow(at position: Int) -> FlowDefinition<Context>? { storage.steps[position].subflow }

    @inlinable
    func isSubflow(at position: Int) -> Bool { storage.steps[position].isSubflow }

    @inlinable
    func step(_ id: String) -> Step<Context>? {
        position(of: id).map { storage.steps[$0] }
    }

    /// The declared start step's id, or the first step's.
    @inlinable
    func startID(declared: String?) -> String? {
        declared ?? steps.first?.id
    }

    /// Where `outcome` leads from the step at `position`, or `nil` when the step does not accept it.
    @inlinable
    func target(from position: Int, outcome: String) -> Target? {
        let outcomes = storage.steps[position].outcomes
        if outcomes.isEmpty {
            guard outcome == Outcome.next else { return nil }
            return following(position)
        }
        for declared in outcomes where declared.name == outcome { return declared.target }
        return nil
    }

    /// The step after `position` in declared order, or completion after the last.
    @inlinable
    func following(_ position: Int) -> Target {
        position + 1 < storage.steps.count ? .step(storage.steps[position + 1].id) : .complete
    }

    /// Where a skipped step leads: `skip`, else `next`, else declared order.
    @inlinable
    func skipTarget(from position: Int) -> Target {
        let step = steps[position]
        return step.declaredTarget(for: Outcome.skip)
            ?? step.declaredTarget(for: Outcome.next)
            ?? following(position)
    }
}
