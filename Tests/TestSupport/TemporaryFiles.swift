import Foundation

/// Unique paths under the system's temporary folder, one per call, so tests running in parallel never share one.
package enum TemporaryFiles {
    /// A new, empty folder named after `prefix`.
    package static func directory(_ prefix: String) throws -> URL {
        let url = path(prefix)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A path for a file named after `prefix` with the extension `pathExtension`; nothing is created.
    package static func file(_ prefix: String, pathExtension: String) -> URL {
        path(prefix).appendingPathExtension(pathExtension)
    }

    /// A unique path named after `prefix`; nothing is created.
    package static func path(_ prefix: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("waypoint-\(prefix)-\(UUID().uuidString)")
    }
}
