/// Where the users who are mid-flow would land if a candidate revision were published (see ``RevisionPreview``).
///
/// Every user mid-flow is counted once: ``resumed``, ``truncated``, ``discarded`` or ``fresh``.
///
/// ```json
/// {"users":4,"resumed":[{"step":"login","users":1}],"truncated":[{"step":"splash","users":2,"droppedVisits":3}],
///  "discarded":1,"fresh":0,"reassigned":0}
/// ```
public struct InFlightUsers: Sendable, Hashable, Codable {
    /// Users resumed at one step.
    public struct Resumed: Sendable, Hashable, Codable {
        /// The step they are on and stay on (a subflow's step as `subflowStep/innerStep`).
        public var step: String
        /// How many users.
        public var users: Int

        /// Creates a count.
        public init(step: String, users: Int) {
            self.step = step
            self.users = users
        }
    }

    /// Users whose path is cut back to one step.
    public struct Truncated: Sendable, Hashable, Codable {
        /// The step they would land on: the last visit the candidate still allows.
        public var step: String
        /// How many users.
        public var users: Int
        /// The visits dropped from their paths, in total.
        public var droppedVisits: Int

        /// Creates a count.
        public init(step: String, users: Int, droppedVisits: Int) {
            self.step = step
            self.users = users
            self.droppedVisits = droppedVisits
        }
    }

    /// Users mid-flow: their latest `Flow Started` has no later `Flow Completed` or `Flow Abandoned`.
    public var users: Int
    /// Users whose whole path is still valid, by the step they are on; in the candidate's step order,
    /// then steps it does not declare (custom steps), sorted.
    public var resumed: [Resumed]
    /// Users who keep part of their path, by the step they would land on; ordered as ``resumed``.
    public var truncated: [Truncated]
    /// Users who keep nothing and start over: the candidate allows not even their first visit, or it
    /// lacks the flow (or cannot build it: a subflow naming no flow, a subflow circle).
    public var discarded: Int
    /// Users with no step to keep on either revision (no step viewed yet, or the published revision
    /// already set their path aside): they start from the beginning whatever is published.
    public var fresh: Int
    /// Users whose experiment variation has no entry of the flow in the candidate: they were replayed
    /// against the entry a user outside the experiment gets (also counted in the figures above).
    public var reassigned: Int

    /// Creates the figures.
    public init(
        users: Int = 0, resumed: [Resumed] = [], truncated: [Truncated] = [], discarded: Int = 0, fresh: Int = 0,
        reassigned: Int = 0
    ) {
        self.users = users
        self.resumed = resumed
        self.truncated = truncated
        self.discarded = discarded
        self.fresh = fresh
        self.reassigned = reassigned
    }

    /// Whether publishing would make any of these users start over having lost progress.
    public var wouldDiscardUsers: Bool { discarded > 0 }
}
