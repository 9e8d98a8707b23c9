import Foundation

/// Folders (and files) of the tests under the system's temporary folder, each with a new name, so
/// tests running at the same time never share one.
enum TemporaryFiles {
    /// How many tests hold a folder of ``with(_:_:)`` at once. Each holds a store or a server, and
    /// a SQLite store alone keeps several files open: with every test of the suite started at once,
    /// the test process had over 1,300 descriptors open within seconds, and Foundation's
    /// `Process.run()` crashed past that many. The others wait for a turn.
    static let turns = Turns(limit: 24)

    /// Whether the current task already holds a turn (a folder within a folder takes none).
    @TaskLocal static var holdsTurn = false

    /// A new path `TMP/waypoint-server-tests-LABEL-UUID`; nothing exists there yet.
    static func path(_ label: String = "data") -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("waypoint-server-tests-\(label)-\(UUID().uuidString)")
    }

    /// Runs `body` with a new path (see ``path(_:)``) and removes whatever is there afterwards,
    /// also when `body` throws; waits for one of ``turns`` first.
    nonisolated(nonsending) static func with<T>(
        _ label: String = "data", _ body: nonisolated(nonsending) (URL) async throws -> T
    ) async throws -> T {
        let directory = path(label)
        defer { try? FileManager.default.removeItem(at: directory) }
        if holdsTurn { return try await body(directory) }
        await turns.take()
        do {
            let result = try await $holdsTurn.withValue(true) { try await body(directory) }
            await turns.giveBack()
            return result
        } catch {
            await turns.giveBack()
            throw error
        }
    }

    /// A counting semaphore for tasks: at most `limit` turns are out at once, the rest wait in order.
    actor Turns {
        let limit: Int
        private var taken = 0
        private var waiting: [CheckedContinuation<Void, Never>] = []

        init(limit: Int) { self.limit = limit }

        func take() async {
            if taken < limit {
                taken += 1
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func giveBack() {
            if waiting.isEmpty {
                taken -= 1
            } else {
                waiting.removeFirst().resume()
            }
        }
    }
}
