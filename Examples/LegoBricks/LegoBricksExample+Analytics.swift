import Waypoint

extension LegoBricksExample {
    /// One analytics event, named as Waypoint's declared flows name theirs.
    public struct AnalyticsRecord: Sendable, Hashable, CustomStringConvertible {
        /// `Flow Started`, `Step Viewed`, `Step Completed`, `Flow Completed` or `Flow Abandoned`.
        public var event: String
        /// The step, for step events and for the step a flow was abandoned at.
        public var stepId: String?
        /// The step's outcome (`player`, `notFound`, `next`), for `Step Completed`.
        public var outcome: String?
        /// The A/B variation of the end subflow, when the run had one.
        public var variation: String?

        /// Creates a record.
        public init(event: String, stepId: String? = nil, outcome: String? = nil, variation: String? = nil) {
            self.event = event
            self.stepId = stepId
            self.outcome = outcome
            self.variation = variation
        }

        /// For example `Step Completed Role → player`.
        public var description: String {
            [event, stepId, outcome.map { "→ \($0)" }].compactMap(\.self).joined(separator: " ")
        }
    }

    /// Turns the events of the composed onboarding into analytics records: the way a composed flow
    /// reports like a declared one.
    ///
    /// The outermost named subflow is the flow (`Flow Started`, `Flow Completed`, `Flow Abandoned`
    /// at the last step viewed); every step inside it is a step (`Step Viewed`, `Step Completed`
    /// with its outcome).
    public actor FlowAnalytics: SubflowObserver {
        /// The records so far, in order.
        public private(set) var records: [AnalyticsRecord] = []
        private let variation: String?
        private var lastViewed: String?

        /// Creates an observer tagging every record with `variation`.
        public init(variation: String? = nil) {
            self.variation = variation
        }

        /// Records `event`.
        public func receive(_ event: SubflowEvent) async {
            let isFlow = event.path.count == 1
            switch (event.kind, isFlow) {
            case (.started, true):
                record("Flow Started")
            case (.completed, true):
                record("Flow Completed")
            case (.failed, true), (.cancelled, true):
                record("Flow Abandoned", step: lastViewed)
            case (.started, false):
                lastViewed = event.name
                record("Step Viewed", step: event.name)
            case (.completed(let outcome), false):
                record("Step Completed", step: event.name, outcome: outcome)
            case (.failed, false), (.cancelled, false):
                break
            }
        }

        private func record(_ name: String, step: String? = nil, outcome: String? = nil) {
            records.append(AnalyticsRecord(event: name, stepId: step, outcome: outcome, variation: variation))
        }
    }
}
