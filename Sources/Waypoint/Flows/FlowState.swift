/// The state of one run of a flow, as a value: the visited path (the back stack), the outcome
/// chosen at each step, and whether the flow is completed.
///
/// `FlowState` is `Codable`, so it is what ``FlowNavigator`` saves and restores across launches.
/// Its events return the ``FlowEffect``s to carry out and never perform them; `FlowTester`, in
/// `WaypointTesting`, drives them in a test without any UI, store or clock.
public struct FlowState: Hashable, Sendable, Codable {
    /// The id of the flow this state belongs to.
    public let flowID: String
    /// The version of the flow definition the path was recorded against.
    public internal(set) var flowVersion: Int
    /// Every step visited and still on the back stack, oldest first; the last one is current.
    ///
    /// Skipped steps are not part of the path; going back removes the last visit.
    public internal(set) var path: [Visit]
    /// Whether the flow has ended successfully.
    public internal(set) var isCompleted: Bool
    /// The experiments this run was exposed to, in the order of exposure, so that a run restored
    /// after a relaunch neither exposes one again nor loses one (docs/ARCHITECTURE.md, "Exposure").
    ///
    /// `nil` only in progress saved by a version of Waypoint that did not record them; restoring
    /// such progress rebuilds them from the visited path.
    public internal(set) var exposures: [ExperimentAssignment]?

    /// Creates the state of a flow that has not started yet.
    package init(flowID: String, flowVersion: Int) {
        self.flowID = flowID
        self.flowVersion = flowVersion
        self.path = []
        self.isCompleted = false
        self.exposures = []
    }

    /// Creates the state of `definition`, not started yet.
    package init<Context>(for definition: FlowDefinition<Context>) {
        self.init(flowID: definition.id, flowVersion: definition.version)
    }

    /// Creates a state holding a visited path, as saved progress would: for tools that rebuild a
    /// user's saved progress from their analytics events and replay it with ``restoring(_:in:context:)``.
    ///
    /// `exposures` `nil` stands for progress saved before exposures were recorded: restoring rebuilds
    /// them from the path.
    package init(
        flowID: String, flowVersion: Int, path: [Visit], isCompleted: Bool = false, exposures: [ExperimentAssignment]? = nil
    ) {
        self.flowID = flowID
        self.flowVersion = flowVersion
        self.path = path
        self.isCompleted = isCompleted
        self.exposures = exposures
    }

    /// The current visit, or `nil` before the start and after completion.
    public var current: Visit? { isCompleted ? nil : path.last }

    /// Whether the flow was started (it may since have completed).
    @usableFromInline package var hasStarted: Bool { !path.isEmpty || isCompleted }

    /// Whether ``back()`` would succeed.
    package var canGoBack: Bool { !isCompleted && path.count > 1 }
}
