import Foundation

/// How the hint saga's record is kept in a ``ProgressStore``: one key, and one small pair of
/// functions to load and save it (the single place to change when the store's format changes).
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
        let data: Data?
        do {
            data = try await store.data(forKey: key)
        } catch {
            return Load(problems: ["Could not read hint progress under '\(key)' (\(error)); every walkthrough starts fresh. Check the store's permissions and free space."])
        }
        guard let data else { return Load() }
        do {
            let decoded = try HintRecord.decode(data)
            return Load(record: decoded.record, problems: decoded.problems.map {
                "Saved hint progress under '\(key)', \($0); that entry was dropped and starts fresh."
            })
        } catch {
            let movedTo = try? await store.quarantine(key: key)
            let kept = movedTo.flatMap { $0 }.map { "it was moved to '\($0)'" } ?? "it could not be moved aside"
            return Load(problems: ["Saved hint progress under '\(key)' is corrupt (\(error)); \(kept) and every walkthrough starts fresh."])
        }
    }

    /// The bytes to save for `state`.
    static func encode(_ state: HintState) -> Data {
        HintRecord(
            progress: state.savedProgress.values.sorted { $0.walkthroughId < $1.walkthroughId },
            schedule: state.schedule,
            donations: state.donations
        ).encoded()
    }
}
