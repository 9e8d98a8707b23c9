import WaypointTools

/// Every contribution an environment holds: its cells and each user's rows. It reads everything,
/// so it is for checks (the tests compare the two, and both with the events), never for a report.
public struct StoredContributions: Sendable {
    /// The cells, each as a row whose `startMs` is the start of its day (nil: users without a start).
    public var cells: [ContributionRow]
    /// Each user's rows, by user id (told apart by bytes, as the stores tell them).
    public var users: [ExactID: [ContributionRow]]

    /// Creates an environment's contributions.
    public init(cells: [ContributionRow], users: [ExactID: [ContributionRow]]) {
        self.cells = cells
        self.users = users
    }
}
