import Foundation

/// Folders (and files) of the tests under the system's temporary folder, each with a new name, so
/// tests running at the same time never share one.
enum TemporaryFiles {
    /// A new path `TMP/waypoint-server-tests-LABEL-UUID`; nothing exists there yet.
    static func path(_ label: String = "data") -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("waypoint-server-tests-\(label)-\(UUID().uuidString)")
    }

    /// Runs `body` with a new path (see ``path(_:)``) and removes whatever is there afterwards,
    /// also when `body` throws.
    nonisolated(nonsending) static func with<T>(
        _ label: String = "data", _ body: nonisolated(nonsending) (URL) async throws -> T
    ) async throws -> T {
        let directory = path(label)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await body(directory)
    }
}
