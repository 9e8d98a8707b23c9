import Foundation
import Testing

/// Compares `actual` with the file `Snapshots/<name>`; set `WAYPOINT_RECORD_SNAPSHOTS=1` to re-record.
func assertSnapshot(
    _ actual: String, named name: String,
    filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    let file = directory.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["WAYPOINT_RECORD_SNAPSHOTS"] == "1" {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: file, options: .atomic)
        return
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
        Issue.record(
            "No snapshot at \(file.path); run `WAYPOINT_RECORD_SNAPSHOTS=1 swift test` to record it.",
            sourceLocation: sourceLocation)
        return
    }
    if expected != actual {
        let expectedLines = expected.components(separatedBy: "\n")
        let actualLines = actual.components(separatedBy: "\n")
        let firstDifference = Array(zip(expectedLines, actualLines)).firstIndex { $0.0 != $0.1 } ?? min(expectedLines.count, actualLines.count)
        Issue.record(
            """
            Output differs from \(name) at line \(firstDifference + 1):
              expected: \(firstDifference < expectedLines.count ? expectedLines[firstDifference] : "<end>")
              actual:   \(firstDifference < actualLines.count ? actualLines[firstDifference] : "<end>")
            Re-record with `WAYPOINT_RECORD_SNAPSHOTS=1 swift test` if the change is intended.
            """,
            sourceLocation: sourceLocation)
    }
}
