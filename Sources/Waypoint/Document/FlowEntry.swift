import Foundation

/// A flow of a ``WaypointDocument``: `{"id": "signup", "version": 1, "start": "splash", "steps": [...]}`.
///
/// Two entries may share an id when each names an `experiment` and one of its `variation`s: a user gets
/// the entry of the variation they are assigned to, and a user outside the experiment gets the entry of
/// the experiment's first variation.
public struct FlowEntry: Sendable, Hashable, Encodable {
    /// The flow's id.
    public var id: String
    /// The flow's version (default 1).
    public var version: Int
    /// The id of the first step; `nil` means the first step in document order.
    public var start: String? { didSet { routesMemo = RoutesMemo() } }
    /// The experiment this entry is a variation of.
    public var experiment: String?
    /// The variation of ``experiment`` this entry is used for.
    public var variation: String?
    /// The steps, in document order.
    public var steps: [FlowStepEntry] { didSet { routesMemo = RoutesMemo() } }
    /// The entry's ``routes``, once worked out: shared by its copies, replaced when its steps or
    /// start change.
    private var routesMemo = RoutesMemo()

    /// Creates a flow entry.
    package init(
        id: String, version: Int = 1, start: String? = nil,
        experiment: String? = nil, variation: String? = nil, steps: [FlowStepEntry]
    ) {
        self.id = id
        self.version = version
        self.start = start
        self.experiment = experiment
        self.variation = variation
        self.steps = steps
    }

    private enum CodingKeys: String, CodingKey { case id, version, start, experiment, variation, steps }

    /// Encodes the document form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(version, forKey: .version)
        try container.encodeIfPresent(start, forKey: .start)
        try container.encodeIfPresent(experiment, forKey: .experiment)
        try container.encodeIfPresent(variation, forKey: .variation)
        try container.encode(steps, forKey: .steps)
    }

    /// The id of the step the flow starts with: ``start``, or the first step's; `nil` for a flow without steps.
    package var startStepID: String? { start ?? steps.first?.id }
}

extension FlowEntry {
    /// Where each step leads, by the rules the runtime follows (``FlowDefinition`` builds the same
    /// table from its steps): what lint and the tools' graph of a flow are derived from.
    ///
    /// Worked out the first time it is asked for, then shared: linting a document and drawing or
    /// counting a flow's paths resolve its outcomes' targets once.
    package var routes: StepRoutes {
        routesMemo.routes {
            StepRoutes(steps.map { step in
                StepRoutes.Shape(
                    id: step.id, outcomes: (step.declaredOutcomes ?? []).lazy.map { (name: $0.name, target: $0.target) },
                    runsSubflow: step.subflow != nil)
            }, start: start)
        }
    }

    /// Holds an entry's routes once they are worked out; copies of the entry share it.
    ///
    /// It is no part of the entry's value: any two are equal, and it adds nothing to a hash.
    struct RoutesMemo: Sendable, Hashable {
        private final class Box: @unchecked Sendable {
            // @unchecked Sendable: `routes` is read and written only while `lock` is held.
            let lock = NSLock()
            var routes: StepRoutes?
        }

        private let box = Box()

        /// The routes held, or those `make` works out, then held.
        func routes(_ make: () -> StepRoutes) -> StepRoutes {
            box.lock.lock()
            defer { box.lock.unlock() }
            if let routes = box.routes { return routes }
            let routes = make()
            box.routes = routes
            return routes
        }

        static func == (lhs: RoutesMemo, rhs: RoutesMemo) -> Bool { true }

        func hash(into hasher: inout Hasher) {}
    }
}
