import Foundation
import WaypointTools

/// Fills the contribution tables from stored events read by app, environment, user and storage
/// order (docs/ARCHITECTURE.md, "Report contributions in the stores"): both stores' rebuild feeds it event by event
/// and writes what it hands back, so memory holds one user's events and a bounded number of cells.
struct ContributionRebuild {
    /// A finished user's rows, and (at the end of an app, or when enough have gathered) the
    /// cell differences summed so far, to add to the cells.
    struct Finished {
        var appID: String
        var rows: [StoredContribution]
        var cells: ContributionChanges?
    }

    /// How many events one page of a rebuild reads.
    static let pageSize = 5_000

    /// The most cell differences held before they are handed back.
    static let maxCells = 10_000

    /// The most users whose rows are summed into the held differences before they are handed
    /// back: a cell's sum grows with its users' durations, and the cells of one grouping are few
    /// (``ContributionRow/cellRows()``), so their count alone would let a whole app's sums gather.
    static let maxUsers = 10_000

    private var current: (appID: String, user: ContributionUser)?
    private var lines: [String] = []
    private var subjects: Set<ExactID> = []
    private var changes = ContributionChanges()
    /// The users summed into ``changes`` since they were last handed back.
    private var usersHeld = 0

    /// Takes the next event; `subject` is its flow id, or its walkthrough id when it has no flow
    /// (nil: neither, so it feeds no report row). Returns the previous user once all of their
    /// events were given.
    mutating func add(appID: String, user: ContributionUser, subject: String?, line: String) throws -> Finished? {
        var finished: Finished?
        if let current, current.appID != appID || current.user != user { finished = try finishUser(nextAppID: appID) }
        current = (appID, user)
        if let subject {
            subjects.insert(ExactID(subject))
            lines.append(line)
        }
        return finished
    }

    /// The last user and every cell difference left, after the last event.
    mutating func finish() throws -> Finished? {
        current == nil ? nil : try finishUser(nextAppID: nil)
    }

    private mutating func finishUser(nextAppID: String?) throws -> Finished {
        guard let (appID, user) = current else { preconditionFailure("finishUser without a user") }
        let rows = ContributionChanges.rows(lines: lines, subjects: subjects).map { StoredContribution(user: user, row: $0) }
        for row in rows { try changes.add(row, sign: 1) }
        usersHeld += 1
        lines = []
        subjects = []
        current = nil
        var cells: ContributionChanges?
        if nextAppID != appID || changes.cells.count >= Self.maxCells || usersHeld >= Self.maxUsers {
            cells = changes
            changes = ContributionChanges()
            usersHeld = 0
        }
        return Finished(appID: appID, rows: rows, cells: cells)
    }

    /// The `walkthroughId` of an event's stored line, if it has one (nil for a line that is not an event).
    static func walkthroughID(inLine line: String) -> String? {
        struct Fields: Decodable {
            var walkthroughId: String?
        }
        return (try? JSONDecoder().decode(Fields.self, from: Data(line.utf8)))?.walkthroughId
    }
}
