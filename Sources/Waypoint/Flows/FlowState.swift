/// The state of one run of a flow, as a value: the visited path (the back stack), the outcome
/// chosen at each step, and whether the flow is completed.
///
/// `FlowState` is `Codable`, so it is what ``FlowNavigator`` saves and restores across launches.
/// Each event is a `mutating` method that returns the ``FlowEffect``s to carry out and never
/// performs them itself, so a test drives a flow without any UI, store or clock:
///
/// ```swift
/// var state = FlowState(for: signup)
/// _ = try state.start(in: signup, context: user)
/// let effects = try state.next("register", in: signup, context: user)
/// #expect(state.current?.path == "registration")
/// ```
public struct FlowState: Hashable, Sendable, Codable {
    /// The storage of ``flowID``, held without reference counting.
    @usableFromInline let flowText: CompactString
    /// The id of the flow this state belongs to.
    public var flowID: String { flowText.string }
    /// The version of the flow definition the path was recorded against.
    public internal(set) var flowVersion: Int
    /// The storage of ``path``, changed in place by the (inlinable) events.
    @usableFromInline var visits: [Visit]
    /// The storage of ``isCompleted``.
    @usableFromInline var completed: Bool

    /// Every step visited and still on the back stack, oldest first; the last one is current.
    ///
    /// Skipped steps are not part of the path; going back removes the last visit.
    @inlinable public var path: [Visit] { visits }
    /// Whether the flow has ended successfully.
    @inlinable public var isCompleted: Bool { completed }

    private enum CodingKeys: String, CodingKey { case flowID, flowVersion, path, isCompleted }

    /// Creates the state of a flow that has not started yet.
    public init(flowID: String, flowVersion: Int) {
        self.init(flowText: CompactString(flowID), flowVersion: flowVersion)
    }

    @usableFromInline
    init(flowText: CompactString, flowVersion: Int) {
        self.flowText = flowText
        self.flowVersion = flowVersion
        self.visits = []
        self.completed = false
    }

    /// Creates the state of `definition`, not started yet.
    @inlinable
    public init<Context>(for definition: FlowDefinition<Context>) {
        self.init(flowText: definition.storage.compactID, flowVersion: definition.storage.version)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        flowText = CompactString(try container.decode(String.self, forKey: .flowID))
        flowVersion = try container.decode(Int.self, forKey: .flowVersion)
        visits = try container.decode([Visit].self, forKey: .path)
        completed = try container.decode(Bool.self, forKey: .isCompleted)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(flowID, forKey: .flowID)
        try container.encode(flowVersion, forKey: .flowVersion)
        try container.encode(visits, forKey: .path)
        try container.encode(completed, forKey: .isCompleted)
    }

    /// The current visit, or `nil` before the start and after completion.
    @inlinable public var current: Visit? { completed ? nil : visits.last }

    /// Whether the flow was started (it may since have completed).
    @inlinable public var hasStarted: Bool { !visits.isEmpty || completed }

    /// Whether ``back()`` would succeed.
    @inlinable public var canGoBack: Bool { !completed && visits.count > 1 }
}
