import Waypoint

extension LegoBricksExample {
    /// One analytics event of a run, as the library's `SubflowAnalytics` reported it, reduced to
    /// what the example shows.
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

        /// The record of a library analytics event.
        init(_ event: OnboardingEvent) {
            self.init(event: event.event.rawValue, stepId: event.stepID, outcome: event.outcome, variation: event.variation)
        }
    }
}
