import Foundation
import Testing

/// Compares text a test produced with a file committed beside the test, as argument-parser's
/// snapshot tests do; `WAYPOINT_RECORD_SNAPSHOTS=1 swift test` writes the files instead.
package enum Snapshot {
    /// Whether this run records snapshots instead of comparing them.
    package static var isRecording: Bool {
        ProcessInfo.processInfo.environment["WAYPOINT_RECORD_SNAPSHOTS"] == "1"
    }

    /// The file `Snapshots/<name>` beside the test file at `filePath`.
    package static func file(named name: String, besides filePath: String) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent()
            .appendingPathComponent("Snapshots").appendingPathComponent(name)
    }
}

/// Records an issue unless `actual` equals the snapshot `Snapshots/<name>` beside the calling test
/// file (or `file`, when given); the issue names the first line that differs.
package func assertSnapshot(
    _ actual: String, named name: String, file: URL? = nil,
    filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let url = file ?? Snapshot.file(named: name, besides: filePath)
    if Snapshot.isRecording {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: url, options: .atomic)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record(
            "No snapshot at \(url.path); run `WAYPOINT_RECORD_SNAPSHOTS=1 swift test` to record it.",
            sourceLocation: sourceLocation)
        return
    }
    guard expected != actual else { return }
    let expectedLines = expected.components(separatedBy: "\n")
    let actualLines = actual.components(separatedBy: "\n")
    let index = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(expectedLines.count, actualLines.count)
    Issue.record(
        """
        \(name) differs at line \(index + 1):
          expected: \(index < expectedLines.count ? expectedLines[index] : "<end>")
          actual:   \(index < actualLines.count ? actualLines[index] : "<end>")
        Re-record with `WAYPOINT_RECORD_SNAPSHOTS=1 swift test` if the change is intended.
        """,
        sourceLocation: sourceLocation)
}
