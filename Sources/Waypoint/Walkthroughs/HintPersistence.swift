import Foundation

/// How the hint saga's record is kept in a ``ProgressStore``: one key holding a `Snapshot` whose
/// value is the ``HintRecord`` text, loaded and saved by the two functions below.
enum HintPersistence {
    /// The key of the hint record.
    static let key = "waypoint.hints"

    /// The outcome of loading the record.
    struct Load {
        /// The record (empty when nothing was saved or it was unreadable).
        var record = HintRecord()
        /// What was wrong, one message per problem; the affected entries start fresh.
        var problems: [String] = []
    }

    /// Loads the record; unreadable data is moved aside and reported, never thrown.
    static func load(from store: any ProgressStore) async -> Load {
        switch await store.loadSnapshot(String.self, forKey: key) {
        case .empty:
            return Load()
        case .recovered(let error):
            return Load(problems: [error.description])
        case .loaded(let snapshot):
            do {
                let decoded = try HintRecord.decode(Data(snapshot.value.utf8))
                return Load(record: decoded.record, problems: decoded.problems.map {
                    "Hint progress for key \"\(key)\" has a bad entry, \($0); that entry was dropped and starts fresh."
                })
            } catch {
                let problem = ProgressStoreError.corruptSnapshot(key: key, problem: "its hint record is unreadable: \(error)")
                let reported: ProgressStoreError
                do {
                    if let destination = try await store.quarantine(key: key) {
                        reported = problem.movedAside(to: destination)
                    } else {
                        reported = problem.nothingToMove()
                    }
                } catch {
                    reported = problem.leftInPlace(because: "\(error)")
                }
                return Load(problems: [reported.description])
            }
        }
    }

    /// Saves `state`'s record, stamped with `date`.
    static func save(_ state: HintState, at date: Date, to store: any ProgressStore) async throws {
        let text = String(decoding: HintRecord(
            progress: state.savedProgress.values.sorted { $0.walkthroughId < $1.walkthroughId },
            schedule: state.schedule,
            donations: state.donations
        ).encoded(), as: UTF8.self)
        try await store.saveSnapshot(text, forKey: key, at: date)
    }
}
